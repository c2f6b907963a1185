// Booking creation (issue 8): POST /api/services/bookings at 1, 10 and 50 concurrent clients,
// each request a distinct free time, next to a baseline measured in the same run: plain
// express + pg in a process of its own (bench/booking-limit-server.ts) doing the same work in
// plain SQL (session lookup, service, slot, insert under the same exclusion constraint, audit
// entry, notification, one transaction). Afterwards the database is checked: every booking
// made, no two overlapping.
import type { Pool } from 'pg'

import { up as noOverlap } from '../src/migrations/20261123_175155_bookings_no_overlap'
import { freePort } from '../src/lib/embedded-database'
import { load, log, ms, printTable, rate, type BenchApp, type LoadResult } from './harness'
import { startServerProcess } from './processes'

const PHASES = [
  { concurrency: 1, count: 150 },
  { concurrency: 10, count: 400 },
  { concurrency: 50, count: 600 },
]
const CLIENTS = 50
const PASSWORD = 'Bench-Passw0rd!'
const DURATION = 5
const SLOTS_PER_DAY = (23 * 60) / DURATION

/** The i-th distinct free time: 5-minute steps through a day, then the next day. */
function nthTime(i: number): { bookingDate: string; bookingTime: string } {
  const day = new Date(Date.UTC(2031, 0, 1) + Math.floor(i / SLOTS_PER_DAY) * 86_400_000)
  const minutes = (i % SLOTS_PER_DAY) * DURATION
  return {
    bookingDate: day.toISOString().slice(0, 10),
    bookingTime: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
  }
}

async function setUp(app: BenchApp) {
  // The bench pushes the schema instead of migrating: add the hand-written constraint, so
  // the guarantee is part of what is measured.
  const pool = (app.payload.db as unknown as { pool: Pool }).pool
  const { rows } = await pool.query(`SELECT 1 FROM pg_constraint WHERE conname = 'bookings_no_overlap'`)
  if (rows.length === 0) await noOverlap({ db: app.payload.db.drizzle, payload: app.payload, req: {} } as never)
  const provider = await app.payload.create({ collection: 'users', data: { email: `provider-${Date.now()}@example.test`, password: PASSWORD, roles: ['citizen'], emailVerified: true } as never, overrideAccess: true })
  const service = await app.payload.create({
    collection: 'service-listings',
    data: { slug: `bench-${Date.now()}`, provider: provider.id, status: 'active', basePrice: '30.00', priceType: 'hourly', durationMinutes: DURATION, translations: [{ inLanguage: 'en', title: 'Bench service' }], inLanguage: 'en' } as never,
    overrideAccess: true,
  })
  for (let day = 0; day < 7; day++) {
    await app.payload.create({ collection: 'service-availability', data: { service: service.id, dayOfWeek: day, startTime: '00:00', endTime: '23:59' } as never, overrideAccess: true })
  }
  const tokens: string[] = []
  for (let i = 0; i < CLIENTS; i++) {
    const email = `booker-${i}-${Date.now()}@example.test`
    await app.payload.create({ collection: 'users', data: { email, password: PASSWORD, roles: ['citizen'], emailVerified: true } as never, overrideAccess: true })
    const response = await fetch(`${app.url}/api/auth/sign-in/email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) })
    tokens.push(((await response.json()) as { token: string }).token)
    process.stderr.write(`\r[bench] booking clients signed in: ${i + 1}/${CLIENTS}`)
  }
  process.stderr.write('\n')
  return { pool, serviceId: String(service.id), tokens }
}

export async function bookingsBench(app: BenchApp): Promise<void> {
  const { pool, serviceId, tokens } = await setUp(app)
  const baseline = await startServerProcess('bench/booking-limit-server.ts', await freePort(), { DATABASE_URL: app.databaseUrl })
  let next = 0
  const post = (url: string) => async (i: number) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i % tokens.length]}` },
      body: JSON.stringify({ serviceId, ...nthTime(next++) }),
    })
    await response.arrayBuffer()
    return response.status === 201
  }
  const results: Array<[LoadResult, LoadResult]> = []
  try {
    for (const { concurrency, count } of PHASES) {
      const base = await load(`baseline (express + pg) ×${concurrency}`, count, concurrency, post(`${baseline.url}/book`))
      const ours = await load(`POST /api/services/bookings ×${concurrency}`, count, concurrency, post(`${app.url}/api/services/bookings`))
      results.push([ours, base])
    }
  } finally {
    await baseline.stop()
  }
  const { rows: made } = await pool.query(`SELECT count(*)::int AS n FROM bookings WHERE service_id = $1`, [serviceId])
  const { rows: overlaps } = await pool.query(
    `SELECT count(*)::int AS n FROM bookings a JOIN bookings b ON a.service_id = b.service_id AND a.id < b.id
       AND numrange(a.start_minute, a.end_minute, '[)') && numrange(b.start_minute, b.end_minute, '[)')
     WHERE a.service_id = $1 AND a.status IN ('pending', 'confirmed') AND b.status IN ('pending', 'confirmed')`,
    [serviceId],
  )
  const row = (result: LoadResult) => ({
    scenario: result.label,
    requests: String(result.count),
    throughput: rate(result.perSecond),
    p50: ms(result.p50),
    p95: ms(result.p95),
    p99: ms(result.p99),
    failures: String(result.failures),
  })
  printTable('Booking creation over HTTP on loopback (distinct free times; same run, same machine)', results.flatMap(([ours, base]) => [row(base), row(ours)]))
  printTable(
    'Ratios (ours ÷ baseline throughput; target ≥ 0.5)',
    results.map(([ours, base]) => ({ concurrency: String(ours.concurrency), ratio: (ours.perSecond / base.perSecond).toFixed(2), 'p99 ours / baseline': `${ms(ours.p99)} / ${ms(base.p99)}` })),
  )
  const expected = results.reduce((sum, [ours, base]) => sum + ours.count - ours.failures + base.count - base.failures, 0)
  printTable('Guarantee after the run', [
    { check: 'bookings in the database / 201 answers', value: `${made[0].n} / ${expected}` },
    { check: 'overlapping pending/confirmed pairs', value: String(overlaps[0].n) },
  ])
  log(`bookings bench: ${made[0].n} bookings`)
  const failed = results.flat().filter((result) => result.failures > 0)
  if (failed.length || overlaps[0].n !== 0 || made[0].n !== expected) throw new Error(`bookings bench: failures in ${failed.map((result) => result.label).join(', ') || 'the final check'}`)
}
