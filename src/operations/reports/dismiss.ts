// A moderator finds nothing wrong with a reported item (API-CONTRACT §10): its open reports are
// closed as `dismissed`, each reporter told, the decision recorded (outcome `dismissed`, the
// item's status unchanged), audit `reports_dismissed`: one transaction, the item's row locked
// like any decision's, so no report slips in between.
import type { PayloadRequest } from 'payload'

import { writeAudit } from '../../../hooks/shared/audit'
import { inTransaction } from '../../lib/transaction'
import type { ReportableType } from '../moderation/content-types'
import { anyItem, authorOf, lockItem, statusOf, typeOf } from './content'
import { recordDecision } from './decisions'
import { reportErrors, requireStaff } from './errors'

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
    const doc = (await lockItem(req, type, input.postId, 'update')) ? await anyItem(req, type, input.postId) : null
    if (!doc) throw reportErrors.notFound()
    const decision = await recordDecision(req, {
      postType: input.postType,
      postId: input.postId,
      outcome: 'dismissed',
      previousStatus: statusOf(type, doc),
      authorId: authorOf(type, doc),
      reason: input.reason,
    })
    // Nothing open: no decision to record (the rollback drops the row just written).
    if (decision.reportsClosed === 0) throw reportErrors.nothingToDismiss()
    await writeAudit(req, {
      action: 'reports_dismissed',
      targetType: input.postType,
      targetId: input.postId,
      data: { postType: input.postType, reason: input.reason, reports: decision.reportsClosed, decisionId: decision.id, timestamp: new Date().toISOString() },
    })
    return { success: true, postType: input.postType, postId: input.postId, dismissed: decision.reportsClosed }
  })
}
