// The moderation queue (docs/api.md "Reports, the moderation queue, appeals and
// transparency"): items with open reports, oldest first report first. One statement: the
// page is a range scan of a partial index over open queue rows (report_queue_open_order, or
// _type_order with a postType), and the unfiltered total is the list_counts triggers'
// number, so neither grows with the number of reports or of items.
import type { PayloadRequest } from 'payload'

import type { ReportableType } from '../../../domain/content-types'
import type { Pagination } from '../../lib/http/pagination'
import { run, statement } from '../../lib/prepared'
import { requireStaff } from './errors'

export interface QueueItem {
  postType: string
  postId: string
  status: string | null
  authorId: string | null
  excerpt: string
  reports: number
  reasons: Record<string, number>
  firstReportedAt: string
}

const ITEMS = `
  SELECT post_type AS "postType", post_id AS "postId", item_status AS status, author_id AS "authorId",
         COALESCE(excerpt, '') AS excerpt, reports::int AS reports, reasons,
         to_char(first_reported_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "firstReportedAt"
  FROM report_queue`

/** Exported for the bench's limit server (bench/limit-server.ts), which runs the same statement. */
export const QUEUE_PAGE = statement(
  'report-queue-page',
  `SELECT (SELECT COALESCE(sum(n), 0)::int FROM list_counts WHERE list = 'report_queue' AND status = 'open') AS total,
          (SELECT COALESCE(json_agg(page), '[]'::json) FROM (
             ${ITEMS} WHERE status = 'open' ORDER BY first_reported_at, id LIMIT $1 OFFSET $2
          ) page) AS items`,
)

const QUEUE_PAGE_OF_TYPE = statement(
  'report-queue-page-of-type',
  `SELECT (SELECT count(*)::int FROM report_queue WHERE status = 'open' AND post_type = $3) AS total,
          (SELECT COALESCE(json_agg(page), '[]'::json) FROM (
             ${ITEMS} WHERE status = 'open' AND post_type = $3 ORDER BY first_reported_at, id LIMIT $1 OFFSET $2
          ) page) AS items`,
)

export async function moderationQueue(
  req: PayloadRequest,
  filter: { postType?: ReportableType },
  pagination: Pagination,
) {
  requireStaff(req, 'moderation.queue')
  const offset = (pagination.page - 1) * pagination.perPage
  const { rows } = filter.postType
    ? await run<{ total: number; items: QueueItem[] }>(req.payload, QUEUE_PAGE_OF_TYPE, [
        pagination.perPage,
        offset,
        filter.postType,
      ])
    : await run<{ total: number; items: QueueItem[] }>(req.payload, QUEUE_PAGE, [pagination.perPage, offset])
  return { items: rows[0]?.items ?? [], total: rows[0]?.total ?? 0 }
}
