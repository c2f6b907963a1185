// Calendar files of a booking (docs/api.md "Bookable times, calendar files and reminders"):
// GET /api/bookings/:id/calendar.ics for its customer, its provider and admins (404 for
// anyone else), read back with ical.js (RFC 5545); the confirmation mail's invitation
// (METHOD:REQUEST) and the cancellation mail's withdrawal (METHOD:CANCEL, same UID, higher
// SEQUENCE), through the real mail queue.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import ICAL from 'ical.js'

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
const day = localDate(30)
// Escapes (comma, semicolon, backslash), a multi-byte character and a length that must fold.
const TITLE = 'Yoga, "calm"; breath \\ stretch — a long morning class in the park that needs folding to 75 octets ✓'
let serviceId: string

beforeAll(async () => {
  mailbox = await startMailbox()
  Object.assign(process.env, mailbox.env)
  app = await startTestApp()
  admin = await adminActor(app)
  provider = await citizenActor(app)
  customer = await customerActor(app, 'Cal Customer')
  stranger = await citizenActor(app)
  const service = await makeService(admin, {
    status: 'active',
    providerId: provider.user.id,
    durationMinutes: 90,
    translations: [{ inLanguage: 'en', title: TITLE }],
    inLanguage: 'en',
  })
  serviceId = service.id
  await makeSlot(admin, serviceId, { dayOfWeek: day.dayOfWeek, startTime: '09:00', endTime: '17:00' })
})

afterAll(async () => {
  await app.stop()
  await mailbox.stop()
})

async function calendarFile(who: Actor, id: string): Promise<{ status: number; headers: Headers; text: string }> {
  const response = await app.request(`/api/bookings/${id}/calendar.ics`, { headers: who.headers })
  return { status: response.status, headers: response.headers, text: await response.text() }
}

/** The VEVENT of an iCalendar text, through ical.js, and the calendar's METHOD. */
function parse(text: string) {
  const component = new ICAL.Component(ICAL.parse(text) as never)
  const event = component.getFirstSubcomponent('vevent')!
  const value = (name: string) => event.getFirstPropertyValue(name)
  return {
    method: component.getFirstPropertyValue('method'),
    version: component.getFirstPropertyValue('version'),
    prodid: component.getFirstPropertyValue('prodid'),
    events: component.getAllSubcomponents('vevent').length,
    timezones: component.getAllSubcomponents('vtimezone').length,
    uid: value('uid'),
    sequence: value('sequence'),
    status: value('status'),
    summary: value('summary'),
    start: (value('dtstart') as ICAL.Time).toString(),
    end: (value('dtend') as ICAL.Time | null)?.toString() ?? null,
    floating: [value('dtstart'), value('dtend')].every(
      (time) => time === null || (time as ICAL.Time).zone === ICAL.Timezone.localTimezone,
    ),
    dtstamp: (value('dtstamp') as ICAL.Time).zone === ICAL.Timezone.utcTimezone,
    organizer: value('organizer'),
    attendee: value('attendee'),
  }
}

/** RFC 5545 §3.1: CRLF line ends, at most 75 octets a line, continuations start with a space. */
function expectWellFormed(text: string): void {
  expect(text.endsWith('\r\n')).toBe(true)
  const lines = text.slice(0, -2).split('\r\n')
  for (const line of lines) {
    expect(line).not.toMatch(/[\r\n]/)
    expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
  }
  expect(lines[0]).toBe('BEGIN:VCALENDAR')
  // Floating local times: no `Z` and no TZID on the event's times.
  expect(text).toMatch(/\r\nDTSTART:\d{8}T\d{6}\r\n/)
}

const invitationIn = (mail: Mail) => mail.parts.find((part) => part.type === 'text/calendar')
const mailTo = (email: string, subject: string) =>
  mailbox.waitFor((mail) => mail.to.includes(email) && mail.subject.startsWith(subject), 10_000)

describe('GET /api/bookings/:id/calendar.ics', () => {
  let bookingId: string
  beforeAll(async () => {
    const made = await book(customer, { serviceId, bookingDate: day.date, bookingTime: '15:00' })
    expect(made.status).toBe(201)
    bookingId = made.body.booking.id
  })

  it('gives the customer an RFC 5545 event: stable UID, SEQUENCE 0, TENTATIVE, the title, floating times', async () => {
    const file = await calendarFile(customer, bookingId)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="booking-${bookingId}.ics"`)
    expect(file.headers.get('x-content-type-options')).toBe('nosniff')
    expectWellFormed(file.text)
    const event = parse(file.text)
    const compact = day.date.replace(/-/g, '')
    expect(event).toEqual({
      method: null,
      version: '2.0',
      prodid: '-//Community Platform//Bookings//EN',
      events: 1,
      timezones: 0,
      uid: `booking-${bookingId}@localhost`,
      sequence: 0,
      status: 'TENTATIVE',
      summary: TITLE,
      start: `${day.date}T15:00:00`,
      end: `${day.date}T16:30:00`,
      floating: true,
      dtstamp: true,
      organizer: null,
      attendee: null,
    })
    expect(file.text).toContain(`DTSTART:${compact}T150000\r\n`)
    // The same UID every time.
    expect(parse((await calendarFile(customer, bookingId)).text).uid).toBe(event.uid)
  })

  it('is the same event for the provider and an admin', async () => {
    for (const who of [provider, admin]) {
      const file = await calendarFile(who, bookingId)
      expect(file.status).toBe(200)
      expect(parse(file.text).uid).toBe(`booking-${bookingId}@localhost`)
    }
  })

  it('404 not_found for anyone else, signed out, an unknown id or a non-UUID one', async () => {
    for (const [who, id] of [
      [stranger, bookingId],
      [anonymous(app), bookingId],
      [customer, MISSING_ID],
      [admin, 'not-a-uuid'],
      [admin, '123'],
    ] as const) {
      const reply = await call(app, 'GET', `/api/bookings/${id}/calendar.ics`, { headers: who.headers })
      expect([id, reply.status, reply.body]).toEqual([id, 404, { error: 'not_found', message: expect.any(String) }])
    }
  })

  it('leaves the stock routes as they were, and other methods 405', async () => {
    expect((await call(app, 'GET', `/api/bookings/${bookingId}`, { headers: customer.headers })).status).toBe(200)
    expect(
      (await call(app, 'POST', `/api/bookings/${bookingId}/calendar.ics`, { headers: admin.headers, body: {} })).status,
    ).toBe(405)
  })

  it('has no DTEND for a service without a duration, and a DTEND on the next day past midnight', async () => {
    const { id } = await makeService(admin, {
      status: 'active',
      providerId: provider.user.id,
      translations: [{ inLanguage: 'en', title: 'Open hour' }],
      inLanguage: 'en',
    })
    await makeSlot(admin, id, { dayOfWeek: day.dayOfWeek, startTime: '09:00', endTime: '10:00' })
    const made = await book(customer, { serviceId: id, bookingDate: day.date, bookingTime: '09:00' })
    const event = parse((await calendarFile(customer, made.body.booking.id)).text)
    expect([event.start, event.end]).toEqual([`${day.date}T09:00:00`, null])
    // An admin may record a booking the public rules would refuse (e.g. across midnight).
    const late = await makeService(admin, {
      status: 'active',
      providerId: provider.user.id,
      durationMinutes: 120,
      translations: [{ inLanguage: 'en', title: 'Night walk' }],
      inLanguage: 'en',
    })
    const created = await app.request('/api/bookings', {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        service: late.id,
        customer: customer.user.id,
        bookingDate: day.date,
        bookingTime: '23:30',
      }),
    })
    expect(created.status).toBe(201)
    const night = parse((await calendarFile(customer, ((await created.json()) as { doc: { id: string } }).doc.id)).text)
    expect([night.start, night.end]).toEqual([`${day.date}T23:30:00`, `${localDate(31).date}T01:30:00`])
  })
})

describe('the invitation in the mails', () => {
  it('confirmation: METHOD:REQUEST; cancellation: METHOD:CANCEL of the same UID with a higher SEQUENCE; the GET follows the status', async () => {
    const made = await book(customer, { serviceId, bookingDate: day.date, bookingTime: '10:00' })
    const id = made.body.booking.id as string
    const received = await mailTo(customer.user.email, 'Booking received')
    expect(invitationIn(received)).toBeUndefined()

    expect((await admin.send(ADMIN_BOOKINGS, { action: 'confirm', id }, 'PATCH')).status).toBe(200)
    const confirmed = await mailTo(customer.user.email, 'Booking confirmed')
    const invitation = invitationIn(confirmed)!
    expect(invitation.contentType).toMatch(/^text\/calendar; charset=utf-8; method=REQUEST/i)
    expectWellFormed(invitation.text)
    const request = parse(invitation.text)
    expect(request).toMatchObject({
      method: 'REQUEST',
      uid: `booking-${id}@localhost`,
      sequence: 1,
      status: 'CONFIRMED',
      summary: TITLE,
      start: `${day.date}T10:00:00`,
      end: `${day.date}T11:30:00`,
      floating: true,
    })
    expect(request.organizer).toBe('mailto:no-reply@localhost')
    expect(request.attendee).toBe(`mailto:${customer.user.email}`)
    expect(parse((await calendarFile(customer, id)).text)).toMatchObject({
      uid: request.uid,
      sequence: 1,
      status: 'CONFIRMED',
    })

    expect((await admin.send(ADMIN_BOOKINGS, { action: 'cancel', id }, 'PATCH')).status).toBe(200)
    const cancelled = await mailTo(customer.user.email, 'Booking cancelled')
    const withdrawal = parse(invitationIn(cancelled)!.text)
    expect(invitationIn(cancelled)!.contentType).toMatch(/method=CANCEL/i)
    expect(withdrawal).toMatchObject({ method: 'CANCEL', uid: request.uid, status: 'CANCELLED' })
    expect(withdrawal.sequence).toBeGreaterThan(Number(request.sequence))
    expect(parse((await calendarFile(provider, id)).text)).toMatchObject({
      uid: request.uid,
      sequence: 2,
      status: 'CANCELLED',
    })
  })

  it('waits in the queue sealed: no calendar text in clear in payload_jobs', async () => {
    const made = await book(customer, { serviceId, bookingDate: day.date, bookingTime: '12:00' })
    await sql(app, `UPDATE payload_jobs SET wait_until = now() + interval '1 hour' WHERE queue = 'mail'`)
    // A confirmation queued while the runner is held back by wait_until on the earlier jobs.
    const before = new Date()
    expect((await admin.send(ADMIN_BOOKINGS, { action: 'confirm', id: made.body.booking.id }, 'PATCH')).status).toBe(
      200,
    )
    const jobs = await sql<{ input: unknown }>(
      app,
      `SELECT input FROM payload_jobs WHERE queue = 'mail' AND created_at >= $1`,
      [before],
    )
    for (const job of jobs) expect(JSON.stringify(job.input)).not.toMatch(/VCALENDAR|BEGIN/)
    await sql(app, `UPDATE payload_jobs SET wait_until = NULL WHERE queue = 'mail'`)
    await mailTo(customer.user.email, 'Booking confirmed')
  })
})
