// POST /api/bookings/:id/reschedule (docs/api.md "Cancel and reschedule a booking"): every answer in its
// order of checks, the records a move leaves (row, audit, notification, outbox row, the METHOD:REQUEST mail),
// the reminder following the new start, and a race of moves and bookings for one free start.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import ICAL from 'ical.js'
import { createLocalReq } from 'payload'

import { BOOKING_CONFIRMED, queueDueReminders, reminderMailConditions } from '../../src/operations/bookings/reminders'
import { ADMIN_BOOKINGS, book, customerActor, localDate } from '../helpers/bookings'
import {
  type Actor,
  adminActor,
  anonymous,
  call,
  citizenActor,
  makeService,
  makeSlot,
  MISSING_ID,
} from '../helpers/catalogue'
import { type Mail, type Mailbox, startMailbox } from '../helpers/mailbox'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

let app: TestApp
let mailbox: Mailbox
let admin: Actor
let provider: Actor
let customer: Actor
let stranger: Actor
const day = localDate(12)
const soon = localDate(1)
let serviceId: string
let strictId: string

beforeAll(async () => {
  mailbox = await startMailbox()
  Object.assign(process.env, mailbox.env)
  app = await startTestApp()
  admin = await adminActor(app)
  provider = await citizenActor(app)
  customer = await customerActor(app, 'Move Customer')
  stranger = await citizenActor(app)
  const title = { translations: [{ inLanguage: 'en', title: 'Viola lesson' }], inLanguage: 'en' }
  serviceId = (
    await makeService(admin, {
      status: 'active',
      providerId: provider.user.id,
      durationMinutes: 60,
      basePrice: '40.00',
      priceType: 'fixed',
      ...title,
    })
  ).id
  strictId = (
    await makeService(admin, {
      status: 'active',
      providerId: provider.user.id,
      durationMinutes: 60,
      cancellationHours: 72,
      bookingAdvanceHours: 24,
      maxBookingsPerDay: 1,
      ...title,
    })
  ).id
  for (const id of [serviceId, strictId]) {
    for (let weekday = 0; weekday < 7; weekday++)
      await makeSlot(admin, id, { dayOfWeek: weekday, startTime: '08:00', endTime: '20:00' })
  }
  const [hook] = await sql<{ id: string }>(
    app,
    `INSERT INTO webhooks (url, secret, active)
     VALUES ('http://127.0.0.1:9/hook', 'whsec_dGVzdHRlc3R0ZXN0dGVzdHRlc3R0ZXN0', true) RETURNING id`,
  )
  await sql(app, `INSERT INTO webhooks_events ("order", parent_id, value) VALUES (1, $1, '*')`, [hook!.id])
})

afterAll(async () => {
  await app.stop()
  await mailbox.stop()
})

const move = (who: Actor, id: string, body: unknown) => who.send(`/api/bookings/${id}/reschedule`, body)

async function booked(time: string, date = day.date, service = serviceId, who = customer): Promise<string> {
  const made = await book(who, { serviceId: service, bookingDate: date, bookingTime: time })
  expect(made.status).toBe(201)
  return made.body.booking.id as string
}

const rowOf = async (id: string) =>
  (
    await sql(
      app,
      `SELECT status, booking_date, booking_time, end_time, total_price, start_minute, reminder_queued_at
       FROM bookings WHERE id = $1`,
      [id],
    )
  )[0]!

function parse(text: string) {
  const component = new ICAL.Component(ICAL.parse(text) as never)
  const event = component.getFirstSubcomponent('vevent')!
  return {
    method: component.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toString(),
    end: (event.getFirstPropertyValue('dtend') as ICAL.Time).toString(),
  }
}

const invitationIn = (mail: Mail) => mail.parts.find((part) => part.type === 'text/calendar')
const mailTo = (email: string, subject: string, id: string) =>
  mailbox.waitFor(
    (mail) =>
      mail.to.includes(email) && mail.subject.startsWith(subject) && (invitationIn(mail)?.text ?? '').includes(id),
    10_000,
  )

describe('POST /api/bookings/:id/reschedule: the order of checks', () => {
  let id: string
  beforeAll(async () => {
    id = await booked('09:00')
  })

  it('401 unauthorized signed out, before the body', async () => {
    const reply = await call(app, 'POST', `/api/bookings/${id}/reschedule`, { raw: '{' })
    expect(reply.status).toBe(401)
    expect(reply.body.error).toBe('unauthorized')
  })

  it('404 not_found for anyone but its customer, provider or an admin, before the body', async () => {
    const reply = await call(app, 'POST', `/api/bookings/${id}/reschedule`, { headers: stranger.headers, raw: '{' })
    expect(reply.status).toBe(404)
    expect(reply.body.error).toBe('not_found')
    expect((await move(customer, MISSING_ID, { bookingDate: day.date, bookingTime: '10:00' })).status).toBe(404)
  })

  it('400 invalid_body, then invalid_request for the schema and for a holdId that is not the caller’s hold', async () => {
    const raw = await call(app, 'POST', `/api/bookings/${id}/reschedule`, { headers: customer.headers, raw: 'nope' })
    expect(raw.status).toBe(400)
    expect(raw.body.error).toBe('invalid_body')
    for (const body of [
      {},
      { bookingDate: '2026-02-30', bookingTime: '10:00' },
      { bookingDate: day.date, bookingTime: '25:00' },
      { bookingDate: day.date, bookingTime: '10:00', extra: 1 },
      { bookingDate: day.date, bookingTime: '10:00', holdId: 'x' },
    ]) {
      const reply = await move(customer, id, body)
      expect(reply.status).toBe(400)
      expect(reply.body.error).toBe('invalid_request')
    }
    const unknown = await move(customer, id, { bookingDate: day.date, bookingTime: '09:00', holdId: MISSING_ID })
    expect(unknown).toMatchObject({ status: 400, body: { error: 'invalid_request' } })
    const same = await move(customer, id, { bookingDate: day.date, bookingTime: '09:00', holdId: null })
    expect(same.status).toBe(200)
  })

  it('409 invalid_transition from a status that holds no time, before the window', async () => {
    const done = await booked('11:00', soon.date)
    await sql(
      app,
      `UPDATE bookings SET status = 'completed', start_minute = start_minute - 3 * 1440,
       end_minute = end_minute - 3 * 1440 WHERE id = $1`,
      [done],
    )
    for (const who of [customer, provider, admin]) {
      const reply = await move(who, done, { bookingDate: day.date, bookingTime: '15:00' })
      expect(reply.status).toBe(409)
      expect(reply.body.error).toBe('invalid_transition')
    }
  })

  it('409 cancellation_window_closed: customer within cancellationHours; staff once it began', async () => {
    const inside = await booked('12:00', localDate(2).date, strictId)
    const reply = await move(customer, inside, { bookingDate: localDate(20).date, bookingTime: '12:00' })
    expect(reply.status).toBe(409)
    expect(reply.body.error).toBe('cancellation_window_closed')
    expect((await move(provider, inside, { bookingDate: localDate(20).date, bookingTime: '12:00' })).status).toBe(200)
    const started = await booked('13:00', soon.date)
    await sql(
      app,
      `UPDATE bookings SET start_minute = start_minute - 2 * 1440, end_minute = end_minute - 2 * 1440 WHERE id = $1`,
      [started],
    )
    expect((await move(admin, started, { bookingDate: day.date, bookingTime: '16:00' })).body.error).toBe(
      'cancellation_window_closed',
    )
  })

  it('the same start answers 200 and changes nothing', async () => {
    const before = await sql(app, 'SELECT * FROM bookings WHERE id = $1', [id])
    const audits = await sql(app, `SELECT 1 FROM audit_logs WHERE target_id = $1 AND action = 'booking.reschedule'`, [
      id,
    ])
    const reply = await move(provider, id, { bookingDate: day.date, bookingTime: '09:00' })
    expect(reply.status).toBe(200)
    expect(reply.body.booking).toMatchObject({ id, bookingDate: day.date, bookingTime: '09:00' })
    expect(await sql(app, 'SELECT * FROM bookings WHERE id = $1', [id])).toEqual(before)
    expect(
      await sql(app, `SELECT 1 FROM audit_logs WHERE target_id = $1 AND action = 'booking.reschedule'`, [id]),
    ).toEqual(audits)
  })

  it('new start: 400 booking_in_past, booking_too_soon, slot_unavailable; 409 day_full, booking_conflict', async () => {
    const expectRefused = async (bookingId: string, body: Record<string, unknown>, status: number, code: string) => {
      const reply = await move(customer, bookingId, body)
      expect([reply.status, reply.body.error]).toEqual([status, code])
    }
    await expectRefused(id, { bookingDate: localDate(-1).date, bookingTime: '10:00' }, 400, 'booking_in_past')
    await expectRefused(id, { bookingDate: day.date, bookingTime: '07:00' }, 400, 'slot_unavailable')
    await expectRefused(id, { bookingDate: day.date, bookingTime: '19:30' }, 400, 'slot_unavailable')
    const strict = await booked('10:00', localDate(10).date, strictId)
    // Eight days' notice for a while: a start five days ahead is too soon, whatever the hour now.
    await sql(app, 'UPDATE service_listings SET booking_advance_hours = 192 WHERE id = $1', [strictId])
    await expectRefused(strict, { bookingDate: localDate(5).date, bookingTime: '10:00' }, 400, 'booking_too_soon')
    await sql(app, 'UPDATE service_listings SET booking_advance_hours = 24 WHERE id = $1', [strictId])
    await booked('10:00', localDate(11).date, strictId, stranger)
    await expectRefused(strict, { bookingDate: localDate(11).date, bookingTime: '15:00' }, 409, 'day_full')
    // Its own date's cap counts the others only: a move within the day fits.
    expect((await move(customer, strict, { bookingDate: localDate(10).date, bookingTime: '14:00' })).status).toBe(200)
    await booked('13:00')
    await expectRefused(id, { bookingDate: day.date, bookingTime: '12:30' }, 409, 'booking_conflict')
    // Judged without its own place: a move overlapping its current span fits.
    expect((await move(customer, id, { bookingDate: day.date, bookingTime: '09:30' })).status).toBe(200)
    expect((await rowOf(id)).booking_time).toBe('09:30')
  })
})

describe('a move and what it leaves', () => {
  it("200 the same id at the new start, price kept; a customer's move makes it pending; its records", async () => {
    const id = await booked('14:00')
    expect((await admin.send(ADMIN_BOOKINGS, { action: 'confirm', id }, 'PATCH')).status).toBe(200)
    const invitation = parse(invitationIn(await mailTo(customer.user.email, 'Booking confirmed', id))!.text)
    const before = await rowOf(id)
    const to = localDate(13).date

    const reply = await move(customer, id, { bookingDate: to, bookingTime: '16:00' })
    expect(reply.status).toBe(200)
    const shown = await customer.get(`/api/bookings/${id}`, { depth: '0' })
    expect(reply.body.booking).toEqual(shown.body)
    expect(reply.body.booking).toMatchObject({
      id,
      bookingDate: to,
      bookingTime: '16:00',
      endTime: '17:00',
      status: 'pending',
      totalPrice: before.total_price === null ? null : Number(before.total_price),
    })

    const audit = await sql<{ user_id: string; data: Record<string, unknown> }>(
      app,
      `SELECT user_id, data FROM audit_logs WHERE target_id = $1 AND action = 'booking.reschedule'`,
      [id],
    )
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({
      user_id: customer.user.id,
      data: { from: { bookingDate: day.date, bookingTime: '14:00' }, to: { bookingDate: to, bookingTime: '16:00' } },
    })
    const notices = await sql(
      app,
      `SELECT user_id_id, type FROM notifications WHERE target_id = $1 AND title LIKE 'Booking rescheduled%'`,
      [id],
    )
    expect(notices).toEqual([{ user_id_id: provider.user.id, type: 'booking' }])
    const outbox = await sql<{ body: { data: Record<string, unknown> } }>(
      app,
      `SELECT body FROM webhook_deliveries WHERE record_key = $1 AND event = 'booking.rescheduled'`,
      [`bookings:${id}`],
    )
    expect(outbox).toHaveLength(1)
    expect(outbox[0]!.body.data).toMatchObject({
      id,
      bookingDate: to,
      bookingTime: '16:00',
      previous: { bookingDate: day.date, bookingTime: '14:00' },
    })

    const moved = parse(invitationIn(await mailTo(customer.user.email, 'Booking rescheduled', id))!.text)
    expect(moved).toMatchObject({
      method: 'REQUEST',
      uid: invitation.uid,
      start: `${to}T16:00:00`,
      end: `${to}T17:00:00`,
    })
    expect(moved.sequence).toBeGreaterThan(invitation.sequence)

    // The old start is free at once.
    expect(
      (await anonymous(app).get(`/api/services/${serviceId}/slots`, { from: day.date, to: day.date })).body.slots[
        day.date
      ],
    ).toContain('14:00')
  })

  it("the provider's move keeps confirmed, notifies the customer; the reminder follows the new start", async () => {
    const id = await booked('10:00', soon.date)
    expect((await admin.send(ADMIN_BOOKINGS, { action: 'confirm', id }, 'PATCH')).status).toBe(200)
    const req = await createLocalReq({}, app.payload)
    await queueDueReminders(req, 48)
    expect((await rowOf(id)).reminder_queued_at).not.toBeNull()
    const oldKey = `${id} ${soon.date} 10:00`
    expect(await reminderMailConditions[BOOKING_CONFIRMED]!(req, oldKey)).toBe(true)

    const to = localDate(2).date
    const reply = await move(provider, id, { bookingDate: to, bookingTime: '11:00' })
    expect(reply.status).toBe(200)
    expect(reply.body.booking.status).toBe('confirmed')
    expect(
      await sql(
        app,
        `SELECT user_id_id FROM notifications WHERE target_id = $1 AND title LIKE 'Booking rescheduled%'`,
        [id],
      ),
    ).toEqual([{ user_id_id: customer.user.id }])
    // The old start's reminder, if still queued, is dropped when it would leave.
    expect(await reminderMailConditions[BOOKING_CONFIRMED]!(req, oldKey)).toBe(false)
    expect((await rowOf(id)).reminder_queued_at).toBeNull()
    await queueDueReminders(req, 72)
    await queueDueReminders(req, 72)
    const reminders = await sql<{ data: Record<string, unknown> }>(
      app,
      `SELECT data FROM audit_logs WHERE target_id = $1 AND action = 'booking.reminder' ORDER BY created_at`,
      [id],
    )
    expect(reminders.map((entry) => entry.data)).toEqual([
      { bookingDate: soon.date, bookingTime: '10:00' },
      { bookingDate: to, bookingTime: '11:00' },
    ])
    expect(await reminderMailConditions[BOOKING_CONFIRMED]!(req, `${id} ${to} 11:00`)).toBe(true)
  })
})

describe('a race for one free start', () => {
  it('of 20 simultaneous moves and bookings to one free start exactly one succeeds, never a 5xx', async () => {
    const date = localDate(25).date
    const movers = await Promise.all(Array.from({ length: 10 }, () => customerActor(app)))
    const bookers = await Promise.all(Array.from({ length: 10 }, () => customerActor(app)))
    const ids: string[] = []
    for (const [index, who] of movers.entries())
      ids.push(await booked(`${String(8 + index).padStart(2, '0')}:00`, localDate(26).date, serviceId, who))
    const replies = await Promise.all([
      ...movers.map((who, index) => move(who, ids[index]!, { bookingDate: date, bookingTime: '12:00' })),
      ...bookers.map((who) => book(who, { serviceId, bookingDate: date, bookingTime: '12:00' })),
    ])
    expect(replies.filter((reply) => reply.status >= 500)).toEqual([])
    expect(replies.filter((reply) => reply.status === 200 || reply.status === 201)).toHaveLength(1)
    expect(replies.filter((reply) => reply.status === 409).map((reply) => reply.body.error)).toEqual(
      Array(19).fill('booking_conflict'),
    )
    const held = await sql(
      app,
      `SELECT id FROM bookings WHERE service_id = $1 AND booking_date = $2 AND status IN ('pending', 'confirmed')`,
      [serviceId, date],
    )
    expect(held).toHaveLength(1)
  })

  it('the daily cap holds in a race: of 20 moves and bookings to starts of a capped date one succeeds', async () => {
    const capped = (
      await makeService(admin, {
        status: 'active',
        providerId: provider.user.id,
        durationMinutes: 30,
        maxBookingsPerDay: 1,
      })
    ).id
    for (let weekday = 0; weekday < 7; weekday++)
      await makeSlot(admin, capped, { dayOfWeek: weekday, startTime: '08:00', endTime: '20:00' })
    const movers = await Promise.all(Array.from({ length: 10 }, () => customerActor(app)))
    const bookers = await Promise.all(Array.from({ length: 10 }, () => customerActor(app)))
    const ids: string[] = []
    for (const [index, who] of movers.entries())
      ids.push(await booked('09:00', localDate(30 + index).date, capped, who))
    const date = localDate(29).date
    const at = (index: number) => `${String(8 + Math.floor(index / 2)).padStart(2, '0')}:${index % 2 ? '30' : '00'}`
    const replies = await Promise.all([
      ...movers.map((who, index) => move(who, ids[index]!, { bookingDate: date, bookingTime: at(index) })),
      ...bookers.map((who, index) => book(who, { serviceId: capped, bookingDate: date, bookingTime: at(10 + index) })),
    ])
    expect(replies.filter((reply) => reply.status >= 500)).toEqual([])
    expect(replies.filter((reply) => reply.status === 200 || reply.status === 201)).toHaveLength(1)
    expect(new Set(replies.filter((reply) => reply.status === 409).map((reply) => reply.body.error))).toEqual(
      new Set(['day_full']),
    )
    const held = await sql(
      app,
      `SELECT id FROM bookings WHERE service_id = $1 AND booking_date = $2 AND status IN ('pending', 'confirmed')`,
      [capped, date],
    )
    expect(held).toHaveLength(1)
  })
})
