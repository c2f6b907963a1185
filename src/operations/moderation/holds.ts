// Items held by watched words or as a new member's first items (docs/moderation.md "What each effect
// does"): a `moderated` hold is the service's, not a moderator's decision, so dismissing its reports
// publishes the item, and moderating it confirms the hold as a decision of its own.
import type { PayloadRequest } from 'payload'

import { CONTENT_TYPES, type ContentTypeName, MODERATING } from '../../../domain/content-types'
import { SYSTEM_MOVE } from '../../../hooks/community/context'
import { runIn, statement } from '../../lib/prepared'
import { withContext } from '../catalogue/transaction'

const TAKE_HOLD = statement(
  'watched-word-hold-take',
  `DELETE FROM watched_word_holds WHERE post_type = $1 AND post_id = $2 AND held_as = 'moderated' RETURNING words`,
)
const HELD_WORDS = statement(
  'watched-word-hold-words',
  `SELECT held_as AS "heldAs", words, created_at AS "heldAt" FROM watched_word_holds WHERE post_type = $1 AND post_id = $2`,
)

/** Ends the service's `moderated` hold of an item; false when it has none. */
export async function takeHold(req: PayloadRequest, postType: string, postId: string): Promise<boolean> {
  return (await runIn(req, TAKE_HOLD, [postType, postId])).rowCount > 0
}

/** After its reports are dismissed: an item the service held is published (its type's first status). */
export async function publishHeld(
  req: PayloadRequest,
  postType: ContentTypeName,
  doc: Record<string, unknown> | null,
): Promise<void> {
  const type = CONTENT_TYPES[postType]
  if (!doc || doc[type.statusField] !== 'moderated' || !(await takeHold(req, postType, String(doc.id)))) return
  await withContext(req, { [SYSTEM_MOVE]: true, [MODERATING]: true }, () =>
    req.payload.update({
      collection: type.collection,
      id: String(doc.id),
      data: { [type.statusField]: type.statuses[0] },
      depth: 0,
      overrideAccess: true,
      req,
    }),
  )
}

export interface HeldFor {
  heldAs: 'pending_review' | 'moderated'
  /** The words that held it, as written; empty for a new member's first items. */
  words: string[]
  heldAt: string
}

/** Why an item waits, or null when nothing of the service held it. */
export async function heldFor(req: PayloadRequest, postType: string, postId: string): Promise<HeldFor | null> {
  const [row] = (await runIn<HeldFor & { heldAt: Date }>(req, HELD_WORDS, [postType, postId])).rows
  return row ? { heldAs: row.heldAs, words: row.words, heldAt: new Date(row.heldAt).toISOString() } : null
}
