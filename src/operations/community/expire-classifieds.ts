// Expiry of classifieds (docs/api.md "Community content"): every active classified whose `expiresAt` has
// passed becomes `expired`, its author is notified, its open report-queue entry shows
// `expired`, and the change is audited, in one transaction. One UPDATE … RETURNING picks and moves them: two runs at
// once (two instances) cannot both move one classified, so each is expired and notified exactly once.
import type { PayloadRequest } from 'payload'

import { CONTENT_TYPES } from '../../../domain/content-types'
import { writeAudit } from '../../../hooks/shared/audit'
import { execute, sql } from '../../lib/sql'
import { inTransaction } from '../../lib/transaction'
import { notify } from '../notifications/notify'
import { syncQueuedStatus } from '../reports/hooks'

/** At most this many per run; the next run takes the rest. */
const BATCH = 500

export async function expireClassifieds(req: PayloadRequest, now = new Date()): Promise<string[]> {
  return inTransaction(req, async () => {
    const rows = await execute(
      req,
      sql`UPDATE classifieds SET status = 'expired', updated_at = ${now.toISOString()}
          WHERE id IN (SELECT id FROM classifieds WHERE status = 'active' AND expires_at <= ${now.toISOString()} ORDER BY expires_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
          RETURNING id, author_id AS "authorId", title`,
    )
    // This UPDATE passes Payload's hooks by; the queue is told here instead.
    await syncQueuedStatus(
      req,
      'classifieds',
      rows.map((row) => String(row.id)),
      'expired',
    )
    for (const row of rows) {
      const id = String(row.id)
      if (row.authorId) {
        await notify(req, {
          userId: String(row.authorId),
          type: 'moderation',
          title: `${CONTENT_TYPES.classifieds.noun} a expiré`,
          body: `« ${String(row.title)} » n’est plus visible : sa date de fin est passée. Vous pouvez l’archiver.`,
          targetType: 'classifieds',
          targetId: id,
        })
      }
      await writeAudit(req, {
        action: 'classified.expire',
        targetType: 'classifieds',
        targetId: id,
        userId: null,
        data: { status: 'expired', timestamp: now.toISOString() },
      })
    }
    return rows.map((row) => String(row.id))
  })
}
