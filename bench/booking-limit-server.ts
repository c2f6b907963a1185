// The booking baseline (issue 8 "Performance"): a minimal handler on plain express + pg doing
// the same checks and writes as POST /api/services/bookings in plain SQL (session lookup,
// service, slot, insert under the same exclusion constraint, audit entry, notification, the
// customer's mail queued as a sealed job, one transaction; the global limit's leased count
// before all that). Run by the bench in a process of its own, like the server it is compared
// with, so neither shares an event loop with the load generator.
import http from 'node:http'

import express from 'express'
import pg from 'pg'
import type { Payload } from 'payload'

import { tokenHash } from '../src/lib/auth/tokens'
import { seal } from '../src/lib/mail-queue/seal'
import { SEND_MAIL_TASK } from '../src/lib/mail-queue/send-mail-task'
import { hitLeased } from '../src/lib/rate-limit-lease'
import { totalPriceOf } from '../src/operations/bookings/price'
import { dayOfWeek, minuteOfDay, scheduleOf } from '../src/lib/wall-clock'

// The same pool size as the server's (payload.config.ts).
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_MAX ?? 10) })

// The rate-limit module only ever touches `payload.db.pool`.
const payload = { db: { pool }, logger: console } as unknown as Payload
const RULE = { max: 1_000_000_000, windowSeconds: 60 }
const SECRET = process.env.PAYLOAD_SECRET ?? 'bench-secret'

const app = express()
app.disable('x-powered-by')

app.get('/api/health', async (_req, res) => {
  await pool.query('SELECT 1')
  res.json({ status: 'ok' })
})

app.post('/book', express.json(), async (req, res) => {
  const token = req.headers.authorization?.replace(/^Bearer /, '') ?? ''
  const { serviceId, bookingDate, bookingTime } = req.body as { serviceId: string; bookingDate: string; bookingTime: string }
  await hitLeased(payload, `global:${req.socket.remoteAddress}`, RULE)
  const client = await pool.connect()
  try {
    const session = await client.query('SELECT s.user_id, u.email FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1 AND s.expires_at > now()', [tokenHash(token)])
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
      const mail = { to: session.rows[0].email, subject: `Booking received: ${row.title}`, text: `We received your booking of ${row.title} on ${bookingDate} at ${bookingTime}.` }
      // A queue of its own: the server's mail runner (same database) must not send these.
      await client.query('INSERT INTO payload_jobs (input, task_slug, queue) VALUES ($1, $2, $3)', [{ sealed: seal(SECRET, mail) }, SEND_MAIL_TASK, 'bench-limit'])
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
server.listen(Number(process.env.PORT), '127.0.0.1')
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))))
