// `npm run bench -- cookie-barrier`: what the cookie barrier costs a signed-in cache hit, against the same
// server with bench/no-cookie-barrier.mjs preloaded (docs/decisions.md "The cookie barrier is the version
// read"), in alternating rounds, with the CPU of the server and of its listener's backend per request.
import fs from 'node:fs/promises'
import os from 'node:os'
import { pathToFileURL } from 'node:url'

import type { Pool } from 'pg'

import { listenerName } from '../src/lib/auth/stale-listener'
import { freePort } from '../src/lib/embedded-database'
import { BENCH_ENV, type BenchApp, log } from './harness'
import { cpuMs, startServerProcess } from './processes'
import type { ScenarioResult } from './report'
import { markdownTable } from './report'
import { alternate, formatSpread, ROUND_SECONDS, ROUNDS, type Spread } from './rounds'

const PATH = '/api/classifieds?limit=20&sort=-createdAt'
const CONNECTIONS = [1, 10]
/** Sequential requests per server, reader and pass (two passes, in turned-round order). */
const SEQUENTIAL = 1000
const PASSWORD = 'Bench-Passw0rd!'

/**
 * CPU nanoseconds of a single-threaded process (a PostgreSQL backend): finer than the 10 ms ticks of /proc/<pid>/stat.
 */
const schedNs = async (pid: number) => Number((await fs.readFile(`/proc/${pid}/schedstat`, 'utf8')).split(' ')[0])

interface Server {
  name: string
  url: string
  pid: number
  /** Its stale listener's backend. */
  backendPid: number
}

async function listenerBackend(pool: Pool, serverPid: number): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const { rows } = await pool.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [
      listenerName(serverPid),
    ])
    if (rows[0]) return rows[0].pid
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`cookie-barrier: no stale listener for server ${serverPid}`)
}

interface Sequential {
  p50: number
  nodeCpuMs: number
  backendCpuUs: number
}

/**
 * SEQUENTIAL requests one after the other: their p50, and CPU per request of the server and of its listener's backend.
 */
async function sequential(server: Server, headers: Record<string, string>): Promise<Sequential> {
  for (let i = 0; i < 20; i++) await (await fetch(`${server.url}${PATH}`, { headers })).arrayBuffer()
  const [node0, backend0] = [await cpuMs(server.pid), await schedNs(server.backendPid)]
  const times: number[] = []
  for (let i = 0; i < SEQUENTIAL; i++) {
    const started = performance.now()
    const response = await fetch(`${server.url}${PATH}`, { headers })
    await response.arrayBuffer()
    times.push(performance.now() - started)
    if (response.status !== 200) throw new Error(`cookie-barrier: ${server.name} answered ${response.status}`)
  }
  const [node1, backend1] = [await cpuMs(server.pid), await schedNs(server.backendPid)]
  times.sort((a, b) => a - b)
  return {
    p50: times[Math.floor(times.length / 2)]!,
    nodeCpuMs: (node1 - node0) / SEQUENTIAL,
    backendCpuUs: (backend1 - backend0) / 1000 / SEQUENTIAL,
  }
}

export async function cookieBarrierBench(app: BenchApp): Promise<ScenarioResult> {
  const pool = app.payload.db.pool
  const email = `bench-barrier-${Date.now()}@example.test`
  const user = await app.payload.create({
    collection: 'users',
    overrideAccess: true,
    data: { email, password: PASSWORD, roles: ['citizen'], emailVerified: true } as never,
  })
  await pool.query(
    `INSERT INTO classifieds (author_id, title, currency, status) VALUES ($1, 'My classified awaiting review', 'EUR', 'pending_review')`,
    [user.id],
  )
  const signIn = async () => {
    const response = await fetch(`${app.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    })
    if (response.status !== 200) throw new Error(`cookie-barrier: sign-in failed: ${response.status}`)
    return {
      cookie: response.headers
        .getSetCookie()
        .map((header) => header.split(';')[0])
        .join('; '),
    }
  }
  const hook = pathToFileURL('bench/no-cookie-barrier.mjs').href
  const other = await startServerProcess(
    'src/server.ts',
    await freePort(),
    { ...BENCH_ENV, DATABASE_URL: app.databaseUrl, ADMIN_PANEL: 'false' },
    '/api/health',
    ['--import', hook],
  )
  const loadBefore = os.loadavg()
  try {
    const servers: Server[] = [
      { name: 'barrier', url: app.url, pid: app.server.pid, backendPid: await listenerBackend(pool, app.server.pid) },
      { name: 'no barrier', url: other.url, pid: other.pid, backendPid: await listenerBackend(pool, other.pid) },
    ]
    // Both servers answer the reader as the reader (their own item counts) from the cookie's snapshot (no lookup, no
    // renewed cookie).
    const signedIn = await signIn()
    for (const server of servers) {
      const total = async (headers: Record<string, string>) => {
        const response = await fetch(`${server.url}${PATH}`, { headers })
        return {
          total: ((await response.json()) as { totalDocs: number }).totalDocs,
          renewed: response.headers.getSetCookie().length > 0,
        }
      }
      const [anonymous, reader] = [await total({}), await total(signedIn)]
      if (reader.total <= anonymous.total || reader.renewed)
        throw new Error(
          `cookie-barrier: ${server.name} did not answer the reader from their snapshot (${JSON.stringify({ anonymous, reader })})`,
        )
    }

    const rounds: Array<{
      connections: number
      merged: Record<string, { rps: number; p50: number }>
      overNone: Spread
      barrierOverAnonymous: Spread
      noneOverAnonymous: Spread
    }> = []
    for (const connections of CONNECTIONS) {
      // A fresh session: its cookie cache (300 s) holds for the whole alternation.
      const headers = await signIn()
      const { merged, ratio } = await alternate(
        `cookie-barrier at ${connections} connection(s)`,
        servers.flatMap((server) => [
          { name: `${server.name} signed in`, url: `${server.url}${PATH}`, headers },
          { name: `${server.name} anonymous`, url: `${server.url}${PATH}`, headers: {} },
        ]),
        { connections, rounds: ROUNDS },
      )
      for (const [name, m] of Object.entries(merged))
        if (m.errors + m.non2xx > 0)
          throw new Error(`cookie-barrier: ${name} had ${m.errors} errors and ${m.non2xx} non-2xx`)
      rounds.push({
        connections,
        merged,
        overNone: ratio('barrier signed in', 'no barrier signed in'),
        barrierOverAnonymous: ratio('barrier signed in', 'barrier anonymous'),
        noneOverAnonymous: ratio('no barrier signed in', 'no barrier anonymous'),
      })
    }

    // One at a time, twice in turned-round order (barrier signed in, anonymous, none signed in,
    // anonymous, then the reverse): the mean of both passes.
    const headers = await signIn()
    const passes: Record<string, Sequential[]> = {}
    const readers = [
      ['signed in', headers],
      ['anonymous', {}],
    ] as const
    for (const turned of [false, true]) {
      for (const server of turned ? [...servers].reverse() : servers) {
        for (const [who, h] of turned ? [...readers].reverse() : readers) {
          log(`cookie-barrier: ${server.name}, ${who}, ${SEQUENTIAL} sequential`)
          ;(passes[`${server.name}\n${who}`] ??= []).push(await sequential(server, h))
        }
      }
    }
    const mean = (key: string, pick: (s: Sequential) => number) =>
      passes[key]!.reduce((sum, s) => sum + pick(s), 0) / passes[key]!.length
    const loadAfter = os.loadavg()

    const markdown = [
      `\`GET ${PATH}\`, a read-cache hit every time, by a citizen with the session cookie (trusted from its snapshot: no session lookup, no renewed cookie) and anonymously. Ours (the cookie barrier, whose round trip on the listener's connection is also the version read) and the same server with that read made on a connection that listens to nothing (bench/no-cookie-barrier.mjs: the same round trip, no barrier), on one database. Load average ${loadBefore.map((n) => n.toFixed(1)).join(' / ')} before, ${loadAfter.map((n) => n.toFixed(1)).join(' / ')} after (1/5/15 min; ratios are within one run). ${ROUNDS} alternating rounds of ${ROUND_SECONDS} s per side; req/s and p50 the rounds' medians, ratios the median of the rounds' ratios, then their range.`,
      '',
      markdownTable(
        rounds.map((r) => ({
          connections: String(r.connections),
          'signed in req/s, barrier / none': `${r.merged['barrier signed in']!.rps.toFixed(0)} / ${r.merged['no barrier signed in']!.rps.toFixed(0)}`,
          'anonymous req/s, barrier / none': `${r.merged['barrier anonymous']!.rps.toFixed(0)} / ${r.merged['no barrier anonymous']!.rps.toFixed(0)}`,
          'signed in p50, barrier / none': `${r.merged['barrier signed in']!.p50} / ${r.merged['no barrier signed in']!.p50} ms`,
          'signed in, barrier ÷ none': formatSpread(r.overNone),
          'signed in ÷ anonymous, barrier': formatSpread(r.barrierOverAnonymous),
          'signed in ÷ anonymous, none': formatSpread(r.noneOverAnonymous),
        })),
      ),
      '',
      `One request at a time, ${SEQUENTIAL} per server and reader, twice (barrier signed in, anonymous, none signed in, anonymous, then the reverse order; the mean of both):`,
      '',
      markdownTable(
        servers.flatMap((server) =>
          ['signed in', 'anonymous'].map((who) => ({
            server: server.name,
            who,
            p50: `${mean(`${server.name}\n${who}`, (s) => s.p50).toFixed(3)} ms`,
            'server CPU per request': `${mean(`${server.name}\n${who}`, (s) => s.nodeCpuMs).toFixed(3)} ms`,
            'listener backend CPU per request': `${mean(`${server.name}\n${who}`, (s) => s.backendCpuUs).toFixed(1)} µs`,
          })),
        ),
      ),
    ].join('\n')
    log(markdown)
    return { sections: [{ name: 'cookie-barrier', markdown }], data: { rounds, passes, loadBefore, loadAfter } }
  } finally {
    await other.stop()
  }
}
