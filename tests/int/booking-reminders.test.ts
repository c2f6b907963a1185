// Booking reminders (docs/api.md "Bookable times, calendar files and reminders"):
// BOOKING_REMINDER_HOURS before a confirmed booking, one mail to its customer through the
// mail queue; exactly once when sweeps race (in one process and across two server
// processes), and across a restart; none for a booking that was cancelled, is still pending
// or is further away; none for a booking cancelled while its reminder waited in the mail
// queue; none at all with the variable at 0.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createLocalReq } from 'payload'
import pg from 'pg'

import { queueDueReminders } from '../../src/operations/bookings/reminders'
import { ADMIN_BOOKINGS, book, customerActor, localDate } from '../helpers/bookings'
import { type Actor, adminActor, audits, call, makeService, makeSlot } from '../helpers/catalogue'
import { SERVER_UNDER_LOAD_ENV } from '../helpers/load'
import { type Mailbox, startMailbox } from '../helpers/mailbox'
import { type ServerProcess, startServerProcess } from '../helpers/processes'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

let app: TestApp
let mailbox: Mailbox
let admin: Actor
let customer: Actor
let serviceId: string
const tomorrow = localDate(1)
const HOURS = 48

beforeAll(async () => {
  mailbox = await startMailbox()
  Object.assign(process.env, mailbox.env)
  // This process never sweeps on its own (BOOKING_REMINDER_HOURS=0): the test calls the sweep.
  app = await startTestApp({ env: { BOOKING_REMINDER_HOURS: '0' } })
  admin = await adminActor(app)
  customer = await customerActor(app, 'Rita Reminder')
  const service = await makeService(admin, {
    status: 'active',
    durationMinutes: 60,
    translations: [{ inLanguage: 'en', title: 'Massage' }],
    inLanguage: 'en',
  })
  serviceId = service.id
  for (let dayOfWeek = 0; dayOfWeek < 7; dayOfWeek++)
    await makeSlot(admin, serviceId, { dayOfWeek, startTime: '00:00', endTime: '23:59' })
}, 60_000)

afterAll(async () => {
  await app.stop()
  await mailbox.stop()
})

async function booking(date: string, time: string, moves: string[]): Promise<string> {
  const made = await book(customer, { serviceId, bookingDate: date, bookingTime: time })
  expect(made.status).toBe(201)
  for (const action of moves)
    expect((await admin.send(ADMIN_BOOKINGS, { action, id: made.body.booking.id }, 'PATCH')).status).toBe(200)
  return made.body.booking.id
}

const reminders = (date: string, time: string) =>
  mailbox.to(customer.user.email).filter((mail) => mail.subject === `Reminder: Massage on ${date} at ${time}`)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const mailJobs = async () =>
  (await sql<{ n: number }>(app, `SELECT count(*)::int AS n FROM payload_jobs WHERE queue = 'mail'`))[0]!.n
/** Waits (a bound against hanging, not a window) until the mail queue has sent everything. */
async function mailQueueEmpty() {
  for (let i = 0; i < 150 && (await mailJobs()) > 0; i++) await sleep(100)
  expect(await mailJobs()).toBe(0)
}
const claimed = async () =>
  (await sql<{ id: string }>(app, 'SELECT id FROM bookings WHERE reminder_queued_at IS NOT NULL ORDER BY id')).map(
    (row) => row.id,
  )

describe('one sweep', () => {
  it('claims each confirmed booking due within the hours once, even when two sweeps race; skips the rest', async () => {
    const due = await booking(tomorrow.date, '10:00', ['confirm'])
    await booking(tomorrow.date, '11:00', ['confirm', 'cancel'])
    await booking(tomorrow.date, '12:00', [])
    await booking(localDate(5).date, '10:00', ['confirm'])
    expect(await claimed()).toEqual([])

    const sweep = async () => queueDueReminders(await createLocalReq({}, app.payload), HOURS)
    const counts = await Promise.all([sweep(), sweep(), sweep()])
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1)
    expect(await sweep()).toBe(0)
    expect(await claimed()).toEqual([due])
    expect(await audits(app, 'booking.reminder', due)).toHaveLength(1)
    // The claim is the system's bookkeeping: admins read it, the customer's own booking does not show it.
    const own = await call(app, 'GET', `/api/bookings/${due}`, { headers: customer.headers })
    expect(own.status).toBe(200)
    expect(own.body).not.toHaveProperty('reminderQueuedAt')
    expect((await call(app, 'GET', `/api/bookings/${due}`, { headers: admin.headers })).body.reminderQueuedAt).toEqual(
      expect.any(String),
    )

    const mail = await mailbox.waitFor((m) => m.subject === `Reminder: Massage on ${tomorrow.date} at 10:00`, 10_000)
    expect(mail.to).toEqual([customer.user.email])
    expect(mail.text).toContain('confirmed booking of Massage')
    // Mail leaves only through the queue: once it is empty, every mail queued is in the mailbox.
    await mailQueueEmpty()
    expect(reminders(tomorrow.date, '10:00')).toHaveLength(1)
    expect(reminders(tomorrow.date, '11:00')).toHaveLength(0)
    expect(reminders(tomorrow.date, '12:00')).toHaveLength(0)
    expect(reminders(localDate(5).date, '10:00')).toHaveLength(0)
  })
})

describe('a booking cancelled while its reminder waits in the mail queue', () => {
  it('is not reminded: the mail is dropped as it is about to leave, the cancellation mail still goes', async () => {
    const id = await booking(tomorrow.date, '20:00', ['confirm'])
    await mailbox.waitFor(
      (m) =>
        m.to.includes(customer.user.email) && m.subject.startsWith('Booking confirmed') && m.text.includes('20:00'),
      10_000,
    )
    // Hold the mail runner off (it sends only while it holds this advisory lock, runner.ts).
    const holder = new pg.Client({ connectionString: app.databaseUrl })
    await holder.connect()
    try {
      await holder.query(`SELECT pg_advisory_lock(hashtext('community.mail-queue'))`)
      expect(await queueDueReminders(await createLocalReq({}, app.payload), HOURS)).toBe(1)
      expect(await claimed()).toContain(id)
      expect((await admin.send(ADMIN_BOOKINGS, { action: 'cancel', id }, 'PATCH')).status).toBe(200)
      expect(await sql(app, `SELECT count(*)::int AS n FROM payload_jobs WHERE queue = 'mail'`)).toEqual([{ n: 2 }])
    } finally {
      await holder.query(`SELECT pg_advisory_unlock(hashtext('community.mail-queue'))`)
      await holder.end()
    }
    await mailbox.waitFor(
      (m) =>
        m.to.includes(customer.user.email) && m.subject.startsWith('Booking cancelled') && m.text.includes('20:00'),
      15_000,
    )
    await mailQueueEmpty()
    expect(reminders(tomorrow.date, '20:00')).toHaveLength(0)
  })
})

describe('two server processes sweeping every second, and a restart', () => {
  let servers: ServerProcess[] = []
  const start = () =>
    startServerProcess({
      ...SERVER_UNDER_LOAD_ENV,
      ...mailbox.env,
      DATABASE_URL: app.databaseUrl,
      BOOKING_REMINDER_HOURS: String(HOURS),
      BOOKING_REMINDER_SWEEP_SECONDS: '1',
    })

  afterAll(async () => {
    for (const server of servers) await server.stop(5_000)
  })

  // Three server starts one after the other: the bounds (the test's, the mail waits') are
  // against hanging, sized for a loaded machine beside another file (120 s ran out at load 25).
  it('send one reminder per booking, never a second one, and none for a booking cancelled before it was due', async () => {
    const times = ['14:00', '15:00', '16:00', '17:00']
    const ids = []
    for (const time of times) ids.push(await booking(tomorrow.date, time, ['confirm']))
    // Cancelled while confirmed, before any instance swept: never reminded.
    await booking(tomorrow.date, '18:00', ['confirm', 'cancel'])
    servers = [await start(), await start()]
    for (const time of times)
      await mailbox.waitFor((m) => m.subject === `Reminder: Massage on ${tomorrow.date} at ${time}`, 60_000)
    await sleep(3_000)
    // Restart one instance: it sweeps at start and every second, and finds nothing to do.
    await servers[0]!.stop(10_000)
    servers[0] = await start()
    await sleep(3_000)
    for (const time of [...times, '10:00']) expect([time, reminders(tomorrow.date, time).length]).toEqual([time, 1])
    expect(reminders(tomorrow.date, '18:00')).toHaveLength(0)
    for (const id of ids) expect(await audits(app, 'booking.reminder', id)).toHaveLength(1)
    expect(await sql(app, `SELECT count(*)::int AS n FROM payload_jobs WHERE queue = 'mail'`)).toEqual([{ n: 0 }])
  }, 300_000)
})
