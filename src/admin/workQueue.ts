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
import { panelText, type PluralKey } from './i18n/index'
import { countOf } from './plural'

interface Task {
  collection: CollectionSlug
  /** Shown only to holders of this permission (besides seeing the collection). */
  permission?: Permission
  where: Where
  /** The list URL's `where` query for the same filter. */
  query: string
  /** The line's text by count ("2 bookings to confirm"); absent: the collection's labels, "waiting for approval". */
  text?: PluralKey
}

const TASKS: Task[] = [
  {
    collection: 'bookings',
    where: { status: { equals: 'pending' } },
    query: 'where[status][equals]=pending',
    text: 'work.bookings',
  },
  {
    collection: 'blog-comments',
    where: { status: { equals: 'published' } },
    query: 'where[status][equals]=published',
    text: 'work.comments',
  },
  // Waiting for approval, for whoever may approve each type.
  ...APPROVED_TYPES.map((name) => ({
    collection: CONTENT_TYPES[name].collection,
    permission: CONTENT_TYPES[name].approval.permission,
    where: { status: { equals: 'pending_review' } },
    query: 'where[status][equals]=pending_review',
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
export async function workQueueItems(payload: BasePayload, user: TypedUser, language = 'en'): Promise<WorkItem[]> {
  const words = panelText(language)
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
    const text = task.text
      ? words.plural(task.text, count)
      : words.t('work.approval', {
          items: countOf(count, collectionNoun(payload, task.collection, words.language), 0, words.language),
        })
    return [
      {
        collection: task.collection,
        href: `${adminRoute}/collections/${task.collection}?${task.query}`,
        text,
      },
    ]
  })
}
