// Days off, extra hours, buffers and daily caps (docs/api.md "Exceptions: days off and extra hours"): exceptions on
// the availability family (rules, codes, audit, staff-only stock routes), the service fields,
// the booking and the slots refusing alike, and the race-proof buffers and cap.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { book, bookableService, customerActor, localDate } from '../helpers/bookings'
import {
  type Actor,
  adminActor,
  anonymous,
  audits,
  AVAILABILITY,
  citizenActor,
  count,
  makeService,
  MISSING_ID,
  type Reply,
  SERVICES,
} from '../helpers/catalogue'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

let app: TestApp
let admin: Actor
let customer: Actor

beforeAll(async () => {
  app = await startTestApp()
  admin = await adminActor(app)
  customer = await customerActor(app)
})

afterAll(async () => {
  await app.stop()
})

const exception = (serviceId: string, fields: Record<string, unknown>) =>
  admin.send(AVAILABILITY, { action: 'createException', serviceId, ...fields })
const slotsOn = async (serviceId: string, date: string): Promise<string[]> => {
  const reply = await anonymous(app).get(`/api/services/${serviceId}/slots`, { from: date, to: date })
  expect(reply.status).toBe(200)
  return reply.body.slots[date]
}
const tally = (replies: Reply[]) =>
  replies.reduce<Record<string, number>>((acc, reply) => ({ ...acc, [reply.status]: (acc[reply.status] ?? 0) + 1 }), {})

describe('exceptions on /api/admin/services/availability', () => {
  it('createException → 201 {exception}, audited; GET answers {slots, exceptions} by date then start, from/to filtering', async () => {
    const { id } = await makeService(admin)
    const later = localDate(20).date
    const sooner = localDate(5).date
    const closed = await exception(id, { date: later, isAvailable: false, reason: 'Holiday' })
    expect(closed).toMatchObject({
      status: 201,
      body: {
        exception: {
          id: expect.any(String),
          serviceId: id,
          date: later,
          isAvailable: false,
          startTime: null,
          endTime: null,
          reason: 'Holiday',
        },
      },
    })
    const opening = await exception(id, { date: sooner, isAvailable: true, startTime: '18:00', endTime: '21:00' })
    const window = await exception(id, { date: sooner, isAvailable: false, startTime: '12:00', endTime: '13:00' })
    expect([opening.status, window.status]).toEqual([201, 201])
    const [entry] = await audits(app, 'service_availability.exception_create', closed.body.exception.id)
    expect(entry).toMatchObject({
      user_id: admin.user.id,
      data: expect.objectContaining({ date: later, reason: 'Holiday' }),
    })

    const all = await admin.get(AVAILABILITY, { serviceId: id })
    expect(all.status).toBe(200)
    expect(all.body.slots).toEqual([])
    expect(all.body.exceptions.map((row: any) => `${row.date} ${row.startTime}`)).toEqual([
      `${sooner} 12:00`,
      `${sooner} 18:00`,
      `${later} null`,
    ])
    expect(
      (await admin.get(AVAILABILITY, { serviceId: id, from: localDate(10).date })).body.exceptions.map(
        (row: any) => row.id,
      ),
    ).toEqual([closed.body.exception.id])
    expect((await admin.get(AVAILABILITY, { serviceId: id, to: sooner })).body.exceptions).toHaveLength(2)
    expect(await admin.get(AVAILABILITY, { serviceId: id, from: '2026-02-30' })).toMatchObject({
      status: 400,
      body: { error: 'invalid_request' },
    })
  })

  it('400 invalid_request for a past date, one beyond 730 days, an unreal date, times alone or backwards, an opening without times, a long reason', async () => {
    const { id } = await makeService(admin)
    const date = localDate(3).date
    const bad: Array<Record<string, unknown>> = [
      { date: localDate(-1).date, isAvailable: false },
      { date: localDate(731).date, isAvailable: false },
      { date: '2027-02-30', isAvailable: false },
      { date, isAvailable: false, startTime: '10:00' },
      { date, isAvailable: false, startTime: '11:00', endTime: '10:00' },
      { date, isAvailable: false, startTime: '24:00', endTime: '25:00' },
      { date, isAvailable: true },
      { date, isAvailable: false, reason: 'x'.repeat(201) },
      { date },
    ]
    for (const fields of bad)
      expect(await exception(id, fields)).toMatchObject({
        status: 400,
        body: { error: 'invalid_request', issues: expect.any(Array) },
      })
    expect(
      (await exception(id, { date: localDate(730).date, isAvailable: false, reason: 'x'.repeat(200) })).status,
    ).toBe(201)
    expect((await exception(id, { date: localDate(0).date, isAvailable: false })).status).toBe(201)
    expect(await exception(MISSING_ID, { date, isAvailable: false })).toMatchObject({
      status: 404,
      body: { error: 'not_found' },
    })
    expect(await count(app, 'availability_exceptions', 'service_id = $1', [id])).toBe(2)
  })

  it('409 slot_overlap for overlapping windows of one kind on one date; a closing and an opening may overlap', async () => {
    const { id } = await makeService(admin)
    const date = localDate(4).date
    expect((await exception(id, { date, isAvailable: true, startTime: '09:00', endTime: '12:00' })).status).toBe(201)
    expect(await exception(id, { date, isAvailable: true, startTime: '11:00', endTime: '13:00' })).toMatchObject({
      status: 409,
      body: { error: 'slot_overlap' },
    })
    expect((await exception(id, { date, isAvailable: true, startTime: '12:00', endTime: '13:00' })).status).toBe(201)
    expect((await exception(id, { date, isAvailable: false, startTime: '10:00', endTime: '11:00' })).status).toBe(201)
    // A whole-date closing meets every closing window of the date.
    expect(await exception(id, { date, isAvailable: false })).toMatchObject({
      status: 409,
      body: { error: 'slot_overlap' },
    })
    const other = localDate(6).date
    expect((await exception(id, { date: other, isAvailable: false })).status).toBe(201)
    expect(
      await exception(id, { date: other, isAvailable: false, startTime: '08:00', endTime: '09:00' }),
    ).toMatchObject({ status: 409, body: { error: 'slot_overlap' } })
  })

  it('updateException → 200 {exception} and deleteException → 200 {success}, each audited; 404 for no such exception', async () => {
    const { id } = await makeService(admin)
    const created = (await exception(id, { date: localDate(8).date, isAvailable: false })).body.exception
    const updated = await admin.send(
      AVAILABILITY,
      { action: 'updateException', id: created.id, startTime: '14:00', endTime: '16:00', reason: 'Dentist' },
      'PATCH',
    )
    expect(updated).toMatchObject({
      status: 200,
      body: {
        exception: { id: created.id, startTime: '14:00', endTime: '16:00', reason: 'Dentist', isAvailable: false },
      },
    })
    expect(await audits(app, 'service_availability.exception_update', created.id)).toHaveLength(1)
    // The merged exception is checked: an opening needs its times, so this one may become one.
    expect(
      (await admin.send(AVAILABILITY, { action: 'updateException', id: created.id, isAvailable: true }, 'PATCH'))
        .status,
    ).toBe(200)
    expect(
      await admin.send(AVAILABILITY, { action: 'updateException', id: created.id, endTime: '13:00' }, 'PATCH'),
    ).toMatchObject({ status: 400, body: { error: 'invalid_request' } })
    expect(
      await admin.send(AVAILABILITY, { action: 'updateException', id: MISSING_ID, reason: 'x' }, 'PATCH'),
    ).toMatchObject({ status: 404, body: { error: 'not_found' } })
    expect(await admin.send(AVAILABILITY, { action: 'updateException', reason: 'x' }, 'PATCH')).toMatchObject({
      status: 400,
      body: { error: 'missing_id' },
    })
    expect(await admin.send(AVAILABILITY, { action: 'deleteException', id: created.id }, 'DELETE')).toMatchObject({
      status: 200,
      body: { success: true },
    })
    expect(await audits(app, 'service_availability.exception_delete', created.id)).toHaveLength(1)
    expect(await count(app, 'availability_exceptions', 'id = $1', [created.id])).toBe(0)
    expect(await admin.send(AVAILABILITY, { action: 'deleteException', id: created.id }, 'DELETE')).toMatchObject({
      status: 404,
      body: { error: 'not_found' },
    })
  })

  it('403 for citizens; the stock route shows exceptions to staff only', async () => {
    const { id } = await makeService(admin, { status: 'active' })
    const created = (await exception(id, { date: localDate(9).date, isAvailable: false, reason: 'Private' })).body
      .exception
    const citizen = await citizenActor(app)
    expect(
      await citizen.send(AVAILABILITY, {
        action: 'createException',
        serviceId: id,
        date: localDate(9).date,
        isAvailable: false,
      }),
    ).toMatchObject({ status: 403, body: { error: 'forbidden' } })
    for (const who of [anonymous(app), citizen]) {
      const list = await who.get('/api/availability-exceptions', { limit: '100' })
      expect(list.body.docs ?? []).toEqual([])
      expect((await who.get(`/api/availability-exceptions/${created.id}`)).status).not.toBe(200)
      expect(
        (await who.send('/api/availability-exceptions', { service: id, date: localDate(9).date, isAvailable: false }))
          .status,
      ).toBe(403)
    }
    expect((await admin.get(`/api/availability-exceptions/${created.id}`)).body).toMatchObject({
      id: created.id,
      reason: 'Private',
    })
    // The service's page lists them (a join field), for staff only.
    const page = await admin.get(`/api/service-listings/${id}`, { depth: '1' })
    expect(page.body.availabilityExceptions.docs.map((doc: any) => doc.id ?? doc)).toEqual([created.id])
    expect((await anonymous(app).get(`/api/service-listings/${id}`)).body.availabilityExceptions).toBeUndefined()
  })

  it('deleting a service removes its exceptions', async () => {
    const { id } = await makeService(admin)
    await exception(id, { date: localDate(9).date, isAvailable: false })
    expect((await admin.send(SERVICES, { action: 'delete', id }, 'DELETE')).status).toBe(200)
    expect(await count(app, 'availability_exceptions', 'service_id = $1', [id])).toBe(0)
  })
})

describe('service fields', () => {
  it('bufferBeforeMinutes / bufferAfterMinutes (0–240, default 0) and maxBookingsPerDay (null = none) on create, update and read', async () => {
    const plain = await makeService(admin)
    expect((await admin.get(SERVICES, { id: plain.id })).body.service).toMatchObject({
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 0,
      maxBookingsPerDay: null,
    })
    const set = await admin.send(
      SERVICES,
      { action: 'update', id: plain.id, bufferBeforeMinutes: 15, bufferAfterMinutes: 240, maxBookingsPerDay: 6 },
      'PATCH',
    )
    expect(set).toMatchObject({
      status: 200,
      body: { service: { bufferBeforeMinutes: 15, bufferAfterMinutes: 240, maxBookingsPerDay: 6 } },
    })
    expect((await admin.get(SERVICES, { q: plain.slug })).body.services[0]).toMatchObject({
      bufferBeforeMinutes: 15,
      bufferAfterMinutes: 240,
      maxBookingsPerDay: 6,
    })
    for (const bad of [
      { bufferBeforeMinutes: 241 },
      { bufferAfterMinutes: -1 },
      { bufferBeforeMinutes: 1.5 },
      { bufferBeforeMinutes: null },
      { maxBookingsPerDay: 0 },
    ]) {
      expect(await admin.send(SERVICES, { action: 'update', id: plain.id, ...bad }, 'PATCH')).toMatchObject({
        status: 400,
        body: { error: 'invalid_request' },
      })
    }
    // The refusal names the range, not just the type.
    expect(
      (await admin.send(SERVICES, { action: 'update', id: plain.id, bufferBeforeMinutes: 241 }, 'PATCH')).body.issues,
    ).toEqual([{ path: 'bufferBeforeMinutes', message: 'A whole number from 0 to 240' }])
    expect(
      (await admin.send(SERVICES, { action: 'update', id: plain.id, maxBookingsPerDay: null }, 'PATCH')).body.service
        .maxBookingsPerDay,
    ).toBeNull()
  })
})

describe('booking and slots share the rule', () => {
  it('a closed date: 400 slot_unavailable and no slots that day; a closed window takes its times out', async () => {
    const date = localDate(14)
    const service = await bookableService(admin, date)
    expect(await slotsOn(service.id, date.date)).toContain('12:00')
    await exception(service.id, { date: date.date, isAvailable: false, startTime: '12:00', endTime: '13:30' })
    expect(await slotsOn(service.id, date.date)).toEqual(['09:00', '10:00', '11:00', '14:00', '15:00', '16:00'])
    expect(await book(customer, { serviceId: service.id, bookingDate: date.date, bookingTime: '11:30' })).toMatchObject(
      { status: 400, body: { error: 'slot_unavailable' } },
    )
    expect((await book(customer, { serviceId: service.id, bookingDate: date.date, bookingTime: '13:30' })).status).toBe(
      201,
    )
    // A whole-date closing would overlap the closed window: the window becomes the whole date.
    const closed = await admin.get(AVAILABILITY, { serviceId: service.id })
    const update = {
      action: 'updateException',
      id: closed.body.exceptions[0].id,
      startTime: null,
      endTime: null,
      reason: 'Closed',
    }
    expect((await admin.send(AVAILABILITY, update, 'PATCH')).status).toBe(200)
    expect(await slotsOn(service.id, date.date)).toEqual([])
    expect(await book(customer, { serviceId: service.id, bookingDate: date.date, bookingTime: '09:00' })).toMatchObject(
      { status: 400, body: { error: 'slot_unavailable' } },
    )
    // Existing bookings are never changed by an exception.
    expect(await count(app, 'bookings', `service_id = $1 AND status = 'pending'`, [service.id])).toBe(1)
  })

  it('an opening replaces the weekly slots of its date, and opens a date without any', async () => {
    const date = localDate(15)
    const service = await bookableService(admin, date)
    await exception(service.id, { date: date.date, isAvailable: true, startTime: '18:00', endTime: '20:00' })
    expect(await slotsOn(service.id, date.date)).toEqual(['18:00', '19:00'])
    expect(await book(customer, { serviceId: service.id, bookingDate: date.date, bookingTime: '09:00' })).toMatchObject(
      { status: 400, body: { error: 'slot_unavailable' } },
    )
    expect((await book(customer, { serviceId: service.id, bookingDate: date.date, bookingTime: '19:00' })).status).toBe(
      201,
    )
    const otherDay = localDate(16)
    await exception(service.id, { date: otherDay.date, isAvailable: true, startTime: '10:00', endTime: '11:00' })
    expect(await slotsOn(service.id, otherDay.date)).toEqual(['10:00'])
  })

  it('buffers widen both spans: 409 booking_conflict inside them, 201 just outside; the slots agree', async () => {
    const date = localDate(17)
    const service = await bookableService(admin, date, {
      bufferBeforeMinutes: 10,
      bufferAfterMinutes: 20,
      durationMinutes: 30,
    })
    expect((await book(customer, { serviceId: service.id, bookingDate: date.date, bookingTime: '10:00' })).status).toBe(
      201,
    )
    // 10:00 occupies [09:50, 10:50); 10:30 would occupy [10:20, 11:20), 09:10 [09:00, 10:00).
    expect(await book(customer, { serviceId: service.id, bookingDate: date.date, bookingTime: '10:30' })).toMatchObject(
      { status: 409, body: { error: 'booking_conflict' } },
    )
    expect(await book(customer, { serviceId: service.id, bookingDate: date.date, bookingTime: '09:10' })).toMatchObject(
      { status: 409, body: { error: 'booking_conflict' } },
    )
    // 09:00 occupies [08:50, 09:50) and 11:00 [10:50, 11:50): they touch 10:00's span, and fit.
    const slots = await slotsOn(service.id, date.date)
    expect(slots.filter((time) => time < '11:30')).toEqual(['09:00', '11:00'])
    expect((await book(customer, { serviceId: service.id, bookingDate: date.date, bookingTime: '11:00' })).status).toBe(
      201,
    )
    const [row] = await sql<{ buffer_before_minutes: string; buffer_after_minutes: string }>(
      app,
      'SELECT buffer_before_minutes, buffer_after_minutes FROM bookings WHERE service_id = $1 LIMIT 1',
      [service.id],
    )
    expect([Number(row!.buffer_before_minutes), Number(row!.buffer_after_minutes)]).toEqual([10, 20])
  })

  it('a later change of the buffers keeps the older bookings as they were made', async () => {
    const date = localDate(18)
    const service = await bookableService(admin, date)
    expect((await book(customer, { serviceId: service.id, bookingDate: date.date, bookingTime: '10:00' })).status).toBe(
      201,
    )
    await admin.send(SERVICES, { action: 'update', id: service.id, bufferAfterMinutes: 30 }, 'PATCH')
    // The new booking's span [11:00, 12:30) does not meet the old one's [10:00, 11:00).
    expect((await book(customer, { serviceId: service.id, bookingDate: date.date, bookingTime: '11:00' })).status).toBe(
      201,
    )
    // 12:00 meets the 11:00 booking's widened span, which ends at 12:30.
    expect(await book(customer, { serviceId: service.id, bookingDate: date.date, bookingTime: '12:00' })).toMatchObject(
      { status: 409, body: { error: 'booking_conflict' } },
    )
  })

  it('a date at its cap: 409 day_full and no slots that date; a cancelled booking frees a place', async () => {
    const date = localDate(19)
    const service = await bookableService(admin, date, { maxBookingsPerDay: 2 })
    const first = await book(customer, { serviceId: service.id, bookingDate: date.date, bookingTime: '09:00' })
    expect((await book(customer, { serviceId: service.id, bookingDate: date.date, bookingTime: '11:00' })).status).toBe(
      201,
    )
    expect(await book(customer, { serviceId: service.id, bookingDate: date.date, bookingTime: '13:00' })).toMatchObject(
      { status: 409, body: { error: 'day_full' } },
    )
    expect(await slotsOn(service.id, date.date)).toEqual([])
    await admin.send('/api/admin/services/bookings', { action: 'cancel', id: first.body.booking.id }, 'PATCH')
    expect(await slotsOn(service.id, date.date)).toContain('13:00')
    expect((await book(customer, { serviceId: service.id, bookingDate: date.date, bookingTime: '13:00' })).status).toBe(
      201,
    )
  })
})

describe('race-proof', () => {
  const CLIENTS = 12
  let customers: Actor[]
  beforeAll(async () => {
    customers = await Promise.all(Array.from({ length: CLIENTS }, () => customerActor(app)))
  }, 60_000)

  it(`${CLIENTS} simultaneous bookings of distinct times on a date capped at 3: exactly 3 × 201, the rest 409 day_full`, async () => {
    const date = localDate(21)
    const service = await bookableService(admin, date, { durationMinutes: 15, maxBookingsPerDay: 3 })
    const time = (index: number) =>
      `${String(9 + Math.floor((index * 15) / 60)).padStart(2, '0')}:${String((index * 15) % 60).padStart(2, '0')}`
    const replies = await Promise.all(
      customers.map((who, index) =>
        book(who, { serviceId: service.id, bookingDate: date.date, bookingTime: time(index) }),
      ),
    )
    expect(tally(replies)).toEqual({ 201: 3, 409: CLIENTS - 3 })
    expect(replies.filter((reply) => reply.status === 409).every((reply) => reply.body.error === 'day_full')).toBe(true)
    expect(await count(app, 'bookings', `service_id = $1 AND status = 'pending'`, [service.id])).toBe(3)
  }, 60_000)

  it(`${CLIENTS} simultaneous bookings 15 minutes apart that a 30-minute buffer only partly allows: exactly as many 201s as fit`, async () => {
    const date = localDate(22)
    // 15-minute bookings with 30 minutes after: a start every 45 minutes fits, no closer.
    const service = await bookableService(admin, date, { durationMinutes: 15, bufferAfterMinutes: 30 })
    const time = (index: number) =>
      `${String(9 + Math.floor((index * 15) / 60)).padStart(2, '0')}:${String((index * 15) % 60).padStart(2, '0')}`
    const replies = await Promise.all(
      customers.map((who, index) =>
        book(who, { serviceId: service.id, bookingDate: date.date, bookingTime: time(index) }),
      ),
    )
    const rows = await sql<{ start_minute: string }>(
      app,
      `SELECT start_minute FROM bookings WHERE service_id = $1 AND status = 'pending' ORDER BY start_minute`,
      [service.id],
    )
    const starts = rows.map((row) => Number(row.start_minute))
    // Whichever won: no two kept bookings closer than 45 minutes (the buffer held), and every
    // refused start is within 45 minutes of a kept one (nothing that fitted was refused).
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(45)
    expect(tally(replies)).toEqual({ 201: starts.length, 409: CLIENTS - starts.length })
    const day = starts[0]! - (starts[0]! % 1440)
    const refused = replies
      .map((reply, index) => [reply.status, day + 9 * 60 + index * 15] as const)
      .filter(([status]) => status !== 201)
    for (const [, start] of refused) expect(starts.some((kept) => Math.abs(kept - start) < 45)).toBe(true)
    expect(starts.length).toBeGreaterThanOrEqual(3)
    expect(tally(replies)).toEqual({ 201: starts.length, 409: CLIENTS - starts.length })
    expect(
      replies.filter((reply) => reply.status === 409).every((reply) => reply.body.error === 'booking_conflict'),
    ).toBe(true)
  }, 60_000)
})
