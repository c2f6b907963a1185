// Booking creation (issue 8): POST /api/services/bookings at 1, 10 and 50 concurrent clients,
// each request a distinct free time, next to a baseline measured in the same run: plain
// express on the same pg pool doing the same work in plain SQL (session lookup, service,
// slot, insert under the same exclusion constraint, audit entry, notification, one
// transaction). Afterwards the database is checked: every booking made, no two overlapping.
import http from 'node:http'
import type { AddressInfo } from 'node:net'

import express from 'express'
import type { Pool } from 'pg'

import { up as noOverlap } from '../src/migrations/20261123_175155_bookings_no_overlap'
import { tokenHash } from '../src/lib/auth/tokens'
import { totalPriceOf } from '../src/operations/bookings/price'
import { dayOfWeek, minuteOfDay, scheduleOf } from '../src/operations/bookings/schedule'
import { load, log, ms, printTable, rate, type BenchApp, type LoadResult } from './harness'

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

/** The baseline: one handler, the same checks and writes in plain SQL, one transaction. */
async function startBaseline(pool: Pool): Promise<{ url: string; stop: () => Promise<void> }> {
  const app = express()
  app.post('/book', express.json(), async (req, res) => {
    const token = req.headers.authorization?.replace(/^Bearer /, '') ?? ''
    const { serviceId, bookingDate, bookingTime } = req.body as { serviceId: string; bookingDate: string; bookingTime: string }
    const client = await pool.connect()
    try {
      const session = await client.query('SELECT user_id FROM sessions WHERE token_hash = $1 AND expires_at > now()', [tokenHash(token)])
      if (!session.rows[0]) return void res.status(401).json({ error: 'unauthorized' })
      const userId = session.rows[0].user_id as string
      const service = await client.query('SELECT id, status, provider_id, base_price, price_type, duration_minutes, booking_advance_hours, currency, title FROM service_listings WHERE id = $1', [serviceId])
      const row = service.rows[0]
      if (!row) return void res.status(404).json({ error: 'not_found' })
      if (row.status !== 'active') return void res.status(400).json({ error: 'service_not_active' })
      const duration = Number(row.duration_minutes)
      const schedule = scheduleOf(bookingDate, bookingTime, duration)
      const end = minuteOfDay(bookingTime) + duration
      const endTime = `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`
      const slot = await client.query(
        'SELECT 1 FROM service_availability WHERE service_id = $1 AND day_of_week = $2 AND is_available AND start_time <= $3 AND end_time > $3 AND end_time >= $4 LIMIT 1',
        [serviceId, dayOfWeek(bookingDate), bookingTime, endTime],
      )
      if (!slot.rows[0]) return void res.status(400).json({ error: 'slot_unavailable' })
      await client.query('BEGIN')
      try {
        const inserted = await client.query(
          `INSERT INTO bookings (service_id, provider_id, customer_id, booking_date, booking_time, end_time, duration_minutes, total_price, currency, status, start_minute, end_minute)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $10, $11) RETURNING *`,
          [serviceId, row.provider_id, userId, bookingDate, bookingTime, schedule.endTime, duration, totalPriceOf({ basePrice: row.base_price, priceType: row.price_type, currency: row.currency, durationMinutes: duration }), row.currency, schedule.startMinute, schedule.endMinute],
        )
        const booking = inserted.rows[0]
        await client.query(`INSERT INTO audit_logs (action, user_id, target_type, target_id, data) VALUES ('booking.create', $1, 'bookings', $2, $3)`, [userId, booking.id, booking])
        await client.query(`INSERT INTO notifications (user_id_id, type, title, body, target_type, target_id) VALUES ($1, 'booking', $2, $3, 'bookings', $4)`, [
          row.provider_id,
          `New booking: ${row.title}`,
          `${row.title} was booked for ${bookingDate} at ${bookingTime}.`,
          booking.id,
        ])
        await client.query('COMMIT')
        res.status(201).json({ booking })
      } catch (error) {
        await client.query('ROLLBACK')
        if ((error as { code?: string }).code === '23P01') return void res.status(409).json({ error: 'booking_conflict' })
        throw error
      }
    } catch {
      res.status(500).json({ error: 'internal_error' })
    } finally {
      client.release()
    }
  })
  const server = http.createServer(app)
  server.keepAliveTimeout = 30_000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export async function bookingsBench(app: BenchApp): Promise<void> {
  const { pool, serviceId, tokens } = await setUp(app)
  const baseline = await startBaseline(pool)
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
