// Hooks put on every reportable collection (collections/index.ts): the queue shows an item's
// current status, and a moderator deleting an item (stock PATCH to `deleted`, or DELETE) is a
// recorded decision that closes its reports, exactly as moderating it is. Operations that
// record their own decision (moderation, approval, an appeal's reversal) set MODERATING in
// req.context, as they already must to change a status.
import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, CollectionConfig, PayloadRequest } from 'payload'

import { CONTENT_TYPES, type ItemFields, MODERATING } from '../../../domain/content-types'
import { runIn, statement } from '../../lib/prepared'
import { authorOf, type Doc, statusOf } from './content'
import { recordDecision } from './decisions'

const SYNC_STATUS = statement(
  'report-queue-item-status',
  `UPDATE report_queue SET item_status = $3 WHERE post_type = $1 AND post_id = ANY($2::text[]) AND status = 'open'`,
)

/**
 * The open queue entries of these items show `status`: the one place the queue learns an
 * item's status changed. The hooks below call it for changes made through Payload; an
 * operation that moves items with its own SQL (classified expiry) calls it in its transaction.
 */
export const syncQueuedStatus = (
  req: PayloadRequest,
  postType: string,
  ids: string[],
  status: string | null,
): Promise<unknown> => (ids.length === 0 ? Promise.resolve() : runIn(req, SYNC_STATUS, [postType, ids, status]))

/** A deletion by someone other than the author: a moderator's (or admin's) decision. */
const byModerator = (req: { user?: unknown }, authorId: string | null): boolean => {
  const userId = (req.user as { id?: unknown } | null | undefined)?.id
  return userId != null && String(userId) !== authorId
}

function hooksFor(postType: string, type: ItemFields) {
  const afterChange: CollectionAfterChangeHook = async ({ context, doc, operation, previousDoc, req }) => {
    if (operation !== 'update') return doc
    const before = statusOf(type, previousDoc as Doc)
    const after = statusOf(type, doc as Doc)
    if (before === after) return doc
    await syncQueuedStatus(req, postType, [String(doc.id)], after)
    const authorId = authorOf(type, doc as Doc)
    if (after === 'deleted' && !context[MODERATING] && byModerator(req, authorId)) {
      await recordDecision(req, {
        postType,
        postId: String(doc.id),
        outcome: 'deleted',
        previousStatus: before,
        authorId,
      })
    }
    return doc
  }
  const afterDelete: CollectionAfterDeleteHook = async ({ context, doc, req }) => {
    const authorId = authorOf(type, doc as Doc)
    if (context[MODERATING]) return doc
    if (!byModerator(req, authorId)) {
      // The author removed it: no decision. Its open queue entry says `deleted`, as for a type
      // with that status, and stays for a moderator to dismiss (./dismiss.ts).
      await syncQueuedStatus(req, postType, [String(doc.id)], 'deleted')
      return doc
    }
    await recordDecision(req, {
      postType,
      postId: String(doc.id),
      outcome: 'deleted',
      previousStatus: statusOf(type, doc as Doc),
      authorId,
    })
    return doc
  }
  return { afterChange, afterDelete }
}

/** `collection` with the hooks above when it is a reportable type's, unchanged otherwise. */
export function withReportHooks(collection: CollectionConfig): CollectionConfig {
  const entry = Object.entries(CONTENT_TYPES).find(([, type]) => type.collection === collection.slug)
  if (!entry) return collection
  const { afterChange, afterDelete } = hooksFor(entry[0], entry[1])
  const hooks = collection.hooks ?? {}
  return {
    ...collection,
    hooks: {
      ...hooks,
      afterChange: [...(hooks.afterChange ?? []), afterChange],
      afterDelete: [...(hooks.afterDelete ?? []), afterDelete],
    },
  }
}
