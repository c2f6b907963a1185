// The public catalogue through the read cache (issue 35): `GET /api/service-listings?limit=20&depth=1`
// as apps send it (Payload's SDK `find`), anonymous and signed in (a citizen's session cookie),
// beside the limit (bench/limit-server.ts: express + pg, the same rate-limit hit and session
// check, then the very body Payload answers, kept in a table and read by one indexed query)
// and the peer (the same server with READ_CACHE=false: Payload's stock route as it was). Then
// a conditional request that hits (304) beside `GET /api/health`, the cheapest answer the
// server gives. At 1,000 services, then grown to BENCH_CATALOGUE_LARGE (default 100,000; 0
// skips it) for the p50 growth. Targets: ≥ 0.8× the limit, ≥ 4× the peer, p50 at the large
// size ≤ 1.2× the small one, the 304 ≥ 0.5× health. `npm run bench -- catalogue`.
import os from 'node:os'

import type { Pool } from 'pg'

import { freePort } from '../src/lib/embedded-database'
import { measure, type Measurement } from './autocannon'
import { BENCH_ENV, countRows, log, seedTo, type BenchApp } from './harness'
import { startServerProcess, type ServerProcess } from './processes'
import { SECONDS, SMALL } from './reads'
import { markdownTable, type Row, type ScenarioResult } from './report'

const PATH = '/api/service-listings?limit=20&depth=1'
const CONNECTIONS = [1, 10]
const GROWTH_AT = 10
const LARGE = Number(process.env.BENCH_CATALOGUE_LARGE ?? 100_000)
const PASSWORD = 'Bench-Passw0rd!'

/** A signed-in citizen (no organization: the catalogue answers them what it answers anyone). */
async function citizenCookie(app: BenchApp): Promise<Record<string, string>> {
  const email = `bench-citizen-${Date.now()}@example.test`
  await app.payload.create({ collection: 'users', overrideAccess: true, data: { email, password: PASSWORD, roles: ['citizen'], emailVerified: true } as never })
  const response = await fetch(`${app.url}/api/auth/sign-in/email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) })
  if (response.status !== 200) throw new Error(`catalogue: citizen sign-in failed: ${response.status}`)
  return { cookie: response.headers.getSetCookie().map((header) => header.split(';')[0]).join('; ') }
}

/** Payload's own body (the cache off) becomes the limit's; ours must answer the same bytes. */
async function keepPayloadBody(app: BenchApp, pool: Pool, peer: ServerProcess, signedIn: Record<string, string>): Promise<string> {
  const body = await (await fetch(`${peer.url}${PATH}`)).text()
  await pool.query('INSERT INTO bench_catalogue_bodies (path, body) VALUES ($1, $2) ON CONFLICT (path) DO UPDATE SET body = EXCLUDED.body', [PATH, body])
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

async function measureSize(app: BenchApp, limit: ServerProcess, peer: ServerProcess, signedIn: Record<string, string>, size: string): Promise<Measured> {
  const measured: Measured = { rows: [] }
  for (const [who, headers] of [['anonymous', {}], ['signed in (cookie)', signedIn]] as const) {
    for (const connections of CONNECTIONS) {
      log(`catalogue: ${who} at ${size}, ${connections} connection(s), ${SECONDS} s each side`)
      const options = { connections, seconds: SECONDS, headers }
      const ours = await measure(`${app.url}${PATH}`, options)
      const serverRssMb = await app.server.rssMb()
      const limitResult = await measure(`${limit.url}${PATH}`, options)
      const peerResult = await measure(`${peer.url}${PATH}`, options)
      measured.rows.push({ scenario: `public catalogue, ${who}, ${size}`, connections, ours, limit: limitResult, peer: peerResult, serverRssMb })
      if (connections === GROWTH_AT) measured[who === 'anonymous' ? 'anonymousAt10' : 'signedInAt10'] = ours
    }
  }
  return measured
}

export async function catalogueBench(app: BenchApp): Promise<ScenarioResult> {
  const pool = (app.payload.db as unknown as { pool: Pool }).pool
  const small = await seedTo(app, SMALL)
  await pool.query('CREATE TABLE IF NOT EXISTS bench_catalogue_bodies (path text PRIMARY KEY, body text NOT NULL)')
  let signedIn = await citizenCookie(app)
  const limit = await startServerProcess('bench/limit-server.ts', await freePort(), { DATABASE_URL: app.databaseUrl })
  const peer = await startServerProcess('src/server.ts', await freePort(), { ...BENCH_ENV, DATABASE_URL: app.databaseUrl, ADMIN_PANEL: 'false', READ_CACHE: 'false' })
  const loadBefore = os.loadavg()
  try {
    const smallLabel = `${small.services.toLocaleString('en')} services`
    await keepPayloadBody(app, pool, peer, signedIn)
    const before = await measureSize(app, limit, peer, signedIn, smallLabel)

    // A conditional request that hits, beside the cheapest answer there is.
    const etag = (await fetch(`${app.url}${PATH}`)).headers.get('etag')
    if (!etag) throw new Error('catalogue: no ETag on the anonymous answer')
    const conditional: Row[] = []
    for (const connections of CONNECTIONS) {
      log(`catalogue: 304 and /api/health, ${connections} connection(s)`)
      const notModified = await measure(`${app.url}${PATH}`, { connections, seconds: SECONDS, headers: { 'if-none-match': etag } })
      const health = await measure(`${app.url}/api/health`, { connections, seconds: SECONDS })
      conditional.push({ scenario: '304 (If-None-Match) ÷ GET /api/health (in the limit column)', connections, ours: notModified, limit: health, serverRssMb: await app.server.rssMb() })
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
      after = await measureSize(app, limit, peer, signedIn, largeLabel)
    }
    const loadAfter = os.loadavg()

    const ratio = (a: Measurement, b?: Measurement) => (b && b.rps > 0 ? `${(a.rps / b.rps).toFixed(2)}×` : '')
    const rows = [...before.rows, ...(after?.rows ?? [])]
    const growth = (name: string, s?: Measurement, l?: Measurement) =>
      s && l ? [{ read: name, [`p50 at ${GROWTH_AT} connections`]: `${s.p50} ms → ${l.p50} ms`, growth: `${(l.p50 / Math.max(s.p50, 1)).toFixed(2)}×`, 'req/s': `${s.rps.toFixed(0)} → ${l.rps.toFixed(0)}` }] : []
    const markdown = [
      `\`GET ${PATH}\`, ${SECONDS} s per measurement, load average ${loadBefore.map((n) => n.toFixed(1)).join(' / ')} before and ${loadAfter.map((n) => n.toFixed(1)).join(' / ')} after (1/5/15 min; ratios are within one run). Ours: the read cache (src/lib/read-cache). Limit: express + pg, the same rate-limit hit and session check, then Payload's body read from a table by one indexed query (bench/limit-server.ts). Peer: the same server with \`READ_CACHE=false\` (Payload's stock route). Ours, Payload's and the limit's bodies were the same bytes before each size.`,
      '',
      markdownTable(rows.map((row) => ({
        scenario: row.scenario,
        conns: String(row.connections),
        'ours req/s': row.ours.rps.toFixed(0),
        'ours p50': `${row.ours.p50} ms`,
        'limit req/s': row.limit!.rps.toFixed(0),
        'ours ÷ limit': ratio(row.ours, row.limit),
        'peer req/s': row.peer!.rps.toFixed(0),
        'peer p50': `${row.peer!.p50} ms`,
        'ours ÷ peer': ratio(row.ours, row.peer),
        'errors': String(row.ours.errors + row.limit!.errors + row.peer!.errors + row.ours.non2xx + row.limit!.non2xx + row.peer!.non2xx),
      }))),
      '',
      markdownTable(conditional.map((row) => ({
        read: '304 revalidation',
        conns: String(row.connections),
        '304 req/s': row.ours.rps.toFixed(0),
        '304 p50': `${row.ours.p50} ms`,
        'health req/s': row.limit!.rps.toFixed(0),
        'health p50': `${row.limit!.p50} ms`,
        '304 ÷ health': ratio(row.ours, row.limit),
        errors: String(row.ours.errors + row.limit!.errors),
      }))),
      ...(after ? ['', markdownTable([...growth('anonymous', before.anonymousAt10, after.anonymousAt10), ...growth('signed in', before.signedInAt10, after.signedInAt10)])] : []),
    ].join('\n')
    log(markdown)
    return { rows, sections: [{ name: 'catalogue', markdown }], data: { small, large: after ? await countRows(app) : undefined, loadBefore, loadAfter } }
  } finally {
    await peer.stop()
    await limit.stop()
  }
}
