// The forum's public reads (issue 20 "Speed"): a forum's thread list (20, pinned first, then
// by last post) and one thread's posts (20, oldest first), read anonymously as a client asks
// for them on the stock routes, beside the limit (bench/forum-limit-server.ts: express + pg,
// the same statements and access rule) and the peer: Payload's stock route for the same
// query, as it is (`&draft=false`, which changes nothing for these collections, is a query
// the shell leaves to Payload). At 1,000 threads / 100,000 posts, then grown to 100,000 /
// 1,000,000 (`npm run seed -- --threads --posts`; BENCH_FORUM_LARGE_THREADS and
// BENCH_FORUM_LARGE_POSTS set the large size). Targets: ≥ 0.6× the limit, ≥ 2× the peer,
// p50 at the large size ≤ 1.5× the small one. `npm run bench -- forum`.
import type { Pool } from 'pg'

import { freePort } from '../src/lib/embedded-database'
import { POST_PAGE, THREAD_PAGE } from '../src/operations/community/forum-reads'
import type { Measurement } from './autocannon'
import { load, log, runSeed, type BenchApp } from './harness'
import { startServerProcess } from './processes'
import { markdownTable, tableRows, type Row, type ScenarioResult } from './report'
import { alternate, QUICK_ROUNDS, ROUND_SECONDS } from './rounds'

const SMALL = { threads: 1_000, posts: 100_000 }
const LARGE = { threads: Number(process.env.BENCH_FORUM_LARGE_THREADS ?? 100_000), posts: Number(process.env.BENCH_FORUM_LARGE_POSTS ?? 1_000_000) }
const CONNECTIONS = [1, 10]
/** The connections the growth is judged at (autocannon's p50 is whole milliseconds: at 1 connection, 1–2 ms, too coarse for a ratio). */
const GROWTH_AT = 10
/** And one request at a time, timed to the microsecond: latency without queueing on the 2 cores. */
const SEQUENTIAL = 300

interface Read {
  name: string
  path: string
}

async function counts(pool: Pool): Promise<{ threads: number; posts: number }> {
  const { rows } = await pool.query('SELECT (SELECT count(*) FROM forum_threads)::int AS threads, (SELECT count(*) FROM forum_posts)::int AS posts')
  return rows[0]
}

/** Seeds threads and posts until there are about `target` (the demo seed has a few of its own). */
async function growTo(app: BenchApp, pool: Pool, target: { threads: number; posts: number }) {
  const now = await counts(pool)
  const threads = Math.max(0, target.threads - now.threads)
  const posts = Math.max(0, target.posts - now.posts)
  if (threads > 0) {
    log(`forum: seeding ${threads.toLocaleString('en')} threads and ${posts.toLocaleString('en')} posts more`)
    await runSeed(app, { threads, posts })
    // A million rows just written are dirty pages the checkpointer would flush in the middle
    // of the next measurement: a one-off backlog of the bulk load, not the steady state.
    await pool.query('CHECKPOINT')
  }
  return counts(pool)
}

const peerOf = (path: string) => `${path}&draft=false`

/** The three answers for `path` must be the same documents (else the ratios compare different work). */
async function sameAnswers(app: BenchApp, limitUrl: string, path: string): Promise<void> {
  const [ours, limit, peer] = await Promise.all([`${app.url}${path}`, `${limitUrl}${path}`, `${app.url}${peerOf(path)}`].map(async (url) => JSON.stringify(await (await fetch(url)).json())))
  if (!sameDocuments(ours!, limit!) || !sameDocuments(ours!, peer!)) throw new Error(`forum: ours, the limit and the peer disagree on ${path}`)
}

/** Payload's keys come in its own order: compare the documents, not the text. */
function sameDocuments(a: string, b: string): boolean {
  const sorted = (value: unknown): unknown =>
    Array.isArray(value) ? value.map(sorted) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).sort(([x], [y]) => x.localeCompare(y)).map(([k, v]) => [k, sorted(v)])) : value
  return JSON.stringify(sorted(JSON.parse(a))) === JSON.stringify(sorted(JSON.parse(b)))
}

interface AtSize {
  ours: Measurement
  /** p50 of SEQUENTIAL requests one after the other, ms. */
  sequentialP50: number
}

async function measureAll(app: BenchApp, limitUrl: string, reads: Read[], size: string, rows: Row[]): Promise<Record<string, AtSize>> {
  const at: Record<string, AtSize> = {}
  for (const read of reads) {
    await sameAnswers(app, limitUrl, read.path)
    for (const connections of CONNECTIONS) {
      const sides = [
        { name: 'ours', url: `${app.url}${read.path}` },
        { name: 'limit', url: `${limitUrl}${read.path}` },
        { name: 'peer', url: `${app.url}${peerOf(read.path)}` },
      ]
      const { merged, ratio } = await alternate(`forum: ${read.name} at ${size}`, sides, { connections, rounds: QUICK_ROUNDS })
      const ours = merged.ours!
      rows.push({ scenario: `${read.name}, ${size}`, connections, ours, limit: merged.limit, peer: merged.peer, ratios: { limit: ratio('ours', 'limit'), peer: ratio('ours', 'peer') }, serverRssMb: await app.server.rssMb() })
      if (connections === GROWTH_AT) at[read.name] = { ours, sequentialP50: NaN }
    }
    const sequential = await load(`forum: ${read.name}, ${SEQUENTIAL} sequential`, SEQUENTIAL, 1, async () => {
      const response = await fetch(`${app.url}${read.path}`)
      await response.arrayBuffer()
      return response.ok
    })
    at[read.name]!.sequentialP50 = sequential.p50
  }
  return at
}

/** EXPLAIN ANALYZE of both statements as the app sends them: time, indexes, seq scans, the plan. */
async function explain(pool: Pool, threadId: string): Promise<string> {
  const lines: string[] = ['| statement | execution time | indexes | seq scans |', '| --- | ---: | --- | --- |']
  const plans: string[] = []
  for (const [name, statement, values] of [['thread list, 20', THREAD_PAGE, [20, 0]], ['one thread’s posts, 20', POST_PAGE, [threadId, 20, 0]]] as const) {
    await pool.query(statement.text, [...values]) // warm the cache
    const { rows } = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${statement.text}`, [...values])
    const plan = rows.map((row) => row['QUERY PLAN'] as string).join('\n')
    const indexes = [...new Set([...plan.matchAll(/(?:using|Bitmap Index Scan on) (\S+)/gi)].map((m) => `\`${m[1]}\``))].join(', ')
    const seqScans = [...new Set([...plan.matchAll(/Seq Scan on (\S+)/g)].map((m) => m[1]))].join(', ') || 'none'
    lines.push(`| ${name} | ${/Execution Time: ([\d.]+ ms)/.exec(plan)?.[1] ?? '?'} | ${indexes} | ${seqScans} |`)
    plans.push(`<details><summary>${name}</summary>\n\n\`\`\`\n${plan}\n\`\`\`\n</details>`)
  }
  return [...lines, '', ...plans].join('\n')
}

export async function forumBench(app: BenchApp): Promise<ScenarioResult> {
  const pool = (app.payload.db as unknown as { pool: Pool }).pool
  const small = await growTo(app, pool, SMALL)
  // The busiest public thread of the small size: the same thread is read at both sizes.
  const { rows: found } = await pool.query(`SELECT id FROM forum_threads WHERE status = 'published' ORDER BY post_count DESC, created_at DESC LIMIT 1`)
  const threadId = String(found[0]!.id)
  const reads: Read[] = [
    { name: 'forum thread list, 20, pinned first', path: '/api/forum-threads?limit=20&sort=-pinned,-lastPostAt' },
    { name: 'one thread’s posts, 20', path: `/api/forum-posts?where[thread][equals]=${threadId}&sort=createdAt&limit=20` },
  ]
  const limit = await startServerProcess('bench/forum-limit-server.ts', await freePort(), { DATABASE_URL: app.databaseUrl })
  const rows: Row[] = []
  try {
    const label = (size: { threads: number; posts: number }) => `${size.threads.toLocaleString('en')} threads / ${size.posts.toLocaleString('en')} posts`
    const before = await measureAll(app, limit.url, reads, label(small), rows)
    const large = await growTo(app, pool, LARGE)
    const after = await measureAll(app, limit.url, reads, label(large), rows)
    const plans = await explain(pool, threadId).catch((error: unknown) => `EXPLAIN failed: ${error instanceof Error ? error.message : String(error)}`)

    const growth = reads.map((read) => ({ read: read.name, small: before[read.name]!, large: after[read.name]! }))
    const markdown = [
      `Anonymous reads as a client sends them (\`${reads[0]!.path}\`, \`/api/forum-posts?where[thread][equals]=<id>&sort=createdAt&limit=20\`, default depth), ${QUICK_ROUNDS} alternating rounds of ${ROUND_SECONDS} s per side (a ratio is the median of the rounds', then their range). The limit is express + pg with the same two statements, access rule and presenters (bench/forum-limit-server.ts); the peer is Payload's stock route for the same query (\`&draft=false\` appended: a no-op for these collections that the shell leaves to Payload). Ours, the limit and the peer answered the same documents before each measurement.`,
      '',
      markdownTable(tableRows(rows, ['ours p99', 'limit p50', 'server RSS'])),
      '',
      markdownTable(growth.map(({ read, small: s, large: l }) => ({
        read,
        [`p50 at ${GROWTH_AT} connections`]: `${s.ours.p50} ms → ${l.ours.p50} ms`,
        growth: `${(l.ours.p50 / Math.max(s.ours.p50, 1)).toFixed(2)}×`,
        'req/s': `${s.ours.rps.toFixed(0)} → ${l.ours.rps.toFixed(0)}`,
        [`p50 of ${SEQUENTIAL} sequential`]: `${s.sequentialP50.toFixed(2)} ms → ${l.sequentialP50.toFixed(2)} ms`,
        'sequential growth': `${(l.sequentialP50 / s.sequentialP50).toFixed(2)}×`,
      }))),
      '',
      `EXPLAIN (ANALYZE, BUFFERS) at ${label(large)}, each statement as the app sends it, run once before to warm the cache:`,
      '',
      plans,
    ].join('\n')
    log(markdown)
    return { rows, sections: [{ name: 'forum', markdown }], data: { threadId, small, large, growth: growth.map(({ read, small: s, large: l }) => ({ read, small: s.ours.p50, large: l.ours.p50, sequentialSmall: s.sequentialP50, sequentialLarge: l.sequentialP50 })) } }
  } finally {
    await limit.stop()
  }
}
