// `npm run bench -- forum`: the forum, classifieds and events lists, anonymous and signed in, hits and
// misses, beside bench/forum-limit-server.ts and the same server with READ_CACHE=false, at 10,000 rows and
// at BENCH_LISTS_LARGE (BENCH_LISTS narrows it to some lists), in alternating rounds (bench/rounds.ts).
import os from 'node:os'

import type { Pool } from 'pg'

import { PUBLIC_READS } from '../collections/publicReads'
import { freePort } from '../src/lib/embedded-database'
import { countFree } from '../src/lib/read-cache/count-free'
import { POST_PAGE, THREAD_PAGE } from '../src/operations/community/forum-reads'
import type { Measurement } from './autocannon'
import { BENCH_ENV, type BenchApp, load, log, runSeed } from './harness'
import { cpuPerRequest, type ServerProcess, startServerProcess } from './processes'
import { markdownTable, type Row, type ScenarioResult } from './report'
import { alternate, formatSpread, QUICK_ROUNDS, ROUND_SECONDS, type Side, type Spread } from './rounds'

interface Sizes {
  threads: number
  posts: number
  classifieds: number
  events: number
}
/** Each list's table (grown by the seed, written to make a cached answer stale). */
const TABLES: Record<keyof Sizes, string> = {
  threads: 'forum_threads',
  posts: 'forum_posts',
  classifieds: 'classifieds',
  events: 'events',
}
const LARGE_ROWS = Number(process.env.BENCH_LISTS_LARGE ?? 1_000_000)
const LISTS = ['threads', 'posts', 'classifieds', 'events'] as const
/** The lists measured (BENCH_LISTS, comma-separated; default every one). */
const MEASURED: ReadonlySet<keyof Sizes> = new Set(
  (process.env.BENCH_LISTS ?? LISTS.join(',')).split(',').map((name) => {
    const list = name.trim() as keyof Sizes
    if (!LISTS.includes(list)) throw new Error(`BENCH_LISTS: unknown list ${name} (one of ${LISTS.join(', ')})`)
    return list
  }),
)
const SMALL: Sizes = { threads: 10_000, posts: 100_000, classifieds: 10_000, events: 10_000 }
// A list not measured stays at its small size; posts grow in new threads.
const grown = (list: keyof Sizes, rows: number) =>
  MEASURED.has(list) || (list === 'threads' && MEASURED.has('posts')) ? rows : SMALL[list]
const LARGE: Sizes = {
  threads: grown('threads', LARGE_ROWS),
  posts: grown('posts', Math.max(LARGE_ROWS, SMALL.posts)),
  classifieds: grown('classifieds', LARGE_ROWS),
  events: grown('events', LARGE_ROWS),
}
/** The connections every read is measured at, and the growth judged at. */
const GROWTH_AT = 10
/** And one request at a time, timed to the microsecond: latency without queueing on the 2 cores. */
const SEQUENTIAL = 300
/** Sequential hits whose server CPU is divided among them (the clock ticks are 10 ms). */
const CPU_REQUESTS = 500
/** Requests of the miss path, each after a write to the read's table. */
const MISSES = 20
const PASSWORD = 'Bench-Passw0rd!'

interface Read {
  /** Its BENCH_LISTS name; TABLES[list] is the table a write to which makes the cached answer stale. */
  list: keyof Sizes
  name: string
  path: string
  /** The forum reads have a hand-written limit (anonymous). */
  limit: boolean
}

async function counts(pool: Pool): Promise<Sizes> {
  const { rows } = await pool.query(
    `SELECT ${(Object.keys(TABLES) as Array<keyof Sizes>).map((list) => `(SELECT count(*) FROM ${TABLES[list]})::int AS ${list}`).join(', ')}`,
  )
  return rows[0]
}

/** Seeds every list up to about `target` (the demo seed has a few rows of its own), in one seed run. */
async function growTo(app: BenchApp, pool: Pool, target: Sizes) {
  const now = await counts(pool)
  const gap = (key: keyof Sizes) => Math.max(0, target[key] - now[key])
  const more: Sizes = {
    threads: gap('threads'),
    posts: gap('posts'),
    classifieds: gap('classifieds'),
    events: gap('events'),
  }
  // Posts go into the threads of the same run.
  if (!more.threads) more.posts = 0
  if (Object.values(more).some((n) => n > 0)) {
    const started = Date.now()
    log(
      `lists: seeding ${Object.entries(more)
        .map(([key, n]) => `${n.toLocaleString('en')} ${key}`)
        .join(', ')} more`,
    )
    await runSeed(app, { ...more })
    // A million rows just inserted are work PostgreSQL still owes the tables, done in the
    // background in the middle of the next measurement: autovacuum's pass over the new rows
    // (the insert threshold) with its statistics, and the checkpointer's flush of the dirty
    // pages. A one-off backlog of the bulk load, not the steady state: paid here, before it.
    for (const table of (Object.keys(more) as Array<keyof Sizes>)
      .filter((key) => more[key] > 0)
      .map((key) => TABLES[key])) {
      log(`lists: vacuum and analyze ${table}`)
      await pool.query(`VACUUM (ANALYZE) ${table}`)
    }
    await pool.query('CHECKPOINT')
    log(`lists: seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`)
  }
  return counts(pool)
}

/**
 * A signed-in citizen who owns an item in a non-public status on every list (docs/api.md
 * "Community content": they see it, anyone else does not), and a fresh sign-in of theirs for
 * each measurement: the session's cookie cache holds for 5 minutes, and a browser keeps the
 * renewed one the server sends, which autocannon does not (an old cookie would measure the
 * session lookup of every request instead).
 */
async function reader(
  app: BenchApp,
  pool: Pool,
  threadId: string,
): Promise<{ signIn: () => Promise<Record<string, string>>; userId: string }> {
  const email = `bench-reader-${Date.now()}@example.test`
  const user = await app.payload.create({
    collection: 'users',
    overrideAccess: true,
    data: { email, password: PASSWORD, roles: ['citizen'], emailVerified: true } as never,
  })
  const signIn = async () => {
    const response = await fetch(`${app.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    })
    if (response.status !== 200) throw new Error(`lists: reader sign-in failed: ${response.status}`)
    return {
      cookie: response.headers
        .getSetCookie()
        .map((header) => header.split(';')[0])
        .join('; '),
    }
  }
  // Written by SQL as the bulk seed writes (the version triggers see them like any write); newest, so on the first
  // page.
  await pool.query(
    `WITH thread AS (INSERT INTO forum_threads (author_id, title, body, pinned, post_count, last_post_at, status) VALUES ($1, 'My moderated thread', 'Seen by its author only.', false, 0, now(), 'moderated') RETURNING id),
          post AS (INSERT INTO forum_posts (author_id, thread_id, body, status, created_at) VALUES ($1, $2, 'My moderated post.', 'moderated', now()) RETURNING id),
          classified AS (INSERT INTO classifieds (author_id, title, currency, status) VALUES ($1, 'My classified awaiting review', 'EUR', 'pending_review') RETURNING id),
          event AS (INSERT INTO events (author_id, title, starts_at, ends_at, status) VALUES ($1, 'My moderated event', now() + interval '400 days', now() + interval '401 days', 'moderated') RETURNING id)
     SELECT (SELECT count(*) FROM thread) + (SELECT count(*) FROM post) + (SELECT count(*) FROM classified) + (SELECT count(*) FROM event) AS written`,
    [user.id, threadId],
  )
  return { signIn, userId: String(user.id) }
}

/**
 * Ours and the peer (and the limit, anonymous forum reads) must answer the same documents, and a signed-in reader their
 * own item too.
 */
async function sameAnswers(
  app: BenchApp,
  limitUrl: string,
  peerUrl: string,
  read: Read,
  headers: Record<string, string>,
): Promise<void> {
  const get = async (url: string) => JSON.stringify(await (await fetch(url, { headers })).json())
  const [ours, peer] = await Promise.all([get(`${app.url}${read.path}`), get(`${peerUrl}${read.path}`)])
  if (!sameDocuments(ours, peer)) throw new Error(`lists: ours and the peer disagree on ${read.path}`)
  if (read.limit && !headers.cookie && !sameDocuments(ours, await get(`${limitUrl}${read.path}`)))
    throw new Error(`lists: ours and the limit disagree on ${read.path}`)
  // Their own item may sort past the first page (pinned threads come first): it shows in the total.
  // (The large seed may give them more: its authors are the first users by id.)
  if (
    headers.cookie &&
    (JSON.parse(ours) as { totalDocs: number }).totalDocs <=
      ((await (await fetch(`${app.url}${read.path}`)).json()) as { totalDocs: number }).totalDocs
  ) {
    throw new Error(`lists: the signed-in reader does not see more than anonymous readers on ${read.path}`)
  }
}

/** Payload's keys come in its own order: compare the documents, not the text. */
function sameDocuments(a: string, b: string): boolean {
  const sorted = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sorted)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .sort(([x], [y]) => x.localeCompare(y))
              .map(([k, v]) => [k, sorted(v)]),
          )
        : value
  return JSON.stringify(sorted(JSON.parse(a))) === JSON.stringify(sorted(JSON.parse(b)))
}

interface AtSize {
  /** The median of the alternating rounds (bench/rounds.ts). */
  ours: Measurement
  /** Signed in ÷ anonymous, round by round (the signed-in entry only). */
  overAnonymous?: Spread
  /** p50 of SEQUENTIAL requests one after the other, ms. */
  sequentialP50: number
  /** p50 of MISSES requests, each after a write to the read's table, ms. */
  missP50: number
  /** Server CPU ms per hit, CPU_REQUESTS sequential hits: what load moves least. */
  cpuMs: number
}

const WHO = [
  ['anonymous', false],
  ['signed in (cookie)', true],
] as const

/**
 * Per read, one alternation (bench/rounds.ts) of every side: ours anonymous and signed in, the
 * limit (anonymous forum reads), the peer anonymous and signed in. Signed in ÷ anonymous is then
 * a median of per-round ratios like every other ratio, not two runs minutes apart.
 */
async function measureAll(
  app: BenchApp,
  limitUrl: string,
  peerUrl: string,
  pool: Pool,
  reads: Read[],
  signIn: () => Promise<Record<string, string>>,
  size: string,
  rows: Row[],
): Promise<Record<string, AtSize>> {
  const at: Record<string, AtSize> = {}
  for (const read of reads) {
    // A fresh session: its cookie cache (300 s) holds for the whole alternation and what follows.
    const signedIn = await signIn()
    for (const [, cookie] of WHO) await sameAnswers(app, limitUrl, peerUrl, read, cookie ? signedIn : {})
    const sides: Side[] = [
      { name: 'anonymous', url: `${app.url}${read.path}`, headers: {} },
      { name: 'signed in', url: `${app.url}${read.path}`, headers: signedIn },
      ...(read.limit ? [{ name: 'limit', url: `${limitUrl}${read.path}`, headers: {} }] : []),
      { name: 'peer anonymous', url: `${peerUrl}${read.path}`, headers: {} },
      { name: 'peer signed in', url: `${peerUrl}${read.path}`, headers: signedIn },
    ]
    const { merged, ratio } = await alternate(`lists: ${read.name} at ${size}`, sides, {
      connections: GROWTH_AT,
      rounds: QUICK_ROUNDS,
    })
    const serverRssMb = await app.server.rssMb()
    for (const [who, cookie] of WHO) {
      const headers = cookie ? signedIn : {}
      const side = cookie ? 'signed in' : 'anonymous'
      const peerSide = cookie ? 'peer signed in' : 'peer anonymous'
      const ours = merged[side]!
      rows.push({
        scenario: `${read.name}, ${who}, ${size}`,
        connections: GROWTH_AT,
        ours,
        limit: cookie ? undefined : merged.limit,
        peer: merged[peerSide],
        ratios: { limit: read.limit && !cookie ? ratio(side, 'limit') : undefined, peer: ratio(side, peerSide) },
        serverRssMb,
      })
      const sequentialP50 = (
        await load(`lists: ${read.name}, ${who}, ${SEQUENTIAL} sequential`, SEQUENTIAL, 1, async () => {
          const response = await fetch(`${app.url}${read.path}`, { headers })
          await response.arrayBuffer()
          return response.ok
        })
      ).p50
      // A write that changes nothing visible still bumps the version: the next read misses.
      const missTimes: number[] = []
      for (let i = 0; i < MISSES; i++) {
        await pool.query(
          `UPDATE ${TABLES[read.list]} SET updated_at = updated_at WHERE id = (SELECT id FROM ${TABLES[read.list]} ORDER BY created_at LIMIT 1)`,
        )
        const started = performance.now()
        const response = await fetch(`${app.url}${read.path}`, { headers })
        await response.arrayBuffer()
        if (!response.ok) throw new Error(`lists: ${read.path} answered ${response.status} after a write`)
        missTimes.push(performance.now() - started)
      }
      missTimes.sort((a, b) => a - b)
      const cpuMs = await cpuPerRequest(app.server.pid, `${app.url}${read.path}`, CPU_REQUESTS, headers)
      at[`${read.name}\n${who}`] = {
        ours,
        overAnonymous: cookie ? ratio('signed in', 'anonymous') : undefined,
        sequentialP50,
        missP50: missTimes[Math.floor(MISSES / 2)]!,
        cpuMs,
      }
    }
  }
  return at
}

/** EXPLAIN ANALYZE of both statements as the app sends them: time, indexes, seq scans, the plan. */
async function explain(pool: Pool, threadId: string): Promise<string> {
  const lines: string[] = ['| statement | execution time | indexes | seq scans |', '| --- | ---: | --- | --- |']
  const plans: string[] = []
  for (const [name, statement, values] of [
    ['thread list, 20', THREAD_PAGE, [20, 0]],
    ['one thread’s posts, 20', POST_PAGE, [threadId, 20, 0]],
  ] as const) {
    await pool.query(statement.text, [...values]) // warm the cache
    const { rows } = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${statement.text}`, [...values])
    const plan = rows.map((row) => row['QUERY PLAN'] as string).join('\n')
    const indexes = [
      ...new Set([...plan.matchAll(/(?:using|Bitmap Index Scan on) (\S+)/gi)].map((m) => `\`${m[1]}\``)),
    ].join(', ')
    const seqScans = [...new Set([...plan.matchAll(/Seq Scan on (\S+)/g)].map((m) => m[1]))].join(', ') || 'none'
    lines.push(`| ${name} | ${/Execution Time: ([\d.]+ ms)/.exec(plan)?.[1] ?? '?'} | ${indexes} | ${seqScans} |`)
    plans.push(`<details><summary>${name}</summary>\n\n\`\`\`\n${plan}\n\`\`\`\n</details>`)
  }
  return [...lines, '', ...plans].join('\n')
}

/**
 * The statements a miss of ours sends for each read (Payload's Local API `find` with the same
 * query, anonymous and as the reader, under the read cache's count-free totals, recorded at
 * the pool), each under EXPLAIN ANALYZE: where a miss's time goes as the lists grow (the page,
 * and the total from list_counts where Payload counted every visible row before).
 */
async function explainMisses(app: BenchApp, pool: Pool, userId: string, reads: Read[]): Promise<string> {
  const user = {
    ...(await app.payload.findByID({ collection: 'users', id: userId, overrideAccess: true, depth: 0 })),
    collection: 'users',
  }
  const lines: string[] = [
    '| read | who | statement | execution time | seq scans |',
    '| --- | --- | --- | ---: | --- |',
  ]
  const details: string[] = []
  const keptTotals = countFree(app.payload, PUBLIC_READS.countedLists ?? {})
  for (const read of reads.filter((r) => r.name.startsWith('forum thread') || !r.limit)) {
    const url = new URL(read.path, 'http://localhost')
    const slug = url.pathname.replace('/api/', '')
    for (const [who, reader] of [
      ['anonymous', null],
      ['signed in', user],
    ] as const) {
      const recorded: Array<{ text: string; values: unknown[] }> = []
      const query = pool.query.bind(pool)
      pool.query = ((config: unknown, values?: unknown[]) => {
        const text = typeof config === 'string' ? config : (config as { text: string }).text
        if (/^\s*(select|with)\b/i.test(text))
          recorded.push({ text, values: values ?? (config as { values?: unknown[] }).values ?? [] })
        return (query as (c: unknown, v?: unknown[]) => unknown)(config, values)
      }) as typeof pool.query
      try {
        // As on a miss of ours: totals from list_counts where the where allows (docs/decisions.md
        // "Cache misses take totalDocs from list_counts").
        await keptTotals(() =>
          app.payload.find({
            collection: slug as never,
            limit: Number(url.searchParams.get('limit')),
            sort: url.searchParams.get('sort')!.split(','),
            overrideAccess: false,
            user: reader as never,
          }),
        )
      } finally {
        pool.query = query as typeof pool.query
      }
      for (const [i, statement] of recorded.entries()) {
        const { rows } = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${statement.text}`, statement.values)
        const plan = rows.map((row) => row['QUERY PLAN'] as string).join('\n')
        const seqScans = [...new Set([...plan.matchAll(/Seq Scan on (\S+)/g)].map((m) => m[1]))].join(', ') || 'none'
        const kind = /list_counts/.test(statement.text)
          ? 'total (list_counts)'
          : /count\(/i.test(statement.text)
            ? 'count'
            : `page (statement ${i + 1})`
        lines.push(
          `| ${read.name} | ${who} | ${kind} | ${/Execution Time: ([\d.]+ ms)/.exec(plan)?.[1] ?? '?'} | ${seqScans} |`,
        )
        details.push(
          `<details><summary>${read.name}, ${who}, ${kind}</summary>\n\n\`\`\`\n${statement.text}\n\n${plan}\n\`\`\`\n</details>`,
        )
      }
    }
  }
  return [...lines, '', ...details].join('\n')
}

export async function forumBench(app: BenchApp): Promise<ScenarioResult> {
  const pool = app.payload.db.pool
  const small = await growTo(app, pool, SMALL)
  // The busiest public thread of the small size: the same thread is read at both sizes.
  const { rows: found } = await pool.query(
    `SELECT id FROM forum_threads WHERE status = 'published' ORDER BY post_count DESC, created_at DESC LIMIT 1`,
  )
  const threadId = String(found[0]!.id)
  const { signIn, userId } = await reader(app, pool, threadId)
  const reads: Read[] = (
    [
      {
        list: 'threads',
        name: 'forum thread list, 20, pinned first',
        path: '/api/forum-threads?limit=20&sort=-pinned,-lastPostAt',
        limit: true,
      },
      {
        list: 'posts',
        name: 'one thread’s posts, 20',
        path: `/api/forum-posts?where[thread][equals]=${threadId}&sort=createdAt&limit=20`,
        limit: true,
      },
      {
        list: 'classifieds',
        name: 'classifieds, 20, newest first',
        path: '/api/classifieds?limit=20&sort=-createdAt',
        limit: false,
      },
      {
        list: 'events',
        name: 'events, 20, latest start first',
        path: '/api/events?limit=20&sort=-startsAt',
        limit: false,
      },
    ] satisfies Read[]
  ).filter((read) => MEASURED.has(read.list))
  const limit = await startServerProcess('bench/forum-limit-server.ts', await freePort(), {
    DATABASE_URL: app.databaseUrl,
  })
  let peer: ServerProcess | undefined
  const rows: Row[] = []
  const loadBefore = os.loadavg()
  try {
    peer = await startServerProcess('src/server.ts', await freePort(), {
      ...BENCH_ENV,
      DATABASE_URL: app.databaseUrl,
      ADMIN_PANEL: 'false',
      READ_CACHE: 'false',
    })
    const label = (size: Sizes) =>
      `${size.threads.toLocaleString('en')} threads / ${size.posts.toLocaleString('en')} posts / ${size.classifieds.toLocaleString('en')} classifieds / ${size.events.toLocaleString('en')} events`
    const before = await measureAll(app, limit.url, peer.url, pool, reads, signIn, label(small), rows)
    const seedStarted = Date.now()
    const large = await growTo(app, pool, LARGE)
    const seedSeconds = (Date.now() - seedStarted) / 1000
    const after = await measureAll(app, limit.url, peer.url, pool, reads, signIn, label(large), rows)
    const plans = !reads.some((read) => read.limit)
      ? '(no forum read measured)'
      : await explain(pool, threadId).catch(
          (error: unknown) => `EXPLAIN failed: ${error instanceof Error ? error.message : String(error)}`,
        )
    const missPlans = await explainMisses(app, pool, userId, reads).catch(
      (error: unknown) => `EXPLAIN failed: ${error instanceof Error ? error.message : String(error)}`,
    )
    const loadAfter = os.loadavg()

    const ratio = (a: Measurement, b?: Measurement, spread?: Spread) =>
      spread ? formatSpread(spread) : b && b.rps > 0 ? `${(a.rps / b.rps).toFixed(2)}×` : ''
    const errors = (m?: Measurement) => (m ? m.errors + m.non2xx : 0)
    const growth = reads.flatMap((read) =>
      WHO.map(([who]) => ({
        read: read.name,
        who,
        small: before[`${read.name}\n${who}`]!,
        large: after[`${read.name}\n${who}`]!,
      })),
    )
    const markdown = [
      `Reads as a client sends them (\`${reads.map((read) => read.path.replace(threadId, '<id>')).join('`, `')}\`, default depth), anonymous and signed in (a citizen's session cookie; the reader owns one item in a non-public status on each list, and sees it), ${GROWTH_AT} connections, ${QUICK_ROUNDS} alternating rounds of ${ROUND_SECONDS} s per side (ours anonymous and signed in, the limit, the peer anonymous and signed in; req/s and p50 the rounds' medians, ratios the median of the rounds' ratios, then their range); load average ${loadBefore.map((n) => n.toFixed(1)).join(' / ')} before and ${loadAfter.map((n) => n.toFixed(1)).join(' / ')} after (1/5/15 min; ratios are within one run). The limit (forum reads, anonymous) is express + pg with the same two statements, access rule and presenters (bench/forum-limit-server.ts); the peer is the same server with \`READ_CACHE=false\` (Payload's stock route), with the same credentials. Ours and the peer (and the limit) answered the same documents before each measurement. Growing the lists took ${seedSeconds.toFixed(0)} s.`,
      '',
      markdownTable(
        rows.map((row) => ({
          scenario: row.scenario,
          conns: String(row.connections),
          'ours req/s': row.ours.rps.toFixed(0),
          'ours p50': `${row.ours.p50} ms`,
          'limit req/s': row.limit ? row.limit.rps.toFixed(0) : '',
          'ours ÷ limit': ratio(row.ours, row.limit, row.ratios?.limit),
          'peer req/s': row.peer!.rps.toFixed(0),
          'peer p50': `${row.peer!.p50} ms`,
          'ours ÷ peer': ratio(row.ours, row.peer, row.ratios?.peer),
          'non-2xx/errors': String(errors(row.ours) + errors(row.limit) + errors(row.peer)),
        })),
      ),
      '',
      markdownTable(
        growth.map(({ read, who, small: s, large: l }) => ({
          read,
          who,
          [`p50 at ${GROWTH_AT} connections`]: `${s.ours.p50} ms → ${l.ours.p50} ms`,
          'large ÷ small (p50)': `${(l.ours.p50 / Math.max(s.ours.p50, 1)).toFixed(2)}×`,
          'req/s': `${s.ours.rps.toFixed(0)} → ${l.ours.rps.toFixed(0)}`,
          'signed in ÷ anonymous (req/s, rounds), small / large':
            who === 'anonymous' ? '' : `${formatSpread(s.overAnonymous)} / ${formatSpread(l.overAnonymous)}`,
          [`p50 of ${SEQUENTIAL} sequential`]: `${s.sequentialP50.toFixed(2)} ms → ${l.sequentialP50.toFixed(2)} ms`,
          'sequential large ÷ small': `${(l.sequentialP50 / s.sequentialP50).toFixed(2)}×`,
          [`miss p50 (${MISSES}, each after a write)`]: `${s.missP50.toFixed(1)} ms → ${l.missP50.toFixed(1)} ms`,
          'miss large ÷ small': `${(l.missP50 / s.missP50).toFixed(2)}×`,
          [`server CPU per hit (${CPU_REQUESTS} sequential)`]: `${s.cpuMs.toFixed(2)} ms → ${l.cpuMs.toFixed(2)} ms`,
        })),
      ),
      '',
      `EXPLAIN (ANALYZE, BUFFERS) at ${label(large)}, each statement as the app sends it, run once before to warm the cache:`,
      '',
      plans,
      '',
      `The miss path: the statements a miss sends for each read (the Local API's \`find\` with the same query and reader, with the read cache's totals from list_counts, recorded at the pool), EXPLAIN (ANALYZE, BUFFERS) at ${label(large)}:`,
      '',
      missPlans,
    ].join('\n')
    log(markdown)
    return {
      rows,
      sections: [{ name: 'forum', markdown }],
      data: {
        threadId,
        small,
        large,
        seedSeconds,
        loadBefore,
        loadAfter,
        growth: growth.map(({ read, who, small: s, large: l }) => ({
          read,
          who,
          small: s.ours.p50,
          large: l.ours.p50,
          sequentialSmall: s.sequentialP50,
          sequentialLarge: l.sequentialP50,
          missSmall: s.missP50,
          missLarge: l.missP50,
          cpuSmall: s.cpuMs,
          cpuLarge: l.cpuMs,
          overAnonymousSmall: s.overAnonymous,
          overAnonymousLarge: l.overAnonymous,
        })),
      },
    }
  } finally {
    await peer?.stop()
    await limit.stop()
  }
}
