// A moderator finds nothing wrong with a reported item (docs/api.md "Reports, the moderation
// queue, appeals and transparency"): its open reports are closed as `dismissed`, each
// reporter told, the decision recorded (outcome `dismissed`, the item's status unchanged),
// audit `reports_dismissed`: one transaction, the item's row locked like any decision's, so
// no report slips in between.
import type { PayloadRequest } from 'payload'

import type { ReportableType } from '../../../domain/content-types'
import { writeAudit } from '../../../hooks/shared/audit'
import { runIn, statement } from '../../lib/prepared'
import { inTransaction } from '../../lib/transaction'
import { publishHeld } from '../moderation/holds'
import { authorOf, lockedItem, statusOf, typeOf } from './content'
import { recordDecision } from './decisions'
import { reportErrors, requireStaff } from './errors'

const OPEN_ENTRY = statement(
  'report-queue-open-entry',
  `SELECT author_id AS "authorId", item_status AS status FROM report_queue WHERE post_type = $1 AND post_id = $2 AND status = 'open'`,
)

export interface DismissInput {
  postType: ReportableType
  postId: string
  reason: string
}

export interface DismissResult {
  success: true
  postType: ReportableType
  postId: string
  dismissed: number
}

export async function dismissReports(req: PayloadRequest, input: DismissInput): Promise<DismissResult> {
  requireStaff(req, 'moderation.action')
  const type = typeOf(input.postType)
  return inTransaction(req, async () => {
    const doc = await lockedItem(req, type, input.postId)
    // An item its author removed (the row gone, no status to set) keeps its open queue entry,
    // which says who wrote it: its reports are still to be dismissed. No report can arrive for
    // it any more (the row is gone), so there is nothing to lock.
    const removed = doc
      ? undefined
      : (
          await runIn<{ authorId: string | null; status: string | null }>(req, OPEN_ENTRY, [
            input.postType,
            input.postId,
          ])
        ).rows[0]
    if (!doc && !removed) throw reportErrors.notFound()
    const decision = await recordDecision(req, {
      postType: input.postType,
      postId: input.postId,
      outcome: 'dismissed',
      previousStatus: doc ? statusOf(type, doc) : removed!.status,
      authorId: doc ? authorOf(type, doc) : removed!.authorId,
      reason: input.reason,
    })
    // Nothing open: no decision to record (the rollback drops the row just written).
    if (decision.reportsClosed === 0) throw reportErrors.nothingToDismiss()
    await publishHeld(req, input.postType, doc)
    await writeAudit(req, {
      action: 'reports_dismissed',
      targetType: input.postType,
      targetId: input.postId,
      data: {
        postType: input.postType,
        reason: input.reason,
        reports: decision.reportsClosed,
        decisionId: decision.id,
        timestamp: new Date().toISOString(),
      },
    })
    return { success: true, postType: input.postType, postId: input.postId, dismissed: decision.reportsClosed }
  })
}
