// A notice (docs/api.md "Reports, the moderation queue, appeals and transparency", DSA
// Art. 16): a signed-in user reports an item. One transaction: the item's row is
// share-locked (decisions wait, reports do not wait on each other), the report inserted
// unless the reporter has an open one (partial unique index), the item's queue row created
// or counted up in one upsert (so a thousand reports at once leave one row whose count is
// exactly a thousand), and the audit entry.
import type { PayloadRequest } from 'payload'

import type { ReportableType } from '../../../domain/content-types'
import type { ReportReason } from '../../../domain/reports'
import { writeAudit } from '../../../hooks/shared/audit'
import { emitEvent } from '../../../hooks/shared/webhookEvents'
import { runIn, statement } from '../../lib/prepared'
import { hit, release } from '../../lib/rate-limit'
import { settings } from '../../lib/settings'
import { inTransaction } from '../../lib/transaction'
import { authorOf, excerptOf, lockItem, statusOf, typeOf, visibleItem } from './content'
import { reportErrors, requireSignedIn } from './errors'

export interface ReportInput {
  postType: ReportableType
  postId: string
  reason: ReportReason
  details: string | null
}

export interface ReportView {
  id: string
  postType: ReportableType
  postId: string
  reason: ReportReason
  status: 'open'
  createdAt: string
}

const INSERT_REPORT = statement(
  'report-insert',
  `INSERT INTO content_reports (post_type, post_id, reporter_id, reason, details, status, updated_at, created_at)
   VALUES ($1, $2, $3, $4, $5, 'open', $6, $6)
   ON CONFLICT (reporter_id, post_type, post_id) WHERE status = 'open' DO NOTHING
   RETURNING id`,
)

// The queue row of the item: new with this report, or counted up (reasons per reason).
const UPSERT_QUEUE = statement(
  'report-queue-upsert',
  `INSERT INTO report_queue (post_type, post_id, status, item_status, author_id, excerpt, reports, reasons, first_reported_at, updated_at, created_at)
   VALUES ($1, $2, 'open', $3, $4, $5, 1, jsonb_build_object($6::text, 1), $7, $7, $7)
   ON CONFLICT (post_type, post_id) WHERE status = 'open' DO UPDATE SET
     reports = report_queue.reports + 1,
     reasons = report_queue.reasons || jsonb_build_object($6::text, COALESCE((report_queue.reasons ->> $6::text)::int, 0) + 1),
     item_status = EXCLUDED.item_status,
     updated_at = $7`,
)

export async function createReport(req: PayloadRequest, input: ReportInput): Promise<{ report: ReportView }> {
  const reporter = requireSignedIn(req)
  // The counter is PostgreSQL's (rate_limits), so it holds across restarts and instances. It
  // is taken before the transaction, on a connection of its own: inside, a storm of reports
  // holding every pooled connection would wait for one more. A refused report gives its unit
  // back, so only reports made count.
  const key = `reports:user:${reporter.id}`
  const limit = await hit(req.payload, key, settings().rateLimits.reportsPerUser)
  if (limit.limited) throw reportErrors.tooMany(limit.retryAfter)
  try {
    return await reportInTransaction(req, input, reporter.id)
  } catch (error) {
    await release(req.payload, key)
    throw error
  }
}

async function reportInTransaction(
  req: PayloadRequest,
  input: ReportInput,
  reporterId: string | number,
): Promise<{ report: ReportView }> {
  const type = typeOf(input.postType)
  return inTransaction(req, async () => {
    const exists = await lockItem(req, type, input.postId, 'share')
    const doc = exists ? await visibleItem(req, type, input.postId) : null
    const status = doc ? statusOf(type, doc) : null
    if (!doc || status === 'deleted') throw reportErrors.notFound()
    const authorId = authorOf(type, doc)
    if (authorId !== null && authorId === String(reporterId)) throw reportErrors.selfReport()

    const now = new Date().toISOString()
    const inserted = await runIn<{ id: string }>(req, INSERT_REPORT, [
      input.postType,
      input.postId,
      reporterId,
      input.reason,
      input.details,
      now,
    ])
    const id = inserted.rows[0]?.id
    if (!id) throw reportErrors.reportExists()
    await writeAudit(req, {
      action: 'content_reported',
      targetType: input.postType,
      targetId: input.postId,
      data: { reportId: id, postType: input.postType, reason: input.reason, authorId },
    })
    // Last: every report of the item waits for this row's lock until its commit.
    await runIn(req, UPSERT_QUEUE, [input.postType, input.postId, status, authorId, excerptOf(doc), input.reason, now])
    const report = {
      id,
      postType: input.postType,
      postId: input.postId,
      reason: input.reason,
      status: 'open' as const,
      createdAt: now,
    }
    // Keyed by the item, as the decisions on it: its events arrive in order.
    await emitEvent(
      req,
      'report.created',
      { type: input.postType, id: input.postId },
      { ...report, details: input.details ?? null },
    )
    return { report }
  })
}
