// The top of the dashboard: "what needs me now". Each line counts what the
// signed-in person may see (Local API with their access, overrideAccess: false) in a
// collection their role has in the panel, and links to that list already filtered.
// Admins: bookings to confirm, comments in the moderation queue, places, articles and
// classifieds waiting for approval, translation gaps; moderators: their queue and the
// classifieds they approve.
import type { CollectionSlug, ServerProps, Where } from 'payload'

import { visibleInPanel } from '../../access/panelByRole'
import { APPROVED_TYPES, CONTENT_TYPES } from '../../domain/content-types'
import { hasPermission, hasRole, type Permission } from '../../domain/permissions'
import { collectionNoun } from './collectionNoun'
import { countOf, regular, type NounForms } from './plural'

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
  // Waiting for approval (docs/api.md "Community content"), for whoever may approve each type.
  ...APPROVED_TYPES.map((name) => ({
    collection: CONTENT_TYPES[name].collection,
    permission: CONTENT_TYPES[name].approval.permission,
    where: { status: { equals: 'pending_review' } },
    query: 'where[status][equals]=pending_review',
    what: 'waiting for approval',
  })),
]

export async function WorkQueue({ payload, user }: ServerProps) {
  if (!user) return null
  const adminRoute = payload.config.routes.admin
  const tasks = TASKS.filter((task) => visibleInPanel(user, task.collection) && (!task.permission || hasPermission(user, task.permission)))
  const counts = await Promise.all(
    tasks.map((task) => payload.count({ collection: task.collection, where: task.where, user, overrideAccess: false }).then((result) => result.totalDocs)),
  )
  return (
    <section className="work-queue" data-testid="work-queue" style={{ marginBottom: 'calc(var(--base) * 2)' }}>
      <h2>What needs you now</h2>
      <ul>
        {tasks.map((task, i) => (
          <li key={task.collection}>
            <a href={`${adminRoute}/collections/${task.collection}?${task.query}`}>
              {`${countOf(counts[i] ?? 0, task.noun ?? collectionNoun(payload, task.collection))} ${task.what}`}
            </a>
          </li>
        ))}
        {hasRole(user, 'admin') && (
          <li>
            <a href={`${adminRoute}/translations`}>Translation coverage: what each language still lacks</a>
          </li>
        )}
      </ul>
    </section>
  )
}
