// GET /api/services/:id/slots (docs/api.md "Bookable times, calendar files and reminders"):
// the bookable start times of a service per date. The listing's rules one by one (grid,
// slot, past, too soon, overlap), the documented 400s and 404s (never a 500), and one SQL
// statement per request whatever the range.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import pg from 'pg'

import { ADMIN_BOOKINGS, book, localDate, startBookingApp } from '../helpers/bookings'
import { type BridgeReference, startBridgeReference } from '../helpers/bridge-reference'
import {
  type Actor,
  anonymous,
  AVAILABILITY,
  call,
  count,
  makeService,
  makeSlot,
  MISSING_ID,
  SERVICES,
} from '../helpers/catalogue'
import { statementsDuring } from '../helpers/statements'
import type { TestApp } from '../helpers/test-app'

let app: TestApp
let admin: Actor
let customer: Actor

beforeAll(async () => {
  ;({ app, admin, customer } = await startBookingApp())
})

afterAll(async () => {
  await app.stop()
})

const slotsOf = (serviceId: string, from: string, to: string) =>
  call(app, 'GET', `/api/services/${serviceId}/slots?from=${from}&to=${to}`)

/** An active service with the given fields and weekly slots (09:00–12:00 on `day`'s weekday unless told). */
async function service(fields: Record<string, unknown>, slots: Array<Record<string, unknown>>): Promise<string> {
  const { id } = await makeService(admin, {
    status: 'active',
    translations: [{ inLanguage: 'en', title: 'Yoga' }],
    inLanguage: 'en',
    ...fields,
  })
  for (const slot of slots) await makeSlot(admin, id, slot)
  return id
}

describe('200: the bookable times of every date of the range', () => {
  const day = localDate(10)

  it('lists each slot start plus multiples of the duration, every date a key, for anyone (no session)', async () => {
    const id = await service({ durationMinutes: 60 }, [
      { dayOfWeek: day.dayOfWeek, startTime: '09:00', endTime: '12:00' },
    ])
    const to = localDate(16).date
    const reply = await slotsOf(id, day.date, to)
    expect(reply.status).toBe(200)
    const dates = Array.from({ length: 7 }, (_, i) => localDate(10 + i).date)
    expect(Object.keys(reply.body.slots).sort()).toEqual(dates)
    expect(reply.body).toEqual({
      serviceId: id,
      durationMinutes: 60,
      slots: Object.fromEntries(dates.map((date) => [date, date === day.date ? ['09:00', '10:00', '11:00'] : []])),
    })
  })

  it('keeps the whole duration inside the slot (45 min in 09:00–11:00: 09:00, 09:45) and merges several slots, sorted', async () => {
    const id = await service({ durationMinutes: 45 }, [
      { dayOfWeek: day.dayOfWeek, startTime: '14:10', endTime: '15:00' },
      { dayOfWeek: day.dayOfWeek, startTime: '09:00', endTime: '11:00' },
    ])
    const reply = await slotsOf(id, day.date, day.date)
    expect(reply.body).toEqual({
      serviceId: id,
      durationMinutes: 45,
      slots: { [day.date]: ['09:00', '09:45', '14:10'] },
    })
  })

  it('steps by 60 minutes for a service without a duration, to the slot’s last minute', async () => {
    const id = await service({}, [{ dayOfWeek: day.dayOfWeek, startTime: '09:30', endTime: '11:31' }])
    const reply = await slotsOf(id, day.date, day.date)
    expect(reply.body).toEqual({
      serviceId: id,
      durationMinutes: 60,
      slots: { [day.date]: ['09:30', '10:30', '11:30'] },
    })
  })

  it('leaves out a slot that is not available', async () => {
    const id = await service({ durationMinutes: 60 }, [
      { dayOfWeek: day.dayOfWeek, startTime: '09:00', endTime: '10:00' },
      { dayOfWeek: day.dayOfWeek, startTime: '13:00', endTime: '14:00', isAvailable: false },
    ])
    expect((await slotsOf(id, day.date, day.date)).body.slots).toEqual({ [day.date]: ['09:00'] })
  })

  it('leaves out times a pending or confirmed booking overlaps, and gives them back when it is cancelled', async () => {
    const id = await service({ durationMinutes: 60 }, [
      { dayOfWeek: day.dayOfWeek, startTime: '09:00', endTime: '13:00' },
    ])
    // 09:30–10:30 overlaps the 09:00 and 10:00 starts; 11:00–12:00 takes 11:00 only.
    const first = await book(customer, { serviceId: id, bookingDate: day.date, bookingTime: '09:30' })
    const second = await book(customer, { serviceId: id, bookingDate: day.date, bookingTime: '11:00' })
    expect([first.status, second.status]).toEqual([201, 201])
    expect((await slotsOf(id, day.date, day.date)).body.slots).toEqual({ [day.date]: ['12:00'] })
    expect((await admin.send(ADMIN_BOOKINGS, { action: 'confirm', id: second.body.booking.id }, 'PATCH')).status).toBe(
      200,
    )
    expect((await slotsOf(id, day.date, day.date)).body.slots).toEqual({ [day.date]: ['12:00'] })
    expect((await admin.send(ADMIN_BOOKINGS, { action: 'cancel', id: first.body.booking.id }, 'PATCH')).status).toBe(
      200,
    )
    expect((await slotsOf(id, day.date, day.date)).body.slots).toEqual({ [day.date]: ['09:00', '10:00', '12:00'] })
  })

  it('lists nothing in the past: earlier dates are empty, today only from now on', async () => {
    const today = localDate(0)
    const yesterday = localDate(-1)
    const id = await service(
      { durationMinutes: 30 },
      Array.from({ length: 7 }, (_, dayOfWeek) => ({ dayOfWeek, startTime: '00:00', endTime: '23:59' })),
    )
    const before = new Date()
    const reply = await slotsOf(id, yesterday.date, today.date)
    const after = new Date()
    expect(reply.body.slots[yesterday.date]).toEqual([])
    const minuteOf = (date: Date) => date.getHours() * 60 + date.getMinutes() + date.getSeconds() / 60
    const grid = Array.from({ length: 47 }, (_, i) => i * 30)
    const listed = (reply.body.slots[today.date] as string[]).map(
      (time) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3)),
    )
    // Every grid time after the request is listed, none before it (a midnight in between is not worth the flake).
    if (after.getDate() !== before.getDate()) return
    expect(listed).toEqual(
      grid.filter((minute) => minute >= minuteOf(before) && (minute >= minuteOf(after) || listed.includes(minute))),
    )
    expect(listed.every((minute) => minute >= minuteOf(before))).toBe(true)
    expect(grid.filter((minute) => minute >= minuteOf(after)).every((minute) => listed.includes(minute))).toBe(true)
  })

  it('lists nothing sooner than bookingAdvanceHours', async () => {
    const id = await service(
      { durationMinutes: 60, bookingAdvanceHours: 72 },
      Array.from({ length: 7 }, (_, dayOfWeek) => ({ dayOfWeek, startTime: '00:00', endTime: '23:59' })),
    )
    const reply = await slotsOf(id, localDate(1).date, localDate(5).date)
    expect(reply.body.slots[localDate(1).date]).toEqual([])
    expect(reply.body.slots[localDate(2).date]).toEqual([])
    expect(reply.body.slots[localDate(5).date]).toHaveLength(23)
  })

  it('answers a range of exactly 62 dates, and the same for a past range (all empty)', async () => {
    const id = await service({ durationMinutes: 60 }, [{ dayOfWeek: 1, startTime: '09:00', endTime: '10:00' }])
    const reply = await slotsOf(id, '2031-01-01', '2031-03-03')
    expect(reply.status).toBe(200)
    expect(Object.keys(reply.body.slots)).toHaveLength(62)
    // Mondays of January and February 2031 and March 3rd.
    expect(
      Object.entries(reply.body.slots)
        .filter(([, times]) => (times as string[]).length)
        .map(([date]) => date),
    ).toEqual([
      '2031-01-06',
      '2031-01-13',
      '2031-01-20',
      '2031-01-27',
      '2031-02-03',
      '2031-02-10',
      '2031-02-17',
      '2031-02-24',
      '2031-03-03',
    ])
    const past = await slotsOf(id, '2020-01-01', '2020-01-31')
    expect(past.status).toBe(200)
    expect(Object.values(past.body.slots).flat()).toEqual([])
  })

  it('crosses a leap day and a year end', async () => {
    const id = await service({ durationMinutes: 60 }, [{ dayOfWeek: 2, startTime: '09:00', endTime: '10:00' }])
    const leap = await slotsOf(id, '2028-02-28', '2028-03-01')
    expect(leap.body.slots).toEqual({ '2028-02-28': [], '2028-02-29': ['09:00'], '2028-03-01': [] })
    const yearEnd = await slotsOf(id, '2030-12-30', '2031-01-02')
    expect(yearEnd.body.slots).toEqual({
      '2030-12-30': [],
      '2030-12-31': ['09:00'],
      '2031-01-01': [],
      '2031-01-02': [],
    })
  })
})

describe('bad input: the documented 400 and 404, never a 500', () => {
  let id: string
  beforeAll(async () => {
    id = await service({ durationMinutes: 60 }, [{ dayOfWeek: 1, startTime: '09:00', endTime: '10:00' }])
  })

  it.each([
    ['from missing', 'to=2031-01-10'],
    ['to missing', 'from=2031-01-10'],
    ['nothing', ''],
    ['a date that does not exist', 'from=2031-02-30&to=2031-03-02'],
    ['month 13', 'from=2031-13-01&to=2031-13-02'],
    ['not a date', 'from=tomorrow&to=2031-01-02'],
    ['a date-time', 'from=2031-01-01T00:00:00Z&to=2031-01-02'],
    ['a date before 1970 (the wall-clock minutes start there)', 'from=1969-12-31&to=1970-01-01'],
    ['a year of five digits', 'from=2031-01-01&to=20310-01-02'],
    ['from after to', 'from=2031-01-10&to=2031-01-09'],
  ])('400 invalid_request: %s', async (_, query) => {
    const reply = await call(app, 'GET', `/api/services/${id}/slots?${query}`)
    expect(reply.status).toBe(400)
    expect(reply.body).toMatchObject({
      error: 'invalid_request',
      message: expect.any(String),
      issues: expect.any(Array),
    })
  })

  it.each([
    ['63 dates', '2031-01-01', '2031-03-04'],
    ['ten years', '2031-01-01', '2041-01-01'],
  ])('400 range_too_long: %s', async (_, from, to) => {
    const reply = await slotsOf(id, from, to)
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({ error: 'range_too_long', message: expect.stringContaining('62') })
  })

  it('404 not_found for a non-UUID id, an unknown one, and a service that is not active or was deleted', async () => {
    const draft = await service({ status: 'draft', durationMinutes: 60 }, [
      { dayOfWeek: 1, startTime: '09:00', endTime: '10:00' },
    ])
    const suspended = await service({ status: 'suspended', durationMinutes: 60 }, [])
    const archived = await service({ status: 'archived', durationMinutes: 60 }, [])
    const deleted = await service({ durationMinutes: 60 }, [])
    expect((await admin.send(SERVICES, { action: 'delete', id: deleted }, 'PATCH')).status).toBe(200)
    for (const target of ['not-a-uuid', '12345', MISSING_ID, draft, suspended, archived, deleted, `${id}%00`]) {
      const reply = await slotsOf(target, '2031-01-01', '2031-01-07')
      expect([target, reply.status, reply.body]).toEqual([
        target,
        404,
        { error: 'not_found', message: expect.any(String) },
      ])
    }
  })

  it('405 for another method', async () => {
    const reply = await call(app, 'POST', `/api/services/${id}/slots`, { body: {} })
    expect(reply.status).toBe(405)
  })
})

// The shell answers this read itself (endpoints/services/slots.ts). The
// reference is the Payload endpoint as the app served it before
// (tests/helpers/bridge-reference.ts): the same status, headers and body to the byte for
// every case below, exceptions, buffers, caps and bookings included.
describe('the shell’s answer is the Payload endpoint’s', () => {
  let reference: BridgeReference

  beforeAll(async () => {
    reference = await startBridgeReference(app)
  })

  afterAll(async () => {
    await reference.close()
  })

  it('listings, 400s and 404s, for anyone', async () => {
    const day = localDate(10)
    const plain = await service({ durationMinutes: 45 }, [
      { dayOfWeek: day.dayOfWeek, startTime: '09:00', endTime: '12:00' },
      { dayOfWeek: (day.dayOfWeek + 1) % 7, startTime: '14:10', endTime: '18:00' },
    ])
    const busy = await service(
      { durationMinutes: 60, bufferBeforeMinutes: 15, bufferAfterMinutes: 10, maxBookingsPerDay: 2 },
      [
        { dayOfWeek: day.dayOfWeek, startTime: '08:00', endTime: '18:00' },
        { dayOfWeek: localDate(11).dayOfWeek, startTime: '08:00', endTime: '18:00' },
        { dayOfWeek: localDate(12).dayOfWeek, startTime: '08:00', endTime: '18:00' },
      ],
    )
    for (const fields of [
      { date: localDate(11).date, isAvailable: false, reason: 'Closed' },
      { date: localDate(12).date, isAvailable: false, startTime: '12:00', endTime: '13:00' },
      { date: localDate(12).date, isAvailable: true, startTime: '19:00', endTime: '22:00' },
    ]) {
      expect((await admin.send(AVAILABILITY, { action: 'createException', serviceId: busy, ...fields })).status).toBe(
        201,
      )
    }
    expect((await book(customer, { serviceId: busy, bookingDate: day.date, bookingTime: '10:00' })).status).toBe(201)
    const range = `from=${localDate(8).date}&to=${localDate(20).date}`
    const paths = [
      ...[plain, busy].flatMap((id) => [
        `/api/services/${id}/slots?${range}`,
        `/api/services/${id.toUpperCase()}/slots?${range}`,
        `/api/services/${id}/slots/?${range}`,
        `/api/Services/${id}/SLOTS?${range}`,
      ]),
      `/api/services/${busy}/slots?from=${day.date}&to=${day.date}`,
      `/api/services/${busy}/slots?from=2031-01-01&to=2031-03-04`,
      `/api/services/${busy}/slots?from=2031-02-30&to=2031-03-02`,
      `/api/services/${busy}/slots?to=2031-01-10`,
      `/api/services/${busy}/slots`,
      `/api/services/${busy}/slots?from=2031-01-10&to=2031-01-09`,
      `/api/services/${MISSING_ID}/slots?${range}`,
      `/api/services/not-a-uuid/slots?${range}`,
      `/api/services/${busy}%00/slots?${range}`,
    ]
    for (const path of paths) {
      for (const headers of [{}, customer.headers, { authorization: 'Bearer not-a-session' }])
        await reference.sameAnswer(path, headers)
    }
    const listed = JSON.parse((await reference.sameAnswer(`/api/services/${busy}/slots?${range}`)).body)
    expect(listed.slots[localDate(11).date]).toEqual([])
    expect(listed.slots[day.date]).not.toContain('11:00')
  })
})

describe('cost', () => {
  it('one SQL statement per request, whatever the range and the bookings in it', async () => {
    const day = localDate(3)
    const id = await service(
      { durationMinutes: 30 },
      Array.from({ length: 7 }, (_, dayOfWeek) => ({ dayOfWeek, startTime: '08:00', endTime: '18:00' })),
    )
    for (const time of ['09:00', '10:00', '11:30'])
      expect((await book(customer, { serviceId: id, bookingDate: day.date, bookingTime: time })).status).toBe(201)
    // The booking mails are sent first, so the mail runner's statements are not counted.
    for (let i = 0; i < 100 && (await count(app, 'payload_jobs')) > 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 100))
    const { result: reply, statements } = await statementsDuring(() =>
      anonymous(app).get(`/api/services/${id}/slots`, { from: localDate(0).date, to: localDate(61).date }),
    )
    expect(reply.status).toBe(200)
    expect(reply.body.slots[day.date]).not.toContain('09:00')
    // The global limit's counter is leased a few units at a time (rate-limit-lease.ts); the
    // mail runner, the reminder sweep and the webhook deliverer wake on their own timers and may run inside the window
    // (their jobs, advisory locks, claims and transaction control are theirs, not the request's).
    const background =
      /^\s*INSERT INTO rate_limits|payload_jobs|pg_(try_)?advisory_(un)?lock|reminder_queued_at|webhook_deliveries|^\s*(begin|commit|rollback)\b/i
    const own = statements.filter((text) => !background.test(text))
    expect(own).toHaveLength(1)
    expect(own[0]).toMatch(/FROM bookings b/)
  })

  it('finds the bookings through the no-overlap constraint’s index', async () => {
    const client = new pg.Client({ connectionString: app.databaseUrl })
    await client.connect()
    try {
      await client.query('SET enable_seqscan = off')
      const { rows } = await client.query(
        `EXPLAIN SELECT 1 FROM bookings b WHERE b.service_id = $1 AND b.status IN ('pending', 'confirmed') AND numrange(b.start_minute, b.end_minute, '[)') && numrange($2::numeric, $3::numeric, '[)')`,
        [MISSING_ID, 0, 1440],
      )
      expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/bookings_no_overlap/)
    } finally {
      await client.end()
    }
  })
})
