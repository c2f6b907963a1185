// A thread's `postCount` and `lastPostAt` (docs/api.md "Community content"), kept exact under concurrent posting: a new
// post first locks its thread's row (so posts into one thread queue up, and a thread closed
// meanwhile is seen closed), then the counters are recomputed from the published posts in
// the same transaction. Recomputing rather than adding one also keeps them right when a
// post is deleted or moderated.
import type { CollectionAfterChangeHook, CollectionBeforeChangeHook, PayloadRequest } from 'payload'

import { contentErrors } from '../../domain/content-errors'
import { isUuid } from '../../domain/ids'
import { refuseWhenBlocked } from '../../hooks/community/blockedByOwner'
import { idOf } from '../../hooks/community/context'
import { execute, sql } from '../../src/lib/sql'
import type { ForumPost } from '../../src/payload-types'

/** A post goes into a published thread: closed is 409 `thread_closed`; missing, moderated or deleted 404. */
export const threadTakesPosts: CollectionBeforeChangeHook<ForumPost> = async ({ data, operation, req }) => {
  // No thread at all: the field's own `required` answers (400).
  if (operation !== 'create' || data.thread === undefined || data.thread === null || data.thread === '') return data
  const threadId = idOf(data.thread)
  if (!isUuid(threadId)) throw contentErrors.notFound('thread')
  const [thread] = await execute(
    req,
    sql`SELECT status, author_id FROM forum_threads WHERE id = ${threadId} FOR UPDATE`,
  )
  if (!thread || thread.status === 'moderated' || thread.status === 'deleted') throw contentErrors.notFound('thread')
  if (thread.status === 'closed') throw contentErrors.threadClosed()
  await refuseWhenBlocked(req, thread.author_id)
  return data
}

/**
 * A post whose status changes (deleted, moderated, restored) locks its thread before its own
 * row is written, as a new post does: the row's write also updates `list_counts` (a trigger),
 * and a status change that took the thread's lock only afterwards, in `recountThread`, held
 * the counts while a new post held the thread and waited for them (a deadlock,
 * 500). One order for every writer of a thread's posts: the thread, then the counts.
 */
export const lockThreadFirst: CollectionBeforeChangeHook<ForumPost> = async ({ data, operation, originalDoc, req }) => {
  if (operation !== 'update' || data.status === undefined || data.status === originalDoc?.status) return data
  const threadId = idOf(originalDoc?.thread)
  if (threadId) await execute(req, sql`SELECT 1 FROM forum_threads WHERE id = ${threadId} FOR NO KEY UPDATE`)
  return data
}

/**
 * Recounts under the thread's lock, taken in a statement of its own (a no-op for a new post,
 * which holds it already): an UPDATE that waits for the row keeps its first snapshot, so a
 * deletion recounting inside it would miss a post committed meanwhile.
 */
export async function recountThread(req: PayloadRequest, threadId: string): Promise<void> {
  await execute(req, sql`SELECT 1 FROM forum_threads WHERE id = ${threadId} FOR NO KEY UPDATE`)
  await execute(
    req,
    sql`UPDATE forum_threads t SET
          post_count = p.n,
          last_post_at = COALESCE(p.last, t.created_at)
        FROM (SELECT count(*)::int AS n, max(created_at) AS last FROM forum_posts WHERE thread_id = ${threadId} AND status = 'published') p
        WHERE t.id = ${threadId}`,
  )
}

export const recountAfterPost: CollectionAfterChangeHook<ForumPost> = async ({ doc, operation, previousDoc, req }) => {
  if (operation === 'update' && previousDoc?.status === doc.status) return doc
  const threadId = idOf(doc.thread)
  if (threadId) await recountThread(req, threadId)
  return doc
}
