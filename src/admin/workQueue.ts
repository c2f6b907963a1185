// What the dashboard's "What needs you now" lists. Each line counts what the signed-in person
// may see (Local API with their access, overrideAccess: false) in a collection their role has
// in the panel, and links to that list already filtered. Admins: bookings to confirm, comments
// in the moderation queue, places, articles and classifieds waiting for approval; moderators:
// their queue and the classifieds they approve. Only counts above zero are listed: a zero is
// nothing to do.
import type { BasePayload, CollectionSlug, TypedUser, Where } from 'payload'

import { visibleInPanel } from '../../access/panelByRole'
import { APPROVED_TYPES, CONTENT_TYPES } from '../../domain/content-types'
import { hasPermission, type Permission } from '../../domain/permissions'
import { collectionNoun } from './collectionNoun'
import { countOf, type NounForms, regular } from './plural'

/** What the dashboard says when no count is above zero. */
export const NOTHING_WAITS = 'Nothing waits for you'

interface Task {
  collection: CollectionSlug
  /** Shown only to holders of this permission (besides seeing the collection). */
  permission?: Permission
  where: Where
  /** The list URL's `where` query for the same filter. */
  query: string
  /** What is counted; the collection's own labels when absent ("1 classified", "2 places"). */
  noun?: NounForms
  /** After the count: "to confirm". */
  what: string
}

const TASKS: Task[] = [
  {
    collection: 'bookings',
    where: { status: { equals: 'pending' } },
    query: 'where[status][equals]=pending',
    noun: regular('booking'),
    what: 'to confirm',
  },
  {
    collection: 'blog-comments',
    where: { status: { equals: 'published' } },
    query: 'where[status][equals]=published',
    noun: regular('comment'),
    what: 'in the moderation queue',
  },
  // Waiting for approval, for whoever may approve each type.
  ...APPROVED_TYPES.map((name) => ({
    collection: CONTENT_TYPES[name].collection,
    permission: CONTENT_TYPES[name].approval.permission,
    where: { status: { equals: 'pending_review' } },
    query: 'where[status][equals]=pending_review',
    what: 'waiting for approval',
  })),
]

export interface WorkItem {
  collection: CollectionSlug
  /** The filtered list: `/admin/collections/bookings?where[status][equals]=pending`. */
  href: string
  /** `2 bookings to confirm`. */
  text: string
}

/** The lines of "What needs you now" for `user`: each task of theirs with a count above zero. */
export async function workQueueItems(payload: BasePayload, user: TypedUser): Promise<WorkItem[]> {
  const adminRoute = payload.config.routes.admin
  const tasks = TASKS.filter(
    (task) => visibleInPanel(user, task.collection) && (!task.permission || hasPermission(user, task.permission)),
  )
  const counts = await Promise.all(
    tasks.map((task) =>
      payload
        .count({ collection: task.collection, where: task.where, user, overrideAccess: false })
        .then((result) => result.totalDocs),
    ),
  )
  return tasks.flatMap((task, i) => {
    const count = counts[i] ?? 0
    if (count <= 0) return []
    const noun = task.noun ?? collectionNoun(payload, task.collection)
    return [
      {
        collection: task.collection,
        href: `${adminRoute}/collections/${task.collection}?${task.query}`,
        text: `${countOf(count, noun)} ${task.what}`,
      },
    ]
  })
}
