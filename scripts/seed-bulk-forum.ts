// `npm run seed -- --threads T --posts P`: forum threads and posts for scale runs in set-based INSERTs,
// with `postCount` and `lastPostAt` exact as the hooks would leave them (docs/decisions.md "Counters are
// recomputed, not incremented"); posts are spread over the threads so that no two share a `lastPostAt`.
import { randomBytes } from 'node:crypto'

import type { PoolClient } from 'pg'

import { progress } from './seed-bulk-people'

const BATCH = 20_000
const AUTHORS = 10_000

// One expression each, used both to count a thread's posts and to write them.
const POST_STATUS = `(CASE WHEN k % 33 = 0 THEN 'moderated' WHEN k % 50 = 0 THEN 'deleted' ELSE 'published' END)`
const POST_THREAD = `((k - 1) % $1::int)`
const POST_OFFSET = `((k - 1) / $1::int + 1) * interval '1 second'`

/** T threads and P posts among them; returns how many of each were written. */
export async function seedForum(
  client: PoolClient,
  threads: number,
  posts: number,
): Promise<{ threads: number; posts: number }> {
  if (posts > 0 && threads === 0) throw new Error('--posts goes into the threads the same run generates: add --threads')
  const run = randomBytes(3).toString('hex')
  const perThread = Math.ceil(posts / Math.max(threads, 1))
  await client.query(`DROP TABLE IF EXISTS seed_forum_authors; CREATE TEMP TABLE seed_forum_authors AS
    SELECT (row_number() OVER (ORDER BY id) - 1)::int AS n, id FROM (SELECT id FROM users ORDER BY id LIMIT ${AUTHORS}) u`)
  const { rows } = await client.query<{ authors: number }>('SELECT count(*)::int AS authors FROM seed_forum_authors')
  const authors = rows[0]!.authors
  if (!authors) throw new Error('--threads needs at least one user to write them')
  await client.query('CREATE UNIQUE INDEX ON seed_forum_authors (n)')

  // The run's threads, with their counters worked out from the posts they will get.
  await client.query(
    `DROP TABLE IF EXISTS seed_forum_threads;
     CREATE TEMP TABLE seed_forum_threads AS
     SELECT i - 1 AS n, gen_random_uuid() AS id, (i % ${authors}) AS author_n, i % 500 = 1 AS pinned,
            (CASE WHEN i % 50 = 7 THEN 'moderated' WHEN i % 50 = 8 THEN 'deleted' WHEN i % 50 IN (1, 2, 3) THEN 'closed' ELSE 'published' END) AS status,
            -- Newest first, (posts per thread + 1) seconds apart, the newest one slot before now.
            now() - (i + 1) * ${perThread + 1} * interval '1 second' AS created_at, 0 AS post_count, NULL::timestamptz AS last_post_at
     FROM generate_series(1, ${threads}) i;
     CREATE UNIQUE INDEX ON seed_forum_threads (n)`,
  )
  if (posts > 0) {
    await client.query(
      `UPDATE seed_forum_threads s SET post_count = c.n, last_post_at = s.created_at + c.last_offset
       FROM (SELECT ${POST_THREAD} AS thread_n, count(*)::int AS n, max(${POST_OFFSET}) AS last_offset
             FROM generate_series(1, $2::int) k WHERE ${POST_STATUS} = 'published' GROUP BY 1) c
       WHERE s.n = c.thread_n`,
      [threads, posts],
    )
  }

  const reportThreads = progress('forum threads', threads)
  for (let from = 0; from < threads; from += BATCH) {
    const to = Math.min(from + BATCH, threads)
    await client.query(
      `INSERT INTO forum_threads (id, author_id, title, body, pinned, post_count, last_post_at, status, created_at, updated_at)
       SELECT s.id, a.id, 'Generated thread ' || $1 || ' ' || (s.n + 1), 'What do you think about topic ' || (s.n + 1) || '?', s.pinned, s.post_count,
              coalesce(s.last_post_at, s.created_at), s.status::enum_forum_threads_status, s.created_at, s.created_at
       FROM seed_forum_threads s JOIN seed_forum_authors a ON a.n = s.author_n
       WHERE s.n >= $2 AND s.n < $3`,
      [run, from, to],
    )
    reportThreads(to)
  }

  const reportPosts = progress('forum posts', posts)
  for (let from = 1; from <= posts; from += BATCH) {
    const to = Math.min(from + BATCH - 1, posts)
    await client.query(
      `INSERT INTO forum_posts (id, author_id, thread_id, body, status, created_at, updated_at)
       SELECT gen_random_uuid(), a.id, s.id, 'Reply ' || k || ' to topic ' || (s.n + 1) || '.', ${POST_STATUS}::enum_forum_posts_status,
              s.created_at + ${POST_OFFSET}, s.created_at + ${POST_OFFSET}
       FROM generate_series($2::int, $3::int) k
       JOIN seed_forum_threads s ON s.n = ${POST_THREAD}
       JOIN seed_forum_authors a ON a.n = k % ${authors}`,
      [threads, from, to],
    )
    reportPosts(to)
  }
  await client.query('DROP TABLE seed_forum_threads; DROP TABLE seed_forum_authors')
  return { threads, posts }
}
