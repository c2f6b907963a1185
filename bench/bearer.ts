// Signed-in reads by bearer token beside anonymous ones, as apps make them: the public catalogue
// (`GET /api/service-listings?limit=20&depth=1`) and the forum's thread list, at 10,000 rows
// and at BENCH_BEARER_LARGE (default 100,000: services for the catalogue, threads for the
// forum). Two servers on one database: ours (the bearer cache, src/lib/auth/bearer-cache.ts)
// and the same server with BEARER_CACHE_SECONDS=0 (every bearer request reads its session, as
// before the cache). Each read is measured anonymously and by a citizen's bearer token on
// both, in alternating rounds (bench/rounds.ts, BENCH_BEARER_ROUNDS × BENCH_ROUND_SECONDS) at
// BENCH_BEARER_CONNECTIONS (default 10). Target: bearer ≥ 0.8× anonymous on the same server and
// read, and no worse at the large size. `npm run bench -- bearer`.
import os from 'node:os'

import type { Pool } from 'pg'

import { freePort } from '../src/lib/embedded-database'
import { BENCH_ENV, type BenchApp, countRows, log, runSeed, seedTo, signedInMember } from './harness'
import { cpuMs, postmasterPid, startServerProcess, treeCpuMs } from './processes'
import { SMALL } from './reads'
import { markdownTable, type ScenarioResult } from './report'
import { alternate, formatSpread, ROUND_SECONDS, type Spread } from './rounds'

const ROWS = [10_000, Number(process.env.BENCH_BEARER_LARGE ?? 100_000)].filter(
  (n, i, all) => n > 0 && all.indexOf(n) === i,
)
const CONNECTIONS = (process.env.BENCH_BEARER_CONNECTIONS ?? '10').split(',').map(Number)
const ROUNDS = Number(process.env.BENCH_BEARER_ROUNDS ?? 6)
/** Requests one after the other per side, for CPU per request (what a loaded machine moves least). */
const SEQUENTIAL = Number(process.env.BENCH_BEARER_SEQUENTIAL ?? 300)

interface Read {
  name: string
  path: string
  /** Grows the read's table to about `rows` rows. */
  grow: (app: BenchApp, pool: Pool, rows: number) => Promise<number>
}

const READS: Read[] = [
  {
    name: 'public catalogue',
    path: '/api/service-listings?limit=20&depth=1',
    grow: async (app, _pool, rows) => (await seedTo(app, { ...SMALL, services: rows })).services,
  },
  {
    name: 'forum thread list',
    path: '/api/forum-threads?limit=20&sort=-pinned,-lastPostAt',
    grow: async (app, pool, rows) => {
      const count = async () =>
        (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM forum_threads')).rows[0]!.n
      const more = rows - (await count())
      if (more > 0) {
        await runSeed(app, { threads: more })
        await pool.query('VACUUM (ANALYZE) forum_threads')
        await pool.query('CHECKPOINT')
      }
      return count()
    },
  },
]

const pair = (a: number, b: number) => `${a.toFixed(0)} / ${b.toFixed(0)}`
const sortedKeys = (value: unknown): string => JSON.stringify(sorted(value))
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

/** A citizen's bearer token (no organization, nothing of their own in the lists). */
async function citizenToken(app: BenchApp): Promise<Record<string, string>> {
  return (await signedInMember(app, 'citizen', 'bearer')).bearer
}

interface Sequential {
  p50: number
  serverCpuMs: number
  postgresCpuMs: number
}

/** SEQUENTIAL requests one after the other: their p50, and the server's and PostgreSQL's CPU per request. */
async function sequential(
  url: string,
  serverPid: number,
  postgresPid: number,
  headers: Record<string, string>,
): Promise<Sequential> {
  for (let i = 0; i < 20; i++) await (await fetch(url, { headers })).arrayBuffer()
  const [server0, postgres0] = [await cpuMs(serverPid), await treeCpuMs(postgresPid)]
  const times: number[] = []
  for (let i = 0; i < SEQUENTIAL; i++) {
    const started = performance.now()
    const response = await fetch(url, { headers })
    await response.arrayBuffer()
    times.push(performance.now() - started)
    if (response.status !== 200) throw new Error(`bearer: ${url} answered ${response.status}`)
  }
  const [server1, postgres1] = [await cpuMs(serverPid), await treeCpuMs(postgresPid)]
  times.sort((a, b) => a - b)
  return {
    p50: times[Math.floor(times.length / 2)]!,
    serverCpuMs: (server1 - server0) / SEQUENTIAL,
    postgresCpuMs: (postgres1 - postgres0) / SEQUENTIAL,
  }
}

interface Measured {
  read: string
  rows: number
  connections: number
  rps: Record<string, number>
  p50: Record<string, number>
  cachedOverAnonymous: Spread
  uncachedOverAnonymous: Spread
  cachedOverUncached: Spread
  sequential: Record<string, Sequential>
}

export async function bearerBench(app: BenchApp): Promise<ScenarioResult> {
  const pool: Pool = app.payload.db.pool
  const uncached = await startServerProcess('src/server.ts', await freePort(), {
    ...BENCH_ENV,
    DATABASE_URL: app.databaseUrl,
    ADMIN_PANEL: 'false',
    BEARER_CACHE_SECONDS: '0',
  })
  const loadBefore = os.loadavg()
  const measured: Measured[] = []
  const postgres = await postmasterPid(app.databaseDir)
  try {
    const bearer = await citizenToken(app)
    for (const rows of ROWS) {
      for (const read of READS) {
        const size = await read.grow(app, pool, rows)
        // Both servers answer each reader alike (the same documents: an anonymous forum list is
        // filled from the forum's own statements, its keys in another order), and the reader as
        // many documents as anyone.
        const answers = await Promise.all(
          [app.url, uncached.url].flatMap((url) =>
            [{}, bearer].map(async (headers) => (await fetch(`${url}${read.path}`, { headers })).json()),
          ),
        )
        const [ours, oursSignedIn, theirs, theirsSignedIn] = answers.map(sortedKeys)
        const totals = new Set(answers.map((answer) => (answer as { totalDocs: number }).totalDocs))
        if (ours !== theirs || oursSignedIn !== theirsSignedIn)
          throw new Error(`bearer: the servers disagree on ${read.path}`)
        // Noted, not fatal: the rates compare each reader with itself on the two servers.
        if (totals.size !== 1) log(`bearer: ${read.path}: totals by reader differ: ${[...totals].join(', ')}`)
        for (const connections of CONNECTIONS) {
          const { merged, ratio } = await alternate(
            `bearer: ${read.name} at ${size.toLocaleString('en')} rows`,
            [
              { name: 'cached bearer', url: `${app.url}${read.path}`, headers: bearer },
              { name: 'cached anonymous', url: `${app.url}${read.path}`, headers: {} },
              { name: 'uncached bearer', url: `${uncached.url}${read.path}`, headers: bearer },
              { name: 'uncached anonymous', url: `${uncached.url}${read.path}`, headers: {} },
            ],
            { connections, rounds: ROUNDS },
          )
          for (const [name, m] of Object.entries(merged))
            if (m.errors + m.non2xx > 0)
              throw new Error(`bearer: ${name} had ${m.errors} errors and ${m.non2xx} non-2xx`)
          log(`bearer: ${read.name}, ${SEQUENTIAL} sequential requests per side`)
          const sides = {
            'cached bearer': [app.url, app.server.pid, bearer],
            'cached anonymous': [app.url, app.server.pid, {}],
            'uncached bearer': [uncached.url, uncached.pid, bearer],
            'uncached anonymous': [uncached.url, uncached.pid, {}],
          } as const
          const one: Record<string, Sequential> = {}
          for (const [name, [url, pid, headers]] of Object.entries(sides))
            one[name] = await sequential(`${url}${read.path}`, pid, postgres, headers)
          measured.push({
            read: read.name,
            rows: size,
            connections,
            rps: Object.fromEntries(Object.entries(merged).map(([name, m]) => [name, m.rps])),
            p50: Object.fromEntries(Object.entries(merged).map(([name, m]) => [name, m.p50])),
            cachedOverAnonymous: ratio('cached bearer', 'cached anonymous'),
            uncachedOverAnonymous: ratio('uncached bearer', 'uncached anonymous'),
            cachedOverUncached: ratio('cached bearer', 'uncached bearer'),
            sequential: one,
          })
        }
      }
    }
  } finally {
    await uncached.stop()
  }
  const loadAfter = os.loadavg()
  const markdown = [
    [
      "A citizen's bearer token beside anonymous readers, on ours (the bearer cache) and on the same server with",
      '`BEARER_CACHE_SECONDS=0` (every bearer request reads its session), one database.',
      `${ROUNDS} alternating rounds of ${ROUND_SECONDS} s per side; req/s and p50 the rounds' medians, ratios the`,
      "median of the rounds' ratios, then their range.",
      `Load average ${loadBefore.map((n) => n.toFixed(1)).join(' / ')} before,`,
      `${loadAfter.map((n) => n.toFixed(1)).join(' / ')} after (1/5/15 min; ratios are within one run).`,
    ].join(' '),
    '',
    markdownTable(
      measured.map((m) => ({
        read: m.read,
        rows: m.rows.toLocaleString('en'),
        conns: String(m.connections),
        'bearer / anonymous req/s, cached': pair(m.rps['cached bearer']!, m.rps['cached anonymous']!),
        'bearer / anonymous req/s, uncached': pair(m.rps['uncached bearer']!, m.rps['uncached anonymous']!),
        'bearer p50, cached / uncached': `${m.p50['cached bearer']} / ${m.p50['uncached bearer']} ms`,
        'bearer ÷ anonymous, cached': formatSpread(m.cachedOverAnonymous),
        'bearer ÷ anonymous, uncached': formatSpread(m.uncachedOverAnonymous),
        'bearer, cached ÷ uncached': formatSpread(m.cachedOverUncached),
      })),
    ),
    '',
    `One request at a time, ${SEQUENTIAL} per side: p50, then CPU per request of the server and of PostgreSQL` +
      ' (every backend), ms.',
    '',
    markdownTable(
      measured.flatMap((m) =>
        Object.entries(m.sequential).map(([side, q]) => ({
          read: m.read,
          rows: m.rows.toLocaleString('en'),
          side,
          p50: q.p50.toFixed(2),
          'server CPU': q.serverCpuMs.toFixed(2),
          'PostgreSQL CPU': q.postgresCpuMs.toFixed(2),
        })),
      ),
    ),
  ].join('\n')
  log(markdown)
  return {
    sections: [{ name: 'bearer', markdown }],
    data: { measured, rows: await countRows(app), loadBefore, loadAfter },
  }
}
