// The forum's two public reads for anonymous readers, one prepared statement each answering Payload's own
// list body (docs/decisions.md "Anonymous forum reads answered by the shell"), where Payload built two
// queries per request; bench/forum-limit-server.ts runs the same statements.

import { CONTENT_TYPES } from '../../../domain/content-types'
import { type PoolOwner, runPublic, statement } from '../../lib/prepared'

export const FORUM_THREADS_PATH = '/api/forum-threads'
export const FORUM_POSTS_PATH = '/api/forum-posts'
export const THREAD_SORT = '-pinned,-lastPostAt'
export const POST_SORT = 'createdAt'
/** Payload's REST default `limit`; larger pages than MAX_LIMIT are left to Payload. */
const DEFAULT_LIMIT = 10
const MAX_LIMIT = 100

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const WHOLE = /^\d{1,9}$/

// Registry constants, never request data: safe to write into the statement's text.
const inList = (statuses: readonly string[]) => statuses.map((status) => `'${status.replace(/'/g, "''")}'`).join(', ')
const PUBLIC_THREAD = inList(CONTENT_TYPES.forumThreads.publicStatuses)
const PUBLIC_POST = inList(CONTENT_TYPES.forumPosts.publicStatuses)

const THREAD_COLUMNS = (alias: string, prefix = '') =>
  ['id', 'author_id', 'title', 'body', 'pinned', 'post_count', 'last_post_at', 'status', 'updated_at', 'created_at']
    .map((column) => `${alias}.${column} AS ${prefix}${column}`)
    .join(', ')

/** $1 limit, $2 offset. One row per thread; a page past the end is one row of NULLs with the total. */
export const THREAD_PAGE = statement(
  'forum-threads-public-page',
  `SELECT total.n AS total, page.* FROM (
     SELECT coalesce(sum(n), 0)::int AS n FROM list_counts WHERE list = 'forum_threads' AND status IN (${PUBLIC_THREAD})
   ) total LEFT JOIN LATERAL (
     SELECT ${THREAD_COLUMNS('t')} FROM forum_threads t
     WHERE t.status IN (${PUBLIC_THREAD})
     ORDER BY t.pinned DESC, t.last_post_at DESC, t.created_at DESC LIMIT $1 OFFSET $2
   ) page ON true`,
)

/** $1 thread id, $2 limit, $3 offset. No row: no such thread. The thread's columns are `t_`-prefixed. */
export const POST_PAGE = statement(
  'forum-posts-public-page',
  `SELECT t.post_count AS total, ${THREAD_COLUMNS('t', 't_')}, page.* FROM forum_threads t LEFT JOIN LATERAL (
     SELECT p.id, p.author_id, p.thread_id, p.body, p.status, p.updated_at, p.created_at FROM forum_posts p
     WHERE p.thread_id = t.id AND p.status IN (${PUBLIC_POST})
     ORDER BY p.created_at LIMIT $2 OFFSET $3
   ) page ON true WHERE t.id = $1`,
)

type Row = Record<string, unknown>
const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString())

/** A thread as Payload's REST answers it (depth cannot populate `author`: maxDepth 0). */
export function presentThread(row: Row, prefix = ''): Row {
  const at = (column: string) => row[`${prefix}${column}`]
  return {
    id: at('id'),
    author: at('author_id') ?? null,
    title: at('title'),
    body: at('body'),
    pinned: at('pinned'),
    // A number field is a `numeric` column, which pg hands over as a string.
    postCount: at('post_count') === null ? null : Number(at('post_count')),
    lastPostAt: iso(at('last_post_at')),
    status: at('status'),
    updatedAt: iso(at('updated_at')),
    createdAt: iso(at('created_at')),
  }
}

/** A post; `thread` is the thread's document from depth 1 when the reader may see it, else its id. */
function presentPost(row: Row, thread: Row | string): Row {
  return {
    id: row.id,
    author: row.author_id ?? null,
    thread,
    body: row.body,
    status: row.status,
    updatedAt: iso(row.updated_at),
    createdAt: iso(row.created_at),
  }
}

/** Payload's paginated list body (drizzle findMany), for `docs` out of `totalDocs`. */
export function stockPage(docs: Row[], totalDocs: number, limit: number, page: number) {
  if (totalDocs === 0)
    return {
      docs,
      hasNextPage: false,
      hasPrevPage: false,
      limit,
      nextPage: null,
      page,
      pagingCounter: 1,
      prevPage: null,
      totalDocs: docs.length,
      totalPages: 1,
    }
  const totalPages = Math.ceil(totalDocs / limit)
  const hasPrevPage = page > 1
  const hasNextPage = totalPages > page
  return {
    docs,
    hasNextPage,
    hasPrevPage,
    limit,
    nextPage: hasNextPage ? page + 1 : null,
    page,
    pagingCounter: (page - 1) * limit + 1,
    prevPage: hasPrevPage ? page - 1 : null,
    totalDocs,
    totalPages,
  }
}

export type ForumRead =
  | { kind: 'threads'; limit: number; page: number }
  | { kind: 'posts'; threadId: string; limit: number; page: number; depth: number }

/**
 * The read a stock-route query asks for, when it is one of the two this module answers
 * exactly as Payload would; undefined for anything else (other parameters, sorts, filters,
 * a limit of 0 or above 100), which Payload then serves.
 */
export function forumReadOf(path: string, params: URLSearchParams, defaultDepth: number): ForumRead | undefined {
  const known =
    path === FORUM_THREADS_PATH
      ? ['limit', 'page', 'depth', 'sort']
      : path === FORUM_POSTS_PATH
        ? ['limit', 'page', 'depth', 'sort', 'where[thread][equals]']
        : undefined
  if (!known) return undefined
  const seen = new Set<string>()
  for (const key of params.keys()) {
    if (!known.includes(key) || seen.has(key)) return undefined
    seen.add(key)
  }
  const whole = (name: string, fallback: number) => {
    const raw = params.get(name)
    return raw === null ? fallback : WHOLE.test(raw) ? Number(raw) : Number.NaN
  }
  const limit = whole('limit', DEFAULT_LIMIT)
  const page = whole('page', 1)
  const depth = whole('depth', defaultDepth)
  if (!(limit >= 1 && limit <= MAX_LIMIT) || !(page >= 1) || Number.isNaN(depth)) return undefined
  const sort = params.get('sort')
  if (path === FORUM_THREADS_PATH)
    return sort === null || sort === THREAD_SORT ? { kind: 'threads', limit, page } : undefined
  const threadId = params.get('where[thread][equals]')
  if (threadId === null || !UUID.test(threadId) || (sort !== null && sort !== POST_SORT)) return undefined
  return { kind: 'posts', threadId: threadId.toLowerCase(), limit, page, depth }
}

/** Runs `read` for an anonymous reader: Payload's list body. */
export async function answerForumRead(payload: PoolOwner, read: ForumRead) {
  const offset = (read.page - 1) * read.limit
  if (read.kind === 'threads') {
    const { rows } = await runPublic<Row>(payload, THREAD_PAGE, [read.limit, offset])
    const docs = rows.filter((row) => row.id !== null).map((row) => presentThread(row))
    return stockPage(docs, Number(rows[0]?.total ?? 0), read.limit, read.page)
  }
  const { rows } = await runPublic<Row>(payload, POST_PAGE, [read.threadId, read.limit, offset])
  const first = rows[0]
  if (!first) return stockPage([], 0, read.limit, read.page)
  // `thread` has maxDepth 1: populated at any depth ≥ 1, when the reader may read the thread.
  const visible = (CONTENT_TYPES.forumThreads.publicStatuses as readonly string[]).includes(String(first.t_status))
  const thread = read.depth >= 1 && visible ? presentThread(first, 't_') : String(first.t_id)
  const docs = rows.filter((row) => row.id !== null).map((row) => presentPost(row, thread))
  return stockPage(docs, Number(first.total ?? 0), read.limit, read.page)
}
