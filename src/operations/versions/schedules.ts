// Scheduled publications waiting in Payload's jobs (docs/api.md "Scheduled publishing"): a job of the
// `schedulePublish` task per schedule, not yet done.
import type { PayloadRequest } from 'payload'

import { execute, sql } from '../../lib/sql'

export const SCHEDULE_PUBLISH_TASK = 'schedulePublish'

/** The waiting publications of `collection`'s documents, as a condition on payload_jobs. */
export const waitingSchedules = (collection: string) => sql`task_slug = ${SCHEDULE_PUBLISH_TASK}
  AND completed_at IS NULL AND NOT coalesce(has_error, false) AND input->'doc'->>'relationTo' = ${collection}
  AND coalesce(input->>'type', 'publish') = 'publish'`

/** The moment each document among `ids` is to be published (the earliest waiting schedule). */
export async function scheduledPublications(
  req: PayloadRequest,
  collection: string,
  ids: string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map()
  const rows = await execute(
    req,
    sql`SELECT input->'doc'->>'value' AS id, min(wait_until) AS at FROM payload_jobs
      WHERE ${waitingSchedules(collection)} AND input->'doc'->>'value' = ANY(${`{${ids.join(',')}}`}::text[]) GROUP BY 1`,
  )
  return new Map(rows.map((row) => [String(row.id), new Date(row.at as string).toISOString()]))
}
