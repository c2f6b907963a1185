// Moderating one piece of content (docs/api.md "POST /api/admin/moderate"), for the endpoint and
// the admin panel alike. One transaction: the row is locked first, so of two moderators at
// once the second waits, then finds it `moderated` (one 200, one BIZ_ALREADY_MODERATED, one
// notification, one audit entry); the status change, the author's notification and the
// `content_moderated` entry commit together or not at all.
import type { PayloadRequest } from 'payload'

import { MODERATABLE, type ModeratableType, MODERATING, type PostType } from '../../../domain/content-types'
import { idOf } from '../../../hooks/community/context'
import { writeAudit } from '../../../hooks/shared/audit'
import { emitEvent } from '../../../hooks/shared/webhookEvents'
import { inTransaction } from '../../lib/transaction'
import { withContext } from '../catalogue/transaction'
import { notify } from '../notifications/notify'
import { lockedItem } from '../reports/content'
import { recordDecision } from '../reports/decisions'
import { moderationErrors, requireModerator } from './errors'
import { takeHold } from './holds'

export interface ModerationInput {
  postType: PostType
  postId: string
  /** Trimmed, at least REASON_MIN characters. */
  reason: string
}

export interface ModerationResult {
  success: true
  postType: PostType
  postId: string
  status: 'moderated'
}

export async function moderate(req: PayloadRequest, input: ModerationInput): Promise<ModerationResult> {
  const moderator = requireModerator(req)
  const type: ModeratableType = MODERATABLE[input.postType]
  return inTransaction(req, async () => {
    const doc = await lockedItem(req, type, input.postId)
    const status = doc?.[type.statusField]
    if (!doc || status === 'deleted') throw moderationErrors.notFound()
    const authorId = idOf(doc[type.authorField])
    if (authorId !== null && authorId === String(moderator.id)) throw moderationErrors.selfModeration()
    // An item the service held (watched words) is not yet a decision: moderating it makes it one.
    const held = status === 'moderated' && (await takeHold(req, input.postType, input.postId))
    if (status === 'moderated' && !held) throw moderationErrors.alreadyModerated()

    await withContext(req, { skipAudit: true, [MODERATING]: true }, () =>
      req.payload.update({
        collection: type.collection,
        id: input.postId,
        data: { [type.statusField]: 'moderated' },
        depth: 0,
        overrideAccess: true,
        req,
      }),
    )
    // docs/api.md "Webhooks (/api/admin/webhooks)": the decision's event before those of the reports it closes.
    await emitEvent(
      req,
      'content.moderated',
      { type: input.postType, id: input.postId },
      {
        postType: input.postType,
        postId: input.postId,
        status: 'moderated',
        reason: input.reason,
        authorId,
        moderatedBy: String(moderator.id),
      },
    )
    // The decision's record, its reports closed as `actioned`, their reporters told (docs/api.md
    // "Reports, the moderation queue, appeals and transparency").
    await recordDecision(req, {
      postType: input.postType,
      postId: input.postId,
      outcome: 'moderated',
      previousStatus: held ? 'published' : status == null ? null : String(status),
      authorId,
      reason: input.reason,
    })
    // A comment whose author's account is gone has nobody to tell.
    if (authorId) {
      await notify(req, {
        userId: authorId,
        type: 'moderation',
        title: type.notificationTitle,
        body: type.notificationBody(input.reason),
        targetType: input.postType,
        targetId: input.postId,
      })
    }
    await writeAudit(req, {
      action: 'content_moderated',
      targetType: input.postType,
      targetId: input.postId,
      data: { postType: input.postType, reason: input.reason, authorId, timestamp: new Date().toISOString() },
    })
    return { success: true, postType: input.postType, postId: input.postId, status: 'moderated' }
  })
}
