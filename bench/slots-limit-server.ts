// The limit for the bookable-times query: GET /api/services/:id/slots on plain
// express + pg, in a process of its own. Same pool size, the same global rate-limit hit, the
// same single SQL statement (imported) and the same listing arithmetic (the pure
// `listBookableTimes`, imported: the answer must be the same, so what differs is the stack
// around it: Payload's request setup, our shell, the router, zod). Run by bench/slots.ts.
import http from 'node:http'

import express, { type Request, type Response } from 'express'
import pg from 'pg'

import type { CounterHost } from '../src/lib/rate-limit'
import { hitLeased } from '../src/lib/rate-limit-lease'
import { datesInRange, isCalendarDate, nowWallClockMinute } from '../src/lib/wall-clock'
import {
  BOOKABLE_TIMES,
  type BookableRow,
  bookableTermsOf,
  bookableTimesValues,
  DEFAULT_STEP_MINUTES,
  listBookableTimes,
  MAX_RANGE_DAYS,
} from '../src/operations/bookings/bookable-times'

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_MAX ?? 10),
})
const payload: CounterHost = { db: { pool }, logger: console }
const RULE = { max: 1_000_000_000, windowSeconds: 60 }
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const app = express()
app.get('/api/health', (_req, res) => {
  res.json({ ok: true })
})
app.get('/api/services/:id/slots', async (req: Request, res: Response) => {
  await hitLeased(payload, `global:${req.socket.remoteAddress}`, RULE)
  const { from, to } = req.query as { from?: string; to?: string }
  if (!isCalendarDate(from) || !isCalendarDate(to) || from > to)
    return void res.status(400).json({ error: 'invalid_request', message: 'bad range' })
  if (datesInRange(from, to) > MAX_RANGE_DAYS)
    return void res.status(400).json({ error: 'range_too_long', message: 'too long' })
  const id = String(req.params.id)
  if (!UUID.test(id)) return void res.status(404).json({ error: 'not_found', message: 'Service not found' })
  const { rows } = await pool.query<BookableRow>({ ...BOOKABLE_TIMES, values: bookableTimesValues(id, from, to) })
  const terms = bookableTermsOf(rows[0])
  if (!terms) return void res.status(404).json({ error: 'not_found', message: 'Service not found' })
  res.json({
    serviceId: id,
    durationMinutes: terms.durationMinutes || DEFAULT_STEP_MINUTES,
    slots: listBookableTimes(terms, from, to, nowWallClockMinute()),
  })
})

const server = http.createServer(app)
server.listen(Number(process.env.PORT), '127.0.0.1')
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))))
