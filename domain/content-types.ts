// Every content type of the platform in one registry (docs/decisions.md "One registry of content types"):
// access, the status guard, moderation, approval, the panel and the OpenAPI document read it, so a twelfth
// type is one entry here plus its collection file.
import type { CollectionSlug } from 'payload'

import type { Permission } from './permissions'

/** Who may make a move: the item's author, or a holder of a permission (admins hold every one). */
export type Mover = 'author' | Permission

export interface Transition {
  from: readonly string[]
  to: string
  by: Mover
}

export interface ContentType {
  collection: CollectionSlug
  /** Relationship to users: who is notified, and who may not moderate it. */
  authorField: string
  statusField: string
  /** Default first. */
  statuses: readonly string[]
  /** What anonymous readers see (classifieds also need an `expiresAt` not passed). */
  publicStatuses: readonly string[]
  /** Statuses in which nobody edits the item any more (409 `content_locked`). */
  lockedStatuses: readonly string[]
  /** Every status move a PATCH may make; any other is 409 `invalid_transition`. */
  transitions: readonly Transition[]
  /** Deletes (or, without a `deleted` status, removes) anyone's item. */
  deleteAny?: Permission
  /** French noun phrase naming one item, for notification titles ("Votre avis"). */
  noun: string
  /** The noun is feminine: "Votre galerie a été modérée". */
  feminine?: boolean
  /** Approval (POST /api/admin/approve): who decides, and the status an approval gives. */
  approval?: { permission: Permission; approved: string }
}

/** What moderation needs of a type: kept for src/operations/moderation/moderate.ts and its readers. */
export interface ModeratableType {
  collection: CollectionSlug
  authorField: string
  statusField: string
  /** French, as every notification is. */
  notificationTitle: string
  notificationBody: (reason: string) => string
}

const SOFT = ['published', 'moderated', 'deleted'] as const
const LOCKED = ['moderated', 'deleted', 'rejected', 'archived'] as const

/** A type with SOFT statuses: its author, or a holder of `deleteAny`, moves it to `deleted`. */
function softDeleted(deleteAny: Permission, from: readonly string[] = ['published']): Transition[] {
  return [
    { from, to: 'deleted', by: 'author' },
    { from, to: 'deleted', by: deleteAny },
  ]
}

function lockedOf(statuses: readonly string[]): string[] {
  return statuses.filter((status) => (LOCKED as readonly string[]).includes(status))
}

function soft(collection: CollectionSlug, noun: string, deleteAny: Permission): ContentType {
  return {
    collection,
    authorField: 'author',
    statusField: 'status',
    statuses: SOFT,
    publicStatuses: ['published'],
    lockedStatuses: lockedOf(SOFT),
    transitions: softDeleted(deleteAny),
    deleteAny,
    noun,
  }
}

const THREAD_STATUSES = ['published', 'closed', 'moderated', 'deleted'] as const
const CLASSIFIED_STATUSES = ['pending_review', 'active', 'sold', 'expired', 'archived', 'rejected'] as const
const PLACE_STATUSES = ['pending_review', 'published', 'archived', 'rejected'] as const
const ARTICLE_STATUSES = ['draft', 'pending_review', 'published', 'archived', 'rejected'] as const

export const CONTENT_TYPES = {
  // Blog comments keep their own collection and hooks (collections/BlogComments); they are
  // here for moderation, with the comments' permission.
  blogComments: {
    collection: 'blog-comments',
    authorField: 'authorId',
    statusField: 'status',
    statuses: SOFT,
    publicStatuses: ['published'],
    lockedStatuses: lockedOf(SOFT),
    transitions: softDeleted('comment.delete_any'),
    deleteAny: 'comment.delete_any',
    noun: 'Votre commentaire',
  },
  reviews: soft('reviews', 'Votre avis', 'review.delete_any'),
  comments: soft('comments', 'Votre commentaire', 'comment.delete_any'),
  forumThreads: {
    collection: 'forum-threads',
    authorField: 'author',
    statusField: 'status',
    statuses: THREAD_STATUSES,
    publicStatuses: ['published', 'closed'],
    lockedStatuses: lockedOf(THREAD_STATUSES),
    transitions: [
      ...softDeleted('forum.delete_any_post', ['published', 'closed']),
      { from: ['published'], to: 'closed', by: 'forum.lock_thread' },
      { from: ['closed'], to: 'published', by: 'forum.lock_thread' },
    ],
    deleteAny: 'forum.delete_any_post',
    noun: 'Votre sujet de forum',
  },
  forumPosts: soft('forum-posts', 'Votre message de forum', 'forum.delete_any_post'),
  classifieds: {
    collection: 'classifieds',
    authorField: 'author',
    statusField: 'status',
    statuses: CLASSIFIED_STATUSES,
    publicStatuses: ['active', 'sold'],
    lockedStatuses: lockedOf(CLASSIFIED_STATUSES),
    transitions: [
      { from: ['active'], to: 'sold', by: 'author' },
      { from: ['active', 'sold', 'expired'], to: 'archived', by: 'author' },
    ],
    deleteAny: 'classified.delete_any',
    noun: 'Votre petite annonce',
    feminine: true,
    approval: { permission: 'moderation.action', approved: 'active' },
  },
  places: {
    collection: 'places',
    authorField: 'author',
    statusField: 'status',
    statuses: PLACE_STATUSES,
    publicStatuses: ['published'],
    lockedStatuses: lockedOf(PLACE_STATUSES),
    transitions: [],
    // No `*.delete_any` for places: admins (who hold every permission) remove them.
    deleteAny: 'place.approve',
    noun: 'Votre lieu',
    approval: { permission: 'place.approve', approved: 'published' },
  },
  articles: {
    collection: 'articles',
    authorField: 'author',
    statusField: 'status',
    statuses: ARTICLE_STATUSES,
    publicStatuses: ['published'],
    lockedStatuses: lockedOf(ARTICLE_STATUSES),
    transitions: [
      { from: ['draft'], to: 'pending_review', by: 'author' },
      { from: ['pending_review'], to: 'draft', by: 'author' },
      { from: ['published'], to: 'archived', by: 'author' },
    ],
    deleteAny: 'article.approve',
    noun: 'Votre article',
    approval: { permission: 'article.approve', approved: 'published' },
  },
  events: soft('events', 'Votre événement', 'event.delete_any'),
  groups: soft('groups', 'Votre groupe', 'group.delete_any'),
  galleries: { ...soft('galleries', 'Votre galerie', 'gallery.delete_any'), feminine: true },
  products: soft('products', 'Votre produit', 'product.delete_any'),
} as const satisfies Record<string, ContentType>

export type ContentTypeName = keyof typeof CONTENT_TYPES
export const CONTENT_TYPE_NAMES = Object.keys(CONTENT_TYPES) as ContentTypeName[]

/** The registry entry of a collection, if it is a content type. */
export function contentTypeOf(collection: string): [ContentTypeName, ContentType] | undefined {
  const found = CONTENT_TYPE_NAMES.find((name) => CONTENT_TYPES[name].collection === collection)
  return found ? [found, CONTENT_TYPES[found]] : undefined
}

/** Types whose statuses include `moderated`: what POST /api/admin/moderate accepts. */
type Moderated = {
  [K in ContentTypeName]: 'moderated' extends (typeof CONTENT_TYPES)[K]['statuses'][number] ? K : never
}[ContentTypeName]

/** Types approved through POST /api/admin/approve. */
/** Every content type is reportable, and appealable once moderated or rejected (docs/api.md
 * "Reports, the moderation queue, appeals and transparency").
 */
export type ReportableType = ContentTypeName
export const REPORTABLE_TYPES: readonly ReportableType[] = CONTENT_TYPE_NAMES
/** What reports, decisions and appeals read of an item's type. */
export type ItemFields = Pick<ContentType, 'collection' | 'authorField' | 'statusField'>

export type ApprovedType = {
  [K in ContentTypeName]: (typeof CONTENT_TYPES)[K] extends { approval: object } ? K : never
}[ContentTypeName]
export const APPROVED_TYPES = CONTENT_TYPE_NAMES.filter((name) => 'approval' in CONTENT_TYPES[name]) as ApprovedType[]
export const isApprovedType = (value: string): value is ApprovedType => (APPROVED_TYPES as string[]).includes(value)

const moderatable = (type: ContentType): ModeratableType => {
  const agreement = type.feminine ? 'e' : ''
  return {
    collection: type.collection,
    authorField: type.authorField,
    statusField: type.statusField,
    notificationTitle: `${type.noun} a été modéré${agreement}`,
    notificationBody: (reason) => `${type.noun} a été masqué${agreement} par l’équipe de modération. Motif : ${reason}`,
  }
}

export const MODERATABLE = Object.fromEntries(
  CONTENT_TYPE_NAMES.filter((name) => (CONTENT_TYPES[name].statuses as readonly string[]).includes('moderated')).map(
    (name) => [name, moderatable(CONTENT_TYPES[name])],
  ),
) as Record<Moderated, ModeratableType>

export type PostType = keyof typeof MODERATABLE
export const POST_TYPES = Object.keys(MODERATABLE) as PostType[]

export const isPostType = (value: string): value is PostType => Object.hasOwn(MODERATABLE, value)

/**
 * `req.context` flag of the moderation operation while it changes a status: the one way a
 * content type's own hooks let a status become `moderated` (collections/BlogComments).
 */
export const MODERATING = 'moderating'
