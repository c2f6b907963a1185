// The booking baseline: a minimal handler on plain express + pg doing
// the same checks and writes as POST /api/services/bookings in plain SQL (the list below the
// health route; the global limit's leased count before all that). Run by the bench in a process of its own, like the
// server it is compared with, so neither shares an event loop with the load generator.
import { randomUUID } from 'node:crypto'
import http from 'node:http'

import express from 'express'
import { BasePayload, defaultLoggerOptions, type SendEmailOptions } from 'payload'
import pg from 'pg'

import { tokenHash } from '../src/lib/auth/tokens'
import { logMail, mailAdapter } from '../src/lib/mail'
import { seal, unseal } from '../src/lib/mail-queue/seal'
import { type OutgoingMail, SEND_MAIL_TASK } from '../src/lib/mail-queue/send-mail-task'
import type { CounterHost } from '../src/lib/rate-limit'
import { hitLeased } from '../src/lib/rate-limit-lease'
import { settings } from '../src/lib/settings'
import { dayOfWeek, scheduleOf } from '../src/lib/wall-clock'
import { inSomeSlot, openWindows } from '../src/operations/bookings/booking-rules'
import { totalPriceOf } from '../src/operations/bookings/price'

// The same pool size as the server's (payload.config.ts).
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_MAX ?? 10),
})

// Payload's default logger, as the server has it: a pino line (JSON) into Payload's own
// pino-pretty stream (`defaultLoggerOptions`). The bench's mail transport without SMTP_HOST
// (src/lib/mail.ts: the log adapter) writes each mail through it.
const logLine = (level: number) => (entry: object) =>
  void defaultLoggerOptions.write(`${JSON.stringify({ level, time: Date.now(), pid: process.pid, ...entry })}\n`)
const logger = { info: logLine(30), warn: logLine(40), error: logLine(50) }
const payload: CounterHost = { db: { pool }, logger }
const RULE = { max: 1_000_000_000, windowSeconds: 60 }
const SECRET = process.env.PAYLOAD_SECRET ?? 'bench-secret'

const app = express()
app.disable('x-powered-by')

app.get('/api/health', async (_req, res) => {
  await pool.query('SELECT 1')
  res.json({ status: 'ok' })
})

// The statements of POST /api/services/bookings, written by hand (checked them one by
// one): the session; the service with its weekday's slots and its date's exceptions (the same
// statement, judged by the same rule functions); then the write in one statement, the call of
// the same PL/pgSQL function (the service row's lock, the day's count under it when the
// service has a cap, the insert under the exclusion constraint, the audit entry, the
// notification, the mail job and the webhook outbox). Its mail goes to a queue of its own,
// sent by this process (below) as the server's runner sends the server's.
const TERMS_AND_SLOTS = `SELECT s.id, s.status, s.provider_id, s.base_price, s.price_type, s.currency, s.duration_minutes, s.booking_advance_hours, s.title,
    s.buffer_before_minutes, s.buffer_after_minutes, (
     SELECT coalesce(json_agg(json_build_object('startTime', a.start_time, 'endTime', a.end_time)), '[]'::json)
     FROM service_availability a WHERE a.service_id = s.id AND a.day_of_week = $2 AND a.is_available
   ) AS open_slots, (
     SELECT coalesce(json_agg(json_build_object('isAvailable', e.is_available, 'startTime', e.start_time, 'endTime', e.end_time)), '[]'::json)
     FROM availability_exceptions e WHERE e.service_id = s.id AND e.date = $3
   ) AS exceptions
   FROM service_listings s WHERE s.id = $1`

// Its mail, sent the simplest hand-written way (docs/decisions.md "The booking bench's limit
// sends its mail"): a run 50 ms after a booking commits (the bookings of a burst share it, as
// they share the server's runs) takes up to 10 due mails of its queue in one statement, in a
// transaction that a failed send rolls back (the mails stay queued), unseals each and sends
// it through the server's own transport (src/lib/mail.ts `mailAdapter`: without SMTP_HOST, as
// in the bench, Payload's logger; with it, nodemailer to the same host), until none is left.
// No retries' bookkeeping, no lock between instances: the least a handler that sends its mail
// can do.
const MAIL_QUEUE = 'bench-limit' // bench/bookings.ts `quiet` waits for it to drain too
const TAKE_MAILS = `DELETE FROM payload_jobs WHERE id IN (
    SELECT id FROM payload_jobs WHERE queue = $1 ORDER BY created_at LIMIT 10 FOR UPDATE SKIP LOCKED
  ) RETURNING input`
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/\n/g, '<br>')
let transport: Promise<(message: SendEmailOptions) => Promise<unknown>> | undefined

async function serverTransport(): Promise<(message: SendEmailOptions) => Promise<unknown>> {
  if (!settings().mail.host) return logMail(logger)
  // nodemailer's adapter reads nothing of the Payload it is handed.
  return (await mailAdapter())({ payload: new BasePayload() }).sendEmail
}
let mailTimer: NodeJS.Timeout | null = null
let sending: Promise<void> = Promise.resolve()

async function sendQueuedMail(): Promise<void> {
  transport ??= serverTransport()
  const sendEmail = await transport
  for (;;) {
    const client = await pool.connect()
    try {
      await client.query('BEGIN')
      const { rows } = await client.query<{ input: { sealed: string } }>(TAKE_MAILS, [MAIL_QUEUE])
      await Promise.all(
        rows.map(({ input }) => {
          const mail = unseal<OutgoingMail>(SECRET, input.sealed)
          return sendEmail({
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: `<p>${escapeHtml(mail.text)}</p>`,
          })
        }),
      )
      await client.query('COMMIT')
      if (rows.length < 10) return
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined)
      logger.error({ msg: 'limit: mail run failed', err: String(error) })
      return
    } finally {
      client.release()
    }
  }
}

function wakeMail(): void {
  if (mailTimer) return
  mailTimer = setTimeout(() => {
    mailTimer = null
    sending = sending.then(sendQueuedMail)
  }, 50)
}

app.post('/book', express.json(), async (req, res) => {
  const token = req.headers.authorization?.replace(/^Bearer /, '') ?? ''
  const { serviceId, bookingDate, bookingTime } = req.body as {
    serviceId: string
    bookingDate: string
    bookingTime: string
  }
  await hitLeased(payload, `global:${req.socket.remoteAddress}`, RULE)
  const client = await pool.connect()
  try {
    const session = await client.query(
      'SELECT s.user_id, u.email FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1 AND s.expires_at > now()',
      [tokenHash(token)],
    )
    if (!session.rows[0]) return void res.status(401).json({ error: 'unauthorized' })
    const userId = session.rows[0].user_id as string
    const service = await client.query(TERMS_AND_SLOTS, [serviceId, dayOfWeek(bookingDate), bookingDate])
    const row = service.rows[0]
    if (!row) return void res.status(404).json({ error: 'not_found' })
    if (row.status !== 'active') return void res.status(400).json({ error: 'service_not_active' })
    const duration = Number(row.duration_minutes)
    if (!inSomeSlot(openWindows(row.open_slots, row.exceptions), bookingTime, duration))
      return void res.status(400).json({ error: 'slot_unavailable' })
    const schedule = scheduleOf(bookingDate, bookingTime, duration)
    // The write as ours makes it (docs/decisions.md "The public booking is one statement"):
    // one call of the PL/pgSQL function (lock, cap, insert, audit entry, notification, mail
    // job, webhook outbox), atomic alone.
    const at = new Date().toISOString()
    const booking = {
      id: randomUUID(),
      service_id: serviceId,
      provider_id: row.provider_id,
      customer_id: userId,
      booking_date: bookingDate,
      booking_time: bookingTime,
      end_time: schedule.endTime,
      duration_minutes: duration,
      total_price: totalPriceOf({
        basePrice: row.base_price,
        priceType: row.price_type,
        currency: row.currency,
        durationMinutes: duration,
      }),
      currency: row.currency,
      status: 'pending',
      customer_message: null,
      start_minute: schedule.startMinute,
      end_minute: schedule.endMinute,
      buffer_before_minutes: Number(row.buffer_before_minutes ?? 0),
      buffer_after_minutes: Number(row.buffer_after_minutes ?? 0),
      updated_at: at,
      created_at: at,
    }
    const mail = {
      to: session.rows[0].email,
      subject: `Booking received: ${row.title}`,
      text: `We received your booking of ${row.title} on ${bookingDate} at ${bookingTime}.`,
    }
    try {
      await client.query('SELECT community_create_booking($1, $2, $3, $4, $5) AS deliveries', [
        booking,
        {
          action: 'booking.create',
          user_id: userId,
          target_type: 'bookings',
          target_id: booking.id,
          data: booking,
          updated_at: at,
          created_at: at,
        },
        {
          user_id_id: row.provider_id,
          type: 'booking',
          title: `New booking: ${row.title}`,
          body: `${row.title} was booked for ${bookingDate} at ${bookingTime}.`,
          target_type: 'bookings',
          target_id: booking.id,
          updated_at: at,
          created_at: at,
        },
        // A queue of its own: the server's mail runner (same database) must not send these.
        {
          input: { sealed: seal(SECRET, mail) },
          task_slug: SEND_MAIL_TASK,
          queue: MAIL_QUEUE,
          updated_at: at,
          created_at: at,
        },
        {
          event: 'booking.created',
          record_key: `bookings:${booking.id}`,
          body: { type: 'booking.created', timestamp: at, data: booking },
          at,
        },
      ])
      wakeMail()
      res.status(201).json({ booking })
    } catch (error) {
      const { code, constraint } = error as { code?: string; constraint?: string }
      if (code === '23P01') return void res.status(409).json({ error: 'booking_conflict' })
      if (code === '23514' && constraint === 'bookings_day_cap') return void res.status(409).json({ error: 'day_full' })
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
