// `npm run bench -- catalogue`: the public catalogue through the read cache, anonymous and signed in,
// beside the limit and the same server with READ_CACHE=false, a 304 beside `GET /api/health`, and the p50
// as the catalogue grows to BENCH_CATALOGUE_LARGE.
import os from 'node:os'

import type { Pool } from 'pg'

import { freePort } from '../src/lib/embedded-database'
import type { Measurement } from './autocannon'
import { BENCH_ENV, type BenchApp, countRows, log, seedTo, signedInMember } from './harness'
import { cpuPerRequest, type ServerProcess, startServerProcess } from './processes'
import { SMALL } from './reads'
import { markdownTable, type Row, type ScenarioResult, tableRows } from './report'
import { alternate, formatSpread, QUICK_ROUNDS, ROUND_SECONDS } from './rounds'

const PATH = '/api/service-listings?limit=20&depth=1'
const CONNECTIONS = [1, 10]
const GROWTH_AT = 10
const SEQUENTIAL = 300
const LARGE = Number(process.env.BENCH_CATALOGUE_LARGE ?? 100_000)

/** A signed-in citizen (no organization: the catalogue answers them what it answers anyone). */
async function citizenCookie(app: BenchApp): Promise<Record<string, string>> {
  return (await signedInMember(app, 'citizen', 'citizen')).cookie
}

/** Payload's own body (the cache off) becomes the limit's; ours must answer the same bytes. */
async function keepPayloadBody(
  app: BenchApp,
  pool: Pool,
  peer: ServerProcess,
  signedIn: Record<string, string>,
): Promise<string> {
  const body = await (await fetch(`${peer.url}${PATH}`)).text()
  await pool.query(
    'INSERT INTO bench_catalogue_bodies (path, body) VALUES ($1, $2) ON CONFLICT (path) DO UPDATE SET body = EXCLUDED.body',
    [PATH, body],
  )
  for (const headers of [{}, signedIn]) {
    const ours = await (await fetch(`${app.url}${PATH}`, { headers })).text()
    if (ours !== body) throw new Error('catalogue: our answer differs from Payload’s')
  }
  return body
}

interface Measured {
  rows: Row[]
  anonymousAt10?: Measurement
  signedInAt10?: Measurement
}

async function measureSize(app: BenchApp, limit: ServerProcess, peer: ServerProcess, size: string): Promise<Measured> {
  const measured: Measured = { rows: [] }
  for (const who of ['anonymous', 'signed in (cookie)'] as const) {
    for (const connections of CONNECTIONS) {
      // A fresh session for each signed-in measurement: its cookie cache (300 s) must hold for
      // the whole of it, as a browser's would (it takes each refreshed cookie). An expired one
      // made ours read the session every request while the limit took the reader for anonymous.
      const headers = who === 'anonymous' ? {} : await citizenCookie(app)
      const sides = [
        { name: 'ours', url: `${app.url}${PATH}` },
        { name: 'limit', url: `${limit.url}${PATH}` },
        { name: 'peer', url: `${peer.url}${PATH}` },
      ]
      const { merged, ratio } = await alternate(`catalogue: ${who} at ${size}`, sides, {
        connections,
        headers,
        rounds: QUICK_ROUNDS,
      })
      const ours = merged.ours!
      measured.rows.push({
        scenario: `public catalogue, ${who}, ${size}`,
        connections,
        ours,
        limit: merged.limit,
        peer: merged.peer,
        ratios: { limit: ratio('ours', 'limit'), peer: ratio('ours', 'peer') },
        serverRssMb: await app.server.rssMb(),
      })
      if (connections === GROWTH_AT) measured[who === 'anonymous' ? 'anonymousAt10' : 'signedInAt10'] = ours
    }
  }
  return measured
}

export async function catalogueBench(app: BenchApp): Promise<ScenarioResult> {
  const pool = app.payload.db.pool
  const small = await seedTo(app, SMALL)
  await pool.query('CREATE TABLE IF NOT EXISTS bench_catalogue_bodies (path text PRIMARY KEY, body text NOT NULL)')
  let signedIn = await citizenCookie(app)
  const limit = await startServerProcess('bench/limit-server.ts', await freePort(), { DATABASE_URL: app.databaseUrl })
  const peer = await startServerProcess('src/server.ts', await freePort(), {
    ...BENCH_ENV,
    DATABASE_URL: app.databaseUrl,
    ADMIN_PANEL: 'false',
    READ_CACHE: 'false',
  })
  const loadBefore = os.loadavg()
  try {
    const smallLabel = `${small.services.toLocaleString('en')} services`
    await keepPayloadBody(app, pool, peer, signedIn)
    const before = await measureSize(app, limit, peer, smallLabel)

    // A conditional request that hits, beside the cheapest answer there is.
    const etag = (await fetch(`${app.url}${PATH}`)).headers.get('etag')
    if (!etag) throw new Error('catalogue: no ETag on the anonymous answer')
    const conditional: Row[] = []
    for (const connections of CONNECTIONS) {
      const sides = [
        { name: '304', url: `${app.url}${PATH}`, headers: { 'if-none-match': etag } },
        { name: 'health', url: `${app.url}/api/health` },
      ]
      const { merged, ratio } = await alternate('catalogue: 304 and /api/health', sides, {
        connections,
        rounds: QUICK_ROUNDS,
      })
      conditional.push({
        scenario: '304 (If-None-Match) ÷ GET /api/health (in the limit column)',
        connections,
        ours: merged['304']!,
        limit: merged.health,
        ratios: { limit: ratio('304', 'health') },
      })
    }

    // Server CPU per request, one after the other: what load on a shared machine moves least.
    log(`catalogue: CPU of ${SEQUENTIAL} sequential requests each`)
    const fresh = await citizenCookie(app)
    const cpu = {
      anonymous: [
        await cpuPerRequest(app.server.pid, `${app.url}${PATH}`, SEQUENTIAL),
        await cpuPerRequest(limit.pid, `${limit.url}${PATH}`, SEQUENTIAL),
      ],
      signedIn: [
        await cpuPerRequest(app.server.pid, `${app.url}${PATH}`, SEQUENTIAL, fresh),
        await cpuPerRequest(limit.pid, `${limit.url}${PATH}`, SEQUENTIAL, fresh),
      ],
      notModified: [
        await cpuPerRequest(app.server.pid, `${app.url}${PATH}`, SEQUENTIAL, { 'if-none-match': etag }, 304),
        await cpuPerRequest(app.server.pid, `${app.url}/api/health`, SEQUENTIAL),
      ],
    }

    let after: Measured | undefined
    let largeLabel = ''
    if (LARGE > small.services) {
      log(`catalogue: growing to ${LARGE.toLocaleString('en')} services`)
      const large = await seedTo(app, { ...small, services: LARGE })
      await pool.query('CHECKPOINT')
      largeLabel = `${large.services.toLocaleString('en')} services`
      // A fresh session: its cookie cache holds for 5 minutes, and autocannon, unlike a browser,
      // does not keep the renewed one (an old cookie measures a session lookup per request).
      signedIn = await citizenCookie(app)
      await keepPayloadBody(app, pool, peer, signedIn)
      after = await measureSize(app, limit, peer, largeLabel)
    }
    const loadAfter = os.loadavg()

    const rows = [...before.rows, ...(after?.rows ?? [])]
    const growth = (name: string, s?: Measurement, l?: Measurement) =>
      s && l
        ? [
            {
              read: name,
              [`p50 at ${GROWTH_AT} connections`]: `${s.p50} ms → ${l.p50} ms`,
              growth: `${(l.p50 / Math.max(s.p50, 1)).toFixed(2)}×`,
              'req/s': `${s.rps.toFixed(0)} → ${l.rps.toFixed(0)}`,
            },
          ]
        : []
    const markdown = [
      `\`GET ${PATH}\`, ${QUICK_ROUNDS} alternating rounds of ${ROUND_SECONDS} s per side (ratios: the median of the rounds', then their range), load average ${loadBefore.map((n) => n.toFixed(1)).join(' / ')} before and ${loadAfter.map((n) => n.toFixed(1)).join(' / ')} after (1/5/15 min; ratios are within one run). Ours: the read cache (src/lib/read-cache). Limit: express + pg, the same rate-limit hit and session check, then Payload's body read from a table by one indexed query (bench/limit-server.ts). Peer: the same server with \`READ_CACHE=false\` (Payload's stock route). Ours, Payload's and the limit's bodies were the same bytes before each size.`,
      '',
      markdownTable(tableRows(rows, ['ours p99', 'limit p50', 'server RSS'])),
      '',
      markdownTable(
        conditional.map((row) => ({
          read: '304 revalidation',
          conns: String(row.connections),
          '304 req/s': row.ours.rps.toFixed(0),
          '304 p50': `${row.ours.p50} ms`,
          'health req/s': row.limit!.rps.toFixed(0),
          'health p50': `${row.limit!.p50} ms`,
          '304 ÷ health': formatSpread(row.ratios!.limit),
          errors: String(row.ours.errors + row.limit!.errors),
        })),
      ),
      '',
      `Server CPU per request, ${SEQUENTIAL} sequential requests each: anonymous ours ${cpu.anonymous[0]!.toFixed(2)} ms, the limit ${cpu.anonymous[1]!.toFixed(2)} ms; signed in (cookie) ours ${cpu.signedIn[0]!.toFixed(2)} ms, the limit ${cpu.signedIn[1]!.toFixed(2)} ms; the 304 ${cpu.notModified[0]!.toFixed(2)} ms, \`GET /api/health\` ${cpu.notModified[1]!.toFixed(2)} ms.`,
      ...(after
        ? [
            '',
            markdownTable([
              ...growth('anonymous', before.anonymousAt10, after.anonymousAt10),
              ...growth('signed in', before.signedInAt10, after.signedInAt10),
            ]),
          ]
        : []),
    ].join('\n')
    log(markdown)
    return {
      rows,
      sections: [{ name: 'catalogue', markdown }],
      data: { small, large: after ? await countRows(app) : undefined, loadBefore, loadAfter, cpu },
    }
  } finally {
    await peer.stop()
    await limit.stop()
  }
}
