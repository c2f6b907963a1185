// POST /api/bookings/:id/cancel (docs/api.md "Cancel and reschedule a booking"): every answer in its order
// of checks, and what the cancel leaves in the database (status, audit, notification, outbox row, the mail
// with its METHOD:CANCEL calendar file), the place free at once and no reminder after.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import ICAL from 'ical.js'
import { createLocalReq } from 'payload'

import { queueDueReminders } from '../../src/operations/bookings/reminders'
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
const day = localDate(10)
const later = localDate(5)
const soon = localDate(1)
let serviceId: string
let windowedId: string

beforeAll(async () => {
  mailbox = await startMailbox()
  Object.assign(process.env, mailbox.env)
  app = await startTestApp()
  admin = await adminActor(app)
  provider = await citizenActor(app)
  customer = await customerActor(app, 'Cancel Customer')
  stranger = await citizenActor(app)
  const title = { translations: [{ inLanguage: 'en', title: 'Cello lesson' }], inLanguage: 'en' }
  const service = await makeService(admin, {
    status: 'active',
    providerId: provider.user.id,
    durationMinutes: 60,
    ...title,
  })
  serviceId = service.id
  const windowed = await makeService(admin, {
    status: 'active',
    providerId: provider.user.id,
    durationMinutes: 60,
    cancellationHours: 72,
    ...title,
  })
  windowedId = windowed.id
  for (const id of [serviceId, windowedId]) {
    for (let weekday = 0; weekday < 7; weekday++)
      await makeSlot(admin, id, { dayOfWeek: weekday, startTime: '00:00', endTime: '23:59' })
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

const cancel = (who: Actor, id: string, body: unknown = {}) => who.send(`/api/bookings/${id}/cancel`, body)

async function booked(time: string, date = day.date, service = serviceId): Promise<string> {
  const made = await book(customer, { serviceId: service, bookingDate: date, bookingTime: time })
  expect(made.status).toBe(201)
  return made.body.booking.id as string
}

function parse(text: string) {
  const component = new ICAL.Component(ICAL.parse(text) as never)
  const event = component.getFirstSubcomponent('vevent')!
  return {
    method: component.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    status: event.getFirstPropertyValue('status'),
  }
}

const invitationIn = (mail: Mail) => mail.parts.find((part) => part.type === 'text/calendar')
const mailTo = (email: string, subject: string, id: string) =>
  mailbox.waitFor(
    (mail) =>
      mail.to.includes(email) && mail.subject.startsWith(subject) && (invitationIn(mail)?.text ?? '').includes(id),
    10_000,
  )

describe('POST /api/bookings/:id/cancel: the order of checks', () => {
  let id: string
  beforeAll(async () => {
    id = await booked('09:00')
  })

  it('401 unauthorized when signed out, before anything else', async () => {
    const reply = await cancel(anonymous(app), id)
    expect(reply.status).toBe(401)
    expect(reply.body.error).toBe('unauthorized')
    expect((await call(app, 'POST', `/api/bookings/${MISSING_ID}/cancel`, { raw: '{' })).status).toBe(401)
  })

  it('the shell knows the route: another method is 405', async () => {
    const reply = await call(app, 'GET', `/api/bookings/${id}/cancel`, { headers: customer.headers })
    expect(reply.status).toBe(405)
  })

  it('404 not_found for anyone but the customer (the provider and an admin included) and for no booking', async () => {
    for (const who of [stranger, provider, admin]) {
      const reply = await cancel(who, id)
      expect(reply.status).toBe(404)
      expect(reply.body.error).toBe('not_found')
    }
    expect((await cancel(customer, MISSING_ID)).status).toBe(404)
    // A bad body is not looked at before the booking is known to be the caller's.
    expect(
      (await call(app, 'POST', `/api/bookings/${id}/cancel`, { headers: stranger.headers, raw: '{' })).status,
    ).toBe(404)
    expect(
      (await call(app, 'POST', '/api/bookings/not-a-uuid/cancel', { headers: customer.headers, body: {} })).status,
    ).toBe(404)
  })

  it('400 invalid_body for unparsable JSON, invalid_request for the schema (long reason, unknown key)', async () => {
    const raw = await call(app, 'POST', `/api/bookings/${id}/cancel`, { headers: customer.headers, raw: '{"reason":' })
    expect(raw.status).toBe(400)
    expect(raw.body.error).toBe('invalid_body')
    for (const body of [{ reason: 'x'.repeat(501) }, { reason: 5 }, { why: 'no' }]) {
      const reply = await cancel(customer, id, body)
      expect(reply.status).toBe(400)
      expect(reply.body.error).toBe('invalid_request')
    }
    expect((await sql(app, 'SELECT status FROM bookings WHERE id = $1', [id]))[0]!.status).toBe('pending')
  })

  it('409 cancellation_window_closed inside cancellationHours, naming the last moment it was possible', async () => {
    const late = await booked('12:00', soon.date, windowedId)
    const reply = await cancel(customer, late)
    expect(reply.status).toBe(409)
    expect(reply.body.error).toBe('cancellation_window_closed')
    const [y, m, d] = soon.date.split('-').map(Number)
    const deadline = new Date(y!, m! - 1, d! - 3, 12, 0)
    const two = (n: number) => String(n).padStart(2, '0')
    const text = `${deadline.getFullYear()}-${two(deadline.getMonth() + 1)}-${two(deadline.getDate())} 12:00`
    expect(reply.body.message).toContain(text)
    expect((await sql(app, 'SELECT status FROM bookings WHERE id = $1', [late]))[0]!.status).toBe('pending')
  })

  it('409 cancellation_window_closed without cancellationHours once the start has passed', async () => {
    const started = await booked('10:00')
    await sql(
      app,
      `UPDATE bookings SET start_minute = start_minute - 30 * 1440, end_minute = end_minute - 30 * 1440 WHERE id = $1`,
      [started],
    )
    const reply = await cancel(customer, started)
    expect(reply.status).toBe(409)
    expect(reply.body.error).toBe('cancellation_window_closed')
    expect(reply.body.message).toMatch(/until its start at \d{4}-\d{2}-\d{2} 10:00/)
  })

  it('409 invalid_transition from any status but pending and confirmed, before the window', async () => {
    const done = await booked('11:00', soon.date, windowedId)
    expect((await admin.send(ADMIN_BOOKINGS, { action: 'cancel', id: done }, 'PATCH')).status).toBe(200)
    const reply = await cancel(customer, done)
    expect(reply.status).toBe(409)
    expect(reply.body.error).toBe('invalid_transition')
    for (const status of ['completed', 'no_show', 'cancelled_by_customer']) {
      await sql(app, 'UPDATE bookings SET status = $2 WHERE id = $1', [done, status])
      expect((await cancel(customer, done)).body.error).toBe('invalid_transition')
    }
  })
})

describe('a cancel and what it leaves', () => {
  it('200 {booking} as GET shows it to its customer; its records, the METHOD:CANCEL mail, the place free', async () => {
    const id = await booked('14:00')
    expect((await admin.send(ADMIN_BOOKINGS, { action: 'confirm', id }, 'PATCH')).status).toBe(200)
    const invitation = parse(invitationIn(await mailTo(customer.user.email, 'Booking confirmed', id))!.text)

    const reply = await cancel(customer, id, { reason: 'I am ill' })
    expect(reply.status).toBe(200)
    const shown = await customer.get(`/api/bookings/${id}`, { depth: '0' })
    expect(shown.status).toBe(200)
    expect(reply.body.booking).toEqual(shown.body)
    expect(reply.body.booking).toMatchObject({ id, status: 'cancelled_by_customer', cancellationReason: 'I am ill' })
    expect(Date.parse(reply.body.booking.cancelledAt)).toBeGreaterThan(Date.now() - 60_000)
    expect(reply.body.booking).not.toHaveProperty('startMinute')

    const [row] = await sql(app, 'SELECT status, cancelled_at, cancellation_reason FROM bookings WHERE id = $1', [id])
    expect(row).toMatchObject({ status: 'cancelled_by_customer', cancellation_reason: 'I am ill' })
    const audit = await sql<{ user_id: string; data: Record<string, unknown> }>(
      app,
      `SELECT user_id, data FROM audit_logs WHERE target_id = $1 AND action = 'booking.cancel_by_customer'`,
      [id],
    )
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({
      user_id: customer.user.id,
      data: { from: 'confirmed', to: 'cancelled_by_customer', cancellationReason: 'I am ill' },
    })
    const notices = await sql(
      app,
      `SELECT user_id_id, type, title FROM notifications WHERE target_id = $1 AND title LIKE 'Booking cancelled%'`,
      [id],
    )
    expect(notices).toEqual([
      { user_id_id: provider.user.id, type: 'booking', title: 'Booking cancelled: Cello lesson' },
    ])
    const outbox = await sql<{ body: { data: Record<string, unknown> } }>(
      app,
      `SELECT body FROM webhook_deliveries WHERE record_key = $1 AND event = 'booking.cancelled'`,
      [`bookings:${id}`],
    )
    expect(outbox).toHaveLength(1)
    expect(outbox[0]!.body.data).toMatchObject({
      id,
      status: 'cancelled_by_customer',
      cancelledBy: 'customer',
      cancellationReason: 'I am ill',
    })

    const withdrawal = parse(invitationIn(await mailTo(customer.user.email, 'Booking cancelled', id))!.text)
    expect(withdrawal).toMatchObject({ method: 'CANCEL', uid: invitation.uid, status: 'CANCELLED' })
    expect(withdrawal.sequence).toBeGreaterThan(invitation.sequence)

    const slots = await anonymous(app).get(`/api/services/${serviceId}/slots`, { from: day.date, to: day.date })
    expect(slots.body.slots[day.date]).toContain('14:00')
    const again = await book(await customerActor(app), { serviceId, bookingDate: day.date, bookingTime: '14:00' })
    expect(again.status).toBe(201)
  })

  it('cancellationReason is null when none was sent; no reminder follows a cancelled confirmed booking', async () => {
    const id = await booked('08:00', soon.date)
    expect((await admin.send(ADMIN_BOOKINGS, { action: 'confirm', id }, 'PATCH')).status).toBe(200)
    const reply = await cancel(customer, id)
    expect(reply.status).toBe(200)
    expect(reply.body.booking.cancellationReason).toBeNull()
    const req = await createLocalReq({}, app.payload)
    await queueDueReminders(req, 72)
    const [row] = await sql(app, 'SELECT reminder_queued_at FROM bookings WHERE id = $1', [id])
    expect(row!.reminder_queued_at).toBeNull()
    expect(
      await sql(app, `SELECT 1 FROM audit_logs WHERE target_id = $1 AND action = 'booking.reminder'`, [id]),
    ).toHaveLength(0)
  })

  it('outside cancellationHours the window is open; the admin list and the stock route show the fields', async () => {
    const id = await booked('13:00', later.date, windowedId)
    const reply = await cancel(customer, id)
    expect(reply.status).toBe(200)
    const listed = await admin.get(ADMIN_BOOKINGS, { serviceId: windowedId, status: 'cancelled_by_customer' })
    expect(listed.body.bookings.find((b: { id: string }) => b.id === id)).toMatchObject({
      cancellationReason: null,
      status: 'cancelled_by_customer',
    })
    expect(listed.body.bookings.find((b: { id: string }) => b.id === id).cancelledAt).toEqual(
      reply.body.booking.cancelledAt,
    )
    expect((await admin.get(`/api/bookings/${id}`, { depth: '0' })).body.cancelledAt).toEqual(
      reply.body.booking.cancelledAt,
    )
  })

  it("the provider's and admin's cancel says cancelledBy provider in its booking.cancelled event", async () => {
    const id = await booked('15:00')
    expect((await admin.send(ADMIN_BOOKINGS, { action: 'cancel', id }, 'PATCH')).status).toBe(200)
    const outbox = await sql<{ body: { data: Record<string, unknown> } }>(
      app,
      `SELECT body FROM webhook_deliveries WHERE record_key = $1 AND event = 'booking.cancelled'`,
      [`bookings:${id}`],
    )
    expect(outbox[0]!.body.data.cancelledBy).toBe('provider')
  })
})
