// What can be moderated, in one place. A content type is one entry here: its collection, the
// fields holding its author and status, and the French notification its author receives
// (SPEC "Moderation"). The endpoint, the checks, the lock, the notification and the audit
// entry are shared (./moderate.ts), so adding reviews or forum posts is one more entry.
import type { CollectionSlug } from 'payload'

export interface ModeratableType {
  collection: CollectionSlug
  /** Relationship to users: who is notified, and who may not moderate it. */
  authorField: string
  /** A select with at least `published`, `moderated` and `deleted` (SPEC "Statuses"). */
  statusField: string
  /** French, as SPEC asks. */
  notificationTitle: string
  notificationBody: (reason: string) => string
}

export const MODERATABLE = {
  blogComments: {
    collection: 'blog-comments',
    authorField: 'authorId',
    statusField: 'status',
    notificationTitle: 'Votre commentaire a été modéré',
    notificationBody: (reason) => `Votre commentaire a été masqué par l’équipe de modération. Motif : ${reason}`,
  },
} as const satisfies Record<string, ModeratableType>

export type PostType = keyof typeof MODERATABLE
export const POST_TYPES = Object.keys(MODERATABLE) as PostType[]

export const isPostType = (value: string): value is PostType => Object.hasOwn(MODERATABLE, value)

/**
 * `req.context` flag of the moderation operation while it changes a status: the one way a
 * content type's own hooks let a status become `moderated` (collections/BlogComments).
 */
export const MODERATING = 'moderating'
