// The anonymous forum reads the read cache fills from the forum's prepared statements answer the very
// documents Payload's stock route answers (docs/decisions.md "Anonymous forum reads answered by the shell").
import { randomUUID } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { type ServerProcess, startServerProcess } from '../../bench/processes'
import { freePort } from '../../src/lib/embedded-database'
import { makeItem } from '../helpers/community'
import { checkInvariants } from '../helpers/invariants'
import { statementsDuring } from '../helpers/statements'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'
import { authHeaders, createUser, type TestUser } from '../helpers/users'

let app: TestApp
let author: TestUser
let reader: TestUser
const threads: Record<string, string> = {}

/** Each thread's counters from its published posts, as the posts' hook recounts them. */
const RECOUNT = `UPDATE forum_threads t SET post_count = coalesce(p.n, 0), last_post_at = coalesce(p.last, t.created_at)
  FROM forum_threads t0 LEFT JOIN (SELECT thread_id, count(*)::int AS n, max(created_at) AS last FROM forum_posts WHERE status = 'published' GROUP BY thread_id) p ON p.thread_id = t0.id
  WHERE t.id = t0.id`

beforeAll(async () => {
  // The fast path fills the read cache on a miss: each statement count below asks a query no test asked before.
  app = await startTestApp()
  author = await createUser(app)
  reader = await createUser(app)
  // Every status, one pinned, each thread's last post a minute apart (distinct orders).
  for (const [name, status] of [
    ['old', undefined],
    ['pinned', undefined],
    ['closed', 'closed'],
    ['moderated', 'moderated'],
    ['deleted', 'deleted'],
    ['quiet', undefined],
    ['busy', undefined],
  ] as const) {
    threads[name] = await makeItem(app, 'forum-threads', author.id, status)
  }
  await sql(app, 'UPDATE forum_threads SET pinned = true WHERE id = $1', [threads.pinned])
  let minute = 0
  for (const name of ['old', 'closed', 'moderated', 'deleted', 'pinned', 'busy']) {
    const count = name === 'busy' ? 7 : 2
    for (let i = 0; i < count; i++) {
      minute++
      await sql(
        app,
        `INSERT INTO forum_posts (author_id, thread_id, body, status, created_at, updated_at)
         VALUES ($1, $2, $3, $4, now() - interval '2 hours' + $5 * interval '1 minute', now() - interval '2 hours' + $5 * interval '1 minute')`,
        [author.id, threads[name], `Post ${minute}`, i === 3 ? 'moderated' : i === 5 ? 'deleted' : 'published', minute],
      )
    }
  }
  await sql(app, RECOUNT)
}, 120_000)

afterAll(async () => {
  await app?.stop()
})

type Body = { docs: Array<Record<string, unknown>>; totalDocs: number } & Record<string, unknown>

async function get(path: string, headers: Record<string, string> = {}): Promise<Body> {
  const response = await app.request(path, { headers })
  expect(response.status).toBe(200)
  return (await response.json()) as Body
}

/** Ours for `path`, then Payload's stock answer for the same query. */
async function bothWays(path: string): Promise<[Body, Body]> {
  return [await get(path), await get(`${path}${path.includes('?') ? '&' : '?'}draft=false`)]
}

const listQueries = [
  '/api/forum-threads',
  '/api/forum-threads?limit=20',
  '/api/forum-threads?limit=20&sort=-pinned,-lastPostAt',
  '/api/forum-threads?limit=2&page=2',
  '/api/forum-threads?limit=3&page=40&depth=0',
]
const postQueries = (thread: string) => [
  `/api/forum-posts?where[thread][equals]=${thread}&sort=createdAt&limit=20`,
  `/api/forum-posts?where[thread][equals]=${thread}&sort=createdAt&limit=20&depth=0`,
  `/api/forum-posts?where[thread][equals]=${thread}&limit=2&page=2&depth=1`,
]

describe('GET /api/forum-threads, anonymous', () => {
  it.each(listQueries)('%s: the documents, order and paging Payload answers', async (path) => {
    const [ours, payloads] = await bothWays(path)
    expect(ours).toEqual(payloads)
  })

  it('lists public threads only, pinned first, then by last post', async () => {
    const { docs, totalDocs } = await get('/api/forum-threads?limit=20')
    // The thread without posts sorts by its creation, after every seeded post.
    expect(docs.map((doc) => doc.id)).toEqual([
      threads.pinned,
      threads.quiet,
      threads.busy,
      threads.closed,
      threads.old,
    ])
    expect(docs[0]!.id).toBe(threads.pinned)
    expect(docs.map((doc) => doc.status)).not.toContain('moderated')
    expect(docs.map((doc) => doc.status)).not.toContain('deleted')
    expect(totalDocs).toBe(docs.length)
    const unpinned = docs.slice(1).map((doc) => doc.lastPostAt as string)
    expect(unpinned).toEqual([...unpinned].sort().reverse())
  })

  it('is one statement on the threads, its total from list_counts, no count of the table', async () => {
    const { statements } = await statementsDuring(() => get('/api/forum-threads?limit=19'))
    const forum = statements.filter((text) => /forum_threads/.test(text))
    expect(forum).toHaveLength(1)
    expect(forum[0]).toMatch(/list_counts/)
    expect(statements.filter((text) => /count\(\*\)|count\(distinct/i.test(text))).toEqual([])
  })

  it('a signed-in author still gets Payload’s answer, with their own moderated thread', async () => {
    const { docs } = await get('/api/forum-threads?limit=20', await authHeaders(app, author))
    expect(docs.map((doc) => doc.id)).toContain(threads.moderated)
    const other = await get('/api/forum-threads?limit=20', await authHeaders(app, reader))
    expect(other.docs.map((doc) => doc.id)).not.toContain(threads.moderated)
  })

  it('a query it does not know (another sort) goes to Payload', async () => {
    const { statements } = await statementsDuring(() => get('/api/forum-threads?limit=20&sort=title'))
    expect(statements.some((text) => /count/i.test(text) && /forum_threads/.test(text))).toBe(true)
  })
})

describe('GET /api/forum-posts?where[thread][equals]=, anonymous', () => {
  it.each(['busy', 'closed', 'moderated', 'quiet'])(
    'the %s thread: the documents Payload answers at every depth',
    async (name) => {
      for (const path of postQueries(threads[name]!)) {
        const [ours, payloads] = await bothWays(path)
        expect(ours).toEqual(payloads)
      }
    },
  )

  it('a thread that does not exist: an empty page, as Payload answers', async () => {
    for (const path of postQueries(randomUUID())) {
      const [ours, payloads] = await bothWays(path)
      expect(ours).toEqual(payloads)
      expect(ours.docs).toEqual([])
    }
  })

  it('published posts only, oldest first, the total from the thread’s postCount without a count', async () => {
    const { result, statements } = await statementsDuring(() =>
      get(`/api/forum-posts?where[thread][equals]=${threads.busy}&sort=createdAt&limit=19&depth=0`),
    )
    expect(result.totalDocs).toBe(5)
    expect(result.docs.map((doc) => doc.body)).toEqual(['Post 11', 'Post 12', 'Post 13', 'Post 15', 'Post 17'])
    expect(statements.filter((text) => /forum_posts/.test(text))).toHaveLength(1)
    expect(statements.filter((text) => /count\(/i.test(text))).toEqual([])
  })

  it('depth 1 and the default depth carry the public thread; a hidden thread stays an id', async () => {
    const busy = await get(`/api/forum-posts?where[thread][equals]=${threads.busy}&limit=1`)
    expect(busy.docs[0]!.thread).toMatchObject({ id: threads.busy, postCount: 5 })
    const hidden = await get(`/api/forum-posts?where[thread][equals]=${threads.moderated}&limit=1`)
    expect(hidden.docs[0]!.thread).toBe(threads.moderated)
  })
})

describe('the bench’s limit (bench/forum-limit-server.ts)', () => {
  let limit: ServerProcess
  beforeAll(async () => {
    limit = await startServerProcess('bench/forum-limit-server.ts', await freePort(), { DATABASE_URL: app.databaseUrl })
  }, 120_000)
  afterAll(async () => {
    await limit?.stop()
  })

  it('answers the same documents as the app for the same queries', async () => {
    for (const path of [...listQueries, ...postQueries(threads.busy!), ...postQueries(threads.moderated!)]) {
      const theirs = await (await fetch(`${limit.url}${path}`)).json()
      expect(theirs).toEqual(await get(`${path}${path.includes('?') ? '&' : '?'}draft=false`))
    }
  })
})

describe('afterwards', () => {
  it('the list counts and every other invariant hold', async () => {
    expect(await checkInvariants(app)).toEqual([])
  })
})
