// Booking creation (issue 8): POST /api/services/bookings at 1, 10 and 50 connections,
// each request a distinct free time, next to the limit measured in the same run: plain
// express + pg in a process of its own (bench/booking-limit-server.ts) doing the same work in
// plain SQL (session lookup, service, slot, insert under the same exclusion constraint, audit
// entry, notification, one transaction). Afterwards the database is checked: every booking
// made, no two overlapping.
import type { Pool } from 'pg'

import { freePort } from '../src/lib/embedded-database'
import { ensureNoOverlap } from './no-overlap'
import { measure, type Varying } from './autocannon'
import { log, printTable, type BenchApp } from './harness'
import { startServerProcess } from './processes'
import { SECONDS } from './reads'
import type { Row, ScenarioResult } from './report'

const CONNECTIONS = [1, 10, 50]
const CLIENTS = 50
const PASSWORD = 'Bench-Passw0rd!'
const DURATION = 5
const SLOTS_PER_DAY = (23 * 60) / DURATION

/** The i-th distinct free time: 5-minute steps through a day, then the next day. */
export function nthTime(i: number): { bookingDate: string; bookingTime: string } {
  const day = new Date(Date.UTC(2031, 0, 1) + Math.floor(i / SLOTS_PER_DAY) * 86_400_000)
  const minutes = (i % SLOTS_PER_DAY) * DURATION
  return {
    bookingDate: day.toISOString().slice(0, 10),
    bookingTime: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
  }
}

export async function setUp(app: BenchApp) {
  // The bench pushes the schema instead of migrating: add the hand-written constraint, so
  // the guarantee is part of what is measured.
  const pool = (app.payload.db as unknown as { pool: Pool }).pool
  await ensureNoOverlap(app, pool)
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

export async function bookingsBench(app: BenchApp): Promise<ScenarioResult> {
  const { pool, serviceId, tokens } = await setUp(app)
  const baseline = await startServerProcess('bench/booking-limit-server.ts', await freePort(), { DATABASE_URL: app.databaseUrl })
  let next = 0
  // Every request a distinct free time, from one of the signed-in customers in turn.
  const varying: Varying = {
    method: 'POST',
    next: () => {
      const i = next++
      return { body: JSON.stringify({ serviceId, ...nthTime(i) }), headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i % tokens.length]}` } }
    },
  }
  const rows: Row[] = []
  let created = 0
  // Requests still in flight when a measurement's time is up are made but not counted: at
  // most one per connection per measurement (warm-up and run, both sides).
  let inFlightBound = 0
  try {
    for (const connections of CONNECTIONS) {
      log(`booking creation at ${connections} connection(s), ${SECONDS} s each side`)
      const options = { connections, seconds: SECONDS, varying }
      const ours = await measure(`${app.url}/api/services/bookings`, options)
      const serverRssMb = await app.server.rssMb()
      const limit = await measure(`${baseline.url}/book`, options)
      created += ours.ok + limit.ok
      inFlightBound += 4 * connections
      rows.push({ scenario: 'booking creation, distinct free slots', connections, ours, limit, serverRssMb })
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
  const guarantee = { bookings: made[0].n, answered201: created, overlappingPairs: overlaps[0].n }
  printTable('Booking creation: the guarantee after the run', [
    { check: `bookings in the database / 201 answers (+ at most ${inFlightBound} cut off in flight)`, value: `${guarantee.bookings} / ${guarantee.answered201}` },
    { check: 'overlapping pending/confirmed pairs', value: String(guarantee.overlappingPairs) },
  ])
  const failed = rows.filter((row) => row.ours.non2xx + row.ours.errors + (row.limit?.non2xx ?? 0) + (row.limit?.errors ?? 0) > 0)
  const unaccounted = guarantee.bookings < guarantee.answered201 || guarantee.bookings > guarantee.answered201 + inFlightBound
  if (failed.length || guarantee.overlappingPairs !== 0 || unaccounted) {
    throw new Error(`bookings bench: ${failed.length ? 'non-2xx answers' : 'the final check failed'} (${JSON.stringify(guarantee)})`)
  }
  return { rows, data: { guarantee } }
}
