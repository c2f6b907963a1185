// Approving or rejecting a place, an article or a classified (docs/api.md "Community content"), for the
// endpoint and the panel alike. One transaction: the row is locked first (of two deciders at
// once the second finds it decided: 409 invalid_transition), then the status, the dates that
// come with approval, the author's notification and the audit entry commit together.
import type { PayloadRequest } from 'payload'

import { type ApprovedType, CONTENT_TYPES, type ContentType } from '../../../domain/content-types'
import { CLASSIFIED_DEFAULT_DAYS, CLASSIFIED_MAX_DAYS } from '../../../domain/limits'
import { hasPermission } from '../../../domain/permissions'
import { idOf, SYSTEM_MOVE } from '../../../hooks/community/context'
import { writeAudit } from '../../../hooks/shared/audit'
import { emitEvent } from '../../../hooks/shared/webhookEvents'
import { apiError } from '../../lib/http/errors'
import { inTransaction } from '../../lib/transaction'
import { withContext } from '../catalogue/transaction'
import { moderationErrors } from '../moderation/errors'
import { notify } from '../notifications/notify'
import { lockedItem } from '../reports/content'
import { recordDecision } from '../reports/decisions'

export type Decision = 'approve' | 'reject'

export interface ApprovalInput {
  postType: ApprovedType
  postId: string
  decision: Decision
  /** Trimmed; required (≥ 5 characters) to reject. */
  reason: string | null
}

export interface ApprovalResult {
  success: true
  postType: ApprovedType
  postId: string
  status: string
}

const DAY = 86_400_000

export const approvalErrors = {
  notPending: (status: unknown) =>
    apiError('invalid_transition', `Only an item pending review can be decided (this one is ${String(status)})`),
}

/** 403 AUTH_FORBIDDEN unless the caller holds the type's approval permission. */
export function requireApprover(req: PayloadRequest, postType: ApprovedType): void {
  if (!hasPermission(req.user, CONTENT_TYPES[postType].approval.permission)) throw moderationErrors.forbidden()
}

/** What an approval writes besides the status: articles get `publishedAt`, classifieds an end date. */
function approvalDates(postType: ApprovedType, doc: Record<string, unknown>, now: Date): Record<string, unknown> {
  if (postType === 'articles') return { publishedAt: now.toISOString() }
  if (postType !== 'classifieds') return {}
  const chosen = typeof doc.expiresAt === 'string' ? Date.parse(doc.expiresAt) : Number.NaN
  const latest = now.getTime() + CLASSIFIED_MAX_DAYS * DAY
  const expiresAt =
    Number.isFinite(chosen) && chosen > now.getTime()
      ? Math.min(chosen, latest)
      : now.getTime() + CLASSIFIED_DEFAULT_DAYS * DAY
  return { expiresAt: new Date(expiresAt).toISOString() }
}

function notification(type: ContentType, decision: Decision, reason: string | null): { title: string; body: string } {
  const agreement = type.feminine ? 'e' : ''
  if (decision === 'approve')
    return {
      title: `${type.noun} a été approuvé${agreement}`,
      body: `${type.noun} est maintenant visible de tous.${reason ? ` Message : ${reason}` : ''}`,
    }
  return {
    title: `${type.noun} a été refusé${agreement}`,
    body: `${type.noun} n’a pas été retenu${agreement}. Motif : ${reason ?? ''}`,
  }
}

export async function decide(req: PayloadRequest, input: ApprovalInput): Promise<ApprovalResult> {
  const type: ContentType = CONTENT_TYPES[input.postType]
  const decider = req.user!
  return inTransaction(req, async () => {
    const doc = await lockedItem(req, type, input.postId)
    if (!doc) throw moderationErrors.notFound()
    const authorId = idOf(doc[type.authorField])
    if (authorId !== null && authorId === String(decider.id)) throw moderationErrors.selfModeration()
    const from = doc[type.statusField]
    if (from !== 'pending_review') throw approvalErrors.notPending(from)

    const now = new Date()
    const status = input.decision === 'approve' ? CONTENT_TYPES[input.postType].approval.approved : 'rejected'
    const data = {
      [type.statusField]: status,
      ...(input.decision === 'approve' ? approvalDates(input.postType, doc, now) : {}),
    }
    await withContext(req, { skipAudit: true, [SYSTEM_MOVE]: true }, () =>
      req.payload.update({ collection: type.collection, id: input.postId, data, depth: 0, overrideAccess: true, req }),
    )
    // docs/api.md "Webhooks (/api/admin/webhooks)": the decision's event before those of the reports it closes.
    await emitEvent(
      req,
      input.decision === 'approve' ? 'content.approved' : 'content.rejected',
      { type: input.postType, id: input.postId },
      {
        postType: input.postType,
        postId: input.postId,
        status,
        reason: input.reason ?? null,
        authorId,
        decidedBy: String(decider.id),
      },
    )
    // The decision's record (docs/api.md "Reports, the moderation queue,
    // appeals and transparency"): a rejection closes the item's reports as
    // `actioned` and can be appealed; both count in the transparency report's
    // approvals.
    await recordDecision(req, {
      postType: input.postType,
      postId: input.postId,
      outcome: input.decision === 'approve' ? 'approved' : 'rejected',
      previousStatus: String(from),
      authorId,
      reason: input.reason,
    })
    if (authorId) {
      await notify(req, {
        userId: authorId,
        type: 'moderation',
        ...notification(type, input.decision, input.reason),
        targetType: input.postType,
        targetId: input.postId,
      })
    }
    await writeAudit(req, {
      action: input.decision === 'approve' ? 'content_approved' : 'content_rejected',
      targetType: input.postType,
      targetId: input.postId,
      data: { postType: input.postType, reason: input.reason, authorId, timestamp: now.toISOString() },
    })
    return { success: true, postType: input.postType, postId: input.postId, status }
  })
}
