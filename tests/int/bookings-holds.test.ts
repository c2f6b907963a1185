// Holds (docs/api.md "Holds"): every answer of POST/GET/DELETE /api/services/holds in its order of checks, the
// rows and audit entries left behind, a hold against other members' bookings, holds, moves and the slots
// answer, `holdId` on the booking and the move, expiry at `expiresAt`, and rounds of 50 simultaneous holds,
// bookings and moves of one start.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { toBookingError } from '../../src/operations/bookings/errors'
import { useCasesOf } from '../../src/testing/use-cases'
import { createKitUser } from '../../src/testing/users'
import { ADMIN_BOOKINGS, book, bookableService, localDate } from '../helpers/bookings'
import {
  type Actor,
  actor,
  adminActor,
  anonymous,
  audits,
  call,
  count,
  MISSING_ID,
  type Reply,
} from '../helpers/catalogue'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'
import { authHeaders, createUser } from '../helpers/users'

const HOLDS = '/api/services/holds'
const CLIENTS = 50
const ROUNDS = 20

let app: TestApp
let admin: Actor
let members: Actor[]
let holder: Actor
let other: Actor

beforeAll(async () => {
  app = await startTestApp()
  admin = await adminActor(app)
  members = []
  // A few at a time: each sign-in is an argon2 verification.
  for (let batch = 0; batch < CLIENTS; batch += 10) {
    members.push(
      ...(await Promise.all(
        Array.from({ length: 10 }, async () => {
          const user = await createUser(app)
          return actor(app, user, await authHeaders(app, user))
        }),
      )),
    )
  }
  holder = members[0]!
  other = members[1]!
}, 120_000)

afterAll(async () => {
  await app.stop()
})

const hold = (who: Actor, body: Record<string, unknown>) => who.send(HOLDS, body)
const release = (who: Actor, id: string) => who.send(`${HOLDS}/${id}`, undefined, 'DELETE')
const move = (who: Actor, id: string, body: Record<string, unknown>) => who.send(`/api/bookings/${id}/reschedule`, body)
const slotsOn = async (serviceId: string, date: string): Promise<string[]> => {
  const reply = await anonymous(app).get(`/api/services/${serviceId}/slots`, { from: date, to: date })
  expect(reply.status).toBe(200)
  return reply.body.slots[date]
}
const holdRows = (serviceId: string) =>
  sql<{ id: string; customer_id: string; booking_time: string; participants: number }>(
    app,
    'SELECT id, customer_id, booking_time, participants FROM booking_holds WHERE service_id = $1 ORDER BY booking_time',
    [serviceId],
  )
const expire = (id: string) =>
  sql(app, `UPDATE booking_holds SET expires_at = now() - interval '1 second' WHERE id = $1`, [id])
const tally = (replies: Reply[]) =>
  replies.reduce<Record<string, number>>((acc, reply) => ({ ...acc, [reply.status]: (acc[reply.status] ?? 0) + 1 }), {})

describe('POST /api/services/holds: the order of checks', () => {
  const date = localDate(9)
  let service: { id: string }
  beforeAll(async () => {
    service = await bookableService(admin, date, { maxParticipants: 4, bookingAdvanceHours: 2 })
  })
  const body = (fields: Record<string, unknown> = {}) => ({
    serviceId: service.id,
    bookingDate: date.date,
    bookingTime: '10:00',
    ...fields,
  })

  it('401, 400 invalid_body, 400 invalid_request, 404, 400 service_not_active, timing, slot_unavailable, participants', async () => {
    expect(await hold(anonymous(app), body())).toMatchObject({ status: 401, body: { error: 'unauthorized' } })
    const raw = await call(app, 'POST', HOLDS, { headers: holder.headers, raw: '{"serviceId":' })
    expect(raw).toMatchObject({ status: 400, body: { error: 'invalid_body' } })
    for (const wrong of [{ bookingTime: '25:00' }, { bookingDate: '2026-02-30' }, { participants: 0 }, { extra: 1 }]) {
      expect(await hold(holder, body(wrong))).toMatchObject({ status: 400, body: { error: 'invalid_request' } })
    }
    expect(await hold(holder, body({ serviceId: MISSING_ID }))).toMatchObject({
      status: 404,
      body: { error: 'not_found' },
    })
    const draft = await bookableService(admin, date, { status: 'draft' })
    expect(await hold(holder, body({ serviceId: draft.id }))).toMatchObject({
      status: 400,
      body: { error: 'service_not_active' },
    })
    const past = localDate(-1)
    expect(await hold(holder, body({ bookingDate: past.date }))).toMatchObject({
      status: 400,
      body: { error: 'booking_in_past' },
    })
    const today = localDate(0)
    const soonService = await bookableService(
      admin,
      today,
      { bookingAdvanceHours: 48 },
      { startTime: '00:00', endTime: '23:59' },
    )
    expect(
      await hold(holder, { serviceId: soonService.id, bookingDate: today.date, bookingTime: '23:00' }),
    ).toMatchObject({
      status: 400,
      body: { error: 'booking_too_soon' },
    })
    expect(await hold(holder, body({ bookingTime: '18:00' }))).toMatchObject({
      status: 400,
      body: { error: 'slot_unavailable' },
    })
    expect(await hold(holder, body({ participants: 5 }))).toMatchObject({
      status: 400,
      body: { error: 'invalid_request' },
    })
    expect(await holdRows(service.id)).toEqual([])
    expect(await count(app, 'audit_logs', `action = 'booking.hold' AND data->>'serviceId' = $1`, [service.id])).toBe(0)
  })

  it('403 for a member the provider blocks, after the 404 and before the service and the start are judged', async () => {
    const blocked = members[24]!
    await sql(
      app,
      `INSERT INTO member_blocks (blocker_id, blocked_id) SELECT provider_id, $2 FROM service_listings WHERE id = $1`,
      [service.id, blocked.user.id],
    )
    try {
      expect(await hold(blocked, body())).toMatchObject({ status: 403, body: { error: 'forbidden' } })
      // Outside the hours too: the block answers first.
      expect(await hold(blocked, body({ bookingTime: '23:00' }))).toMatchObject({ status: 403 })
      expect(await hold(blocked, body({ serviceId: MISSING_ID }))).toMatchObject({ status: 404 })
      expect(await sql(app, 'SELECT id FROM booking_holds WHERE customer_id = $1', [blocked.user.id])).toEqual([])
    } finally {
      await sql(app, 'DELETE FROM member_blocks WHERE blocked_id = $1', [blocked.user.id])
    }
  })

  it('201 {hold} lasting BOOKING_HOLD_SECONDS, its row and audit entry; the same start again: 200, the same hold', async () => {
    const before = Date.now()
    const first = await hold(holder, body({ participants: 2 }))
    expect(first.status).toBe(201)
    expect(first.body.hold).toEqual({
      id: expect.any(String),
      serviceId: service.id,
      bookingDate: date.date,
      bookingTime: '10:00',
      endTime: '11:00',
      participants: 2,
      expiresAt: expect.any(String),
    })
    const lasts = new Date(first.body.hold.expiresAt).getTime() - before
    expect(lasts).toBeGreaterThan(590_000)
    expect(lasts).toBeLessThan(610_000)
    expect(await holdRows(service.id)).toEqual([
      { id: first.body.hold.id, customer_id: holder.user.id, booking_time: '10:00', participants: 2 },
    ])
    const [entry] = await audits(app, 'booking.hold', first.body.hold.id)
    expect(entry).toMatchObject({ user_id: holder.user.id, data: { serviceId: service.id, bookingTime: '10:00' } })
    const again = await hold(holder, body())
    expect(again).toEqual({ status: 200, body: { hold: first.body.hold } })
    expect(await holdRows(service.id)).toHaveLength(1)
    expect(await audits(app, 'booking.hold', first.body.hold.id)).toHaveLength(1)
  })

  it('409 booking_conflict for another member on a held or booked span; their hold of a free start still 201', async () => {
    expect(await hold(other, body())).toMatchObject({ status: 409, body: { error: 'booking_conflict' } })
    expect(await hold(other, body({ bookingTime: '10:30' }))).toMatchObject({
      status: 409,
      body: { error: 'booking_conflict' },
    })
    const booked = await book(members[2]!, { serviceId: service.id, bookingDate: date.date, bookingTime: '13:00' })
    expect(booked.status).toBe(201)
    expect(await hold(other, body({ bookingTime: '13:00' }))).toMatchObject({
      status: 409,
      body: { error: 'booking_conflict' },
    })
    expect((await hold(other, body({ bookingTime: '11:00' }))).status).toBe(201)
    expect((await holdRows(service.id)).map((row) => row.booking_time)).toEqual(['10:00', '11:00'])
  })

  it('409 too_many_holds for a fourth live hold, after the same-start answer; an expired one no longer counts', async () => {
    const third = localDate(10)
    const elsewhere = await bookableService(admin, third)
    const made: string[] = []
    for (const time of ['09:00', '12:00']) {
      const reply = await hold(holder, { serviceId: elsewhere.id, bookingDate: third.date, bookingTime: time })
      expect(reply.status).toBe(201)
      made.push(reply.body.hold.id)
    }
    const fourth = { serviceId: elsewhere.id, bookingDate: third.date, bookingTime: '15:00' }
    expect(await hold(holder, fourth)).toMatchObject({ status: 409, body: { error: 'too_many_holds' } })
    expect((await hold(holder, body())).status).toBe(200)
    await expire(made[0]!)
    expect((await hold(holder, fourth)).status).toBe(201)
    await sql(app, 'DELETE FROM booking_holds WHERE service_id = $1', [elsewhere.id])
  })

  it('409 day_full when other members’ holds fill the cap; the holder’s own hold never counts against them', async () => {
    const capped = localDate(11)
    const service2 = await bookableService(admin, capped, { maxBookingsPerDay: 1 })
    const start = { serviceId: service2.id, bookingDate: capped.date, bookingTime: '09:00' }
    const held = await hold(other, start)
    expect(held.status).toBe(201)
    expect(await hold(members[3]!, { ...start, bookingTime: '14:00' })).toMatchObject({
      status: 409,
      body: { error: 'day_full' },
    })
    expect(await book(members[3]!, { ...start, bookingTime: '14:00' })).toMatchObject({
      status: 409,
      body: { error: 'day_full' },
    })
    expect(await slotsOn(service2.id, capped.date)).toEqual([])
    const own = await book(other, { ...start, bookingTime: '14:00' })
    expect(own.status).toBe(201)
    expect(await count(app, 'bookings', 'service_id = $1', [service2.id])).toBe(1)
  })
})

describe('a hold against the booking, the slots and the move', () => {
  const date = localDate(14)
  let service: { id: string }
  beforeAll(async () => {
    await sql(app, 'DELETE FROM booking_holds')
    service = await bookableService(admin, date)
  })
  const start = (time: string) => ({ serviceId: service.id, bookingDate: date.date, bookingTime: time })

  it('others meet 409 booking_conflict and the slots leave it out; the holder books it without holdId', async () => {
    const held = await hold(holder, start('09:00'))
    expect(held.status).toBe(201)
    expect(await slotsOn(service.id, date.date)).not.toContain('09:00')
    expect(await book(other, start('09:00'))).toMatchObject({ status: 409, body: { error: 'booking_conflict' } })
    expect(await count(app, 'bookings', 'service_id = $1', [service.id])).toBe(0)
    const own = await book(holder, start('09:00'))
    expect(own.status).toBe(201)
    expect(await holdRows(service.id)).toEqual([])
    expect(await slotsOn(service.id, date.date)).not.toContain('09:00')
  })

  it('holdId: the caller’s live hold becomes the booking; unknown, another member’s or another start’s: 400', async () => {
    const held = (await hold(holder, start('10:00'))).body.hold
    const others = (await hold(other, start('11:00'))).body.hold
    for (const holdId of [MISSING_ID, 'not-a-uuid', others.id]) {
      expect(await book(holder, { ...start('12:00'), holdId })).toMatchObject({
        status: 400,
        body: { error: 'invalid_request' },
      })
    }
    expect(await book(holder, { ...start('12:00'), holdId: held.id })).toMatchObject({
      status: 400,
      body: { error: 'invalid_request' },
    })
    expect(await count(app, 'bookings', `service_id = $1 AND booking_time = '12:00'`, [service.id])).toBe(0)
    const booked = await book(holder, { ...start('10:00'), holdId: held.id })
    expect(booked.status).toBe(201)
    expect((await holdRows(service.id)).map((row) => row.id)).toEqual([others.id])
    await release(other, others.id)
  })

  it('an expired hold stops counting at expiresAt, with no job: slots list it, others book it, its holdId is ignored', async () => {
    const held = (await hold(holder, start('13:00'))).body.hold
    expect(await slotsOn(service.id, date.date)).not.toContain('13:00')
    await expire(held.id)
    expect(await slotsOn(service.id, date.date)).toContain('13:00')
    expect((await holder.get(HOLDS)).body.holds.map((row: { id: string }) => row.id)).not.toContain(held.id)
    expect((await book(other, start('13:00'))).status).toBe(201)
    const late = await book(holder, { ...start('15:00'), holdId: held.id })
    expect(late.status).toBe(201)
    await sql(app, 'DELETE FROM booking_holds WHERE id = $1', [held.id])
  })

  it('GET lists the caller’s live holds; DELETE: others 404, the holder 200 and the start is free at once', async () => {
    const held = (await hold(holder, start('14:00'))).body.hold
    const theirs = (await hold(other, start('16:00'))).body.hold
    expect(await anonymous(app).get(HOLDS)).toMatchObject({ status: 401, body: { error: 'unauthorized' } })
    const mine = await holder.get(HOLDS)
    expect(mine.status).toBe(200)
    expect(mine.body.holds.filter((row: { serviceId: string }) => row.serviceId === service.id)).toEqual([held])
    expect(await release(anonymous(app), held.id)).toMatchObject({ status: 401, body: { error: 'unauthorized' } })
    expect(await release(other, held.id)).toMatchObject({ status: 404, body: { error: 'not_found' } })
    expect(await release(other, MISSING_ID)).toMatchObject({ status: 404, body: { error: 'not_found' } })
    expect(await release(holder, held.id)).toEqual({ status: 200, body: { success: true } })
    expect((await holdRows(service.id)).map((row) => row.id)).toEqual([theirs.id])
    expect(await audits(app, 'booking.hold_release', held.id)).toHaveLength(1)
    expect(await slotsOn(service.id, date.date)).toContain('14:00')
    expect((await book(members[4]!, start('14:00'))).status).toBe(201)
    await release(other, theirs.id)
  })

  it('a move into another member’s hold: 409 booking_conflict; into the mover’s own: 200 and the hold is gone', async () => {
    const moveDate = localDate(15)
    const service2 = await bookableService(admin, moveDate)
    const at = (time: string) => ({ serviceId: service2.id, bookingDate: moveDate.date, bookingTime: time })
    const booking = (await book(holder, at('09:00'))).body.booking
    const theirs = (await hold(other, at('11:00'))).body.hold
    expect(theirs).toMatchObject({ bookingTime: '11:00' })
    expect(await move(holder, booking.id, { bookingDate: moveDate.date, bookingTime: '11:00' })).toMatchObject({
      status: 409,
      body: { error: 'booking_conflict' },
    })
    const mine = (await hold(holder, at('13:00'))).body.hold
    expect(
      await move(holder, booking.id, { bookingDate: moveDate.date, bookingTime: '15:00', holdId: mine.id }),
    ).toMatchObject({ status: 400, body: { error: 'invalid_request' } })
    const moved = await move(holder, booking.id, { bookingDate: moveDate.date, bookingTime: '13:00', holdId: mine.id })
    expect(moved.status).toBe(200)
    expect(moved.body.booking).toMatchObject({ bookingTime: '13:00' })
    expect((await holdRows(service2.id)).map((row) => row.id)).toEqual([theirs.id])
    const [row] = await sql(app, 'SELECT booking_time FROM bookings WHERE id = $1', [booking.id])
    expect(row).toEqual({ booking_time: '13:00' })
  })
})

describe(`${ROUNDS} rounds of ${CLIENTS} simultaneous holds, bookings and moves of one start`, () => {
  it('exactly one succeeds each round, never a 5xx, and the start keeps one booking or one hold', async () => {
    const date = localDate(20)
    const service = await bookableService(
      admin,
      date,
      { durationMinutes: 10 },
      { startTime: '08:00', endTime: '20:00' },
    )
    const movers = members.slice(40)
    // Each mover's booking starts the afternoon; each round one of them (or nobody) moves into the raced start.
    const bookingOf = new Map<Actor, string>()
    for (const [index, mover] of movers.entries()) {
      const time = `1${5 + Math.floor(index / 6)}:${String((index % 6) * 10).padStart(2, '0')}`
      const made = await book(mover, { serviceId: service.id, bookingDate: date.date, bookingTime: time })
      expect(made.status).toBe(201)
      bookingOf.set(mover, made.body.booking.id)
    }
    const serverErrors: number[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const minute = 8 * 60 + round * 20
      const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`
      const target = { serviceId: service.id, bookingDate: date.date, bookingTime: time }
      const replies = await Promise.all(
        members.map((member, index) => {
          if (index >= 40) return move(member, bookingOf.get(member)!, { bookingDate: date.date, bookingTime: time })
          return index % 2 ? book(member, target) : hold(member, target)
        }),
      )
      serverErrors.push(...replies.filter((reply) => reply.status >= 500).map((reply) => reply.status))
      const won = replies.filter((reply) => reply.status === 200 || reply.status === 201)
      expect(tally(replies)).toEqual({ [won[0]?.status ?? 201]: 1, 409: CLIENTS - 1 })
      expect(
        replies.filter((reply) => reply.status === 409).every((reply) => reply.body.error === 'booking_conflict'),
      ).toBe(true)
      const [{ taken }] = await sql<{ taken: number }>(
        app,
        `SELECT (SELECT count(*) FROM bookings WHERE service_id = $1 AND booking_date = $2 AND booking_time = $3
            AND status IN ('pending', 'confirmed'))::int
          + (SELECT count(*) FROM booking_holds WHERE service_id = $1 AND booking_date = $2 AND booking_time = $3)::int
          AS taken`,
        [service.id, date.date, time],
      )
      expect(taken).toBe(1)
      // The round's winning hold is let go of in the database: the holders' limit stays out of the next rounds.
      await sql(app, 'DELETE FROM booking_holds WHERE service_id = $1', [service.id])
    }
    expect(serverErrors).toEqual([])
  }, 240_000)
})

describe('seats: a start shared by bookings and holds up to seatsPerSlot participants', () => {
  const date = localDate(25)
  let service: { id: string }
  const at = (time: string, participants?: number) => ({
    serviceId: service.id,
    bookingDate: date.date,
    bookingTime: time,
    ...(participants === undefined ? {} : { participants }),
  })
  const seatsOn = async () => {
    const reply = await anonymous(app).get(`/api/services/${service.id}/slots`, { from: date.date, to: date.date })
    expect(reply.status).toBe(200)
    return { slots: reply.body.slots[date.date] as string[], left: reply.body.seatsLeft?.[date.date] }
  }
  beforeAll(async () => {
    await sql(app, 'DELETE FROM booking_holds')
    service = await bookableService(admin, date, { seatsPerSlot: 5, maxParticipants: 3, basePrice: '10.00' })
  })

  it('seatsPerSlot on the admin API: 1–1000, default 1, shown by create, update and GET', async () => {
    const SERVICES = '/api/admin/services/services'
    const plain = await bookableService(admin, date)
    expect((await admin.get(SERVICES, { id: plain.id })).body.service.seatsPerSlot).toBe(1)
    // Without seats the slots answer has no seatsLeft.
    const slots = await anonymous(app).get(`/api/services/${plain.id}/slots`, { from: date.date, to: date.date })
    expect(slots.body.seatsLeft).toBeUndefined()
    for (const seatsPerSlot of [0, 1001, 2.5, '5']) {
      const reply = await admin.send(SERVICES, { action: 'update', id: plain.id, seatsPerSlot })
      expect(reply).toMatchObject({ status: 400, body: { error: 'invalid_request' } })
    }
    const updated = await admin.send(SERVICES, { action: 'update', id: plain.id, seatsPerSlot: 1000 })
    expect(updated.status).toBe(200)
    expect(updated.body.service.seatsPerSlot).toBe(1000)
    const [row] = await sql(app, 'SELECT seats_per_slot FROM service_listings WHERE id = $1', [plain.id])
    expect(Number(row!.seats_per_slot)).toBe(1000)
    expect((await admin.get(SERVICES, { id: service.id })).body.service.seatsPerSlot).toBe(5)
  })

  it('participants: 400 above maxParticipants or below 1; the price times participants; seatsLeft; 409 slot_full', async () => {
    for (const participants of [0, 4, 1.5, '2']) {
      expect(await book(members[5]!, at('10:00', participants as number))).toMatchObject({
        status: 400,
        body: { error: 'invalid_request' },
      })
      expect(await hold(members[5]!, at('10:00', participants as number))).toMatchObject({
        status: 400,
        body: { error: 'invalid_request' },
      })
    }
    const first = await book(members[5]!, at('10:00', 3))
    expect(first.status).toBe(201)
    expect(first.body.booking).toMatchObject({ participants: 3, totalPrice: 3000 })
    const [row] = await sql(app, 'SELECT participants, seats_per_slot FROM bookings WHERE id = $1', [
      first.body.booking.id,
    ])
    expect([Number(row!.participants), Number(row!.seats_per_slot)]).toEqual([3, 5])
    expect((await seatsOn()).left).toMatchObject({ '09:00': 5, '10:00': 2, '11:00': 5 })
    expect(await book(members[6]!, at('10:00', 3))).toMatchObject({ status: 409, body: { error: 'slot_full' } })
    expect(await hold(members[6]!, at('10:00', 3))).toMatchObject({ status: 409, body: { error: 'slot_full' } })
    // Another start overlapping a shared one still conflicts.
    expect(await book(members[6]!, at('10:30'))).toMatchObject({ status: 409, body: { error: 'booking_conflict' } })
    const second = await book(members[6]!, at('10:00', 2))
    expect(second.status).toBe(201)
    expect(second.body.booking.totalPrice).toBe(2000)
    const full = await seatsOn()
    expect(full.slots).not.toContain('10:00')
    expect(full.left['10:00']).toBeUndefined()
    expect(await book(members[7]!, at('10:00'))).toMatchObject({ status: 409, body: { error: 'slot_full' } })
    // Cancelling frees the seats at once.
    const cancelled = await members[6]!.send(`/api/bookings/${second.body.booking.id}/cancel`, {})
    expect(cancelled.status).toBe(200)
    expect((await seatsOn()).left['10:00']).toBe(2)
  })

  it('holds take seats from everyone else; the participants show on the stock route and the admin list', async () => {
    const held = await hold(members[8]!, at('13:00', 2))
    expect(held.status).toBe(201)
    expect((await seatsOn()).left['13:00']).toBe(3)
    expect((await book(members[9]!, at('13:00', 3))).status).toBe(201)
    expect(await book(members[10]!, at('13:00'))).toMatchObject({ status: 409, body: { error: 'slot_full' } })
    const own = await book(members[8]!, { ...at('13:00', 2), holdId: held.body.hold.id })
    expect(own.status).toBe(201)
    expect(await holdRows(service.id)).toEqual([])
    const stock = await members[8]!.get(`/api/bookings/${own.body.booking.id}`, { depth: '0' })
    expect(stock.body.participants).toBe(2)
    const list = await admin.get('/api/admin/services/bookings', { serviceId: service.id, status: 'pending' })
    expect(list.status).toBe(200)
    expect(list.body.bookings.map((item: { participants: number }) => item.participants).sort()).toEqual([2, 3, 3])
  })

  it('a move of a party into a start with fewer seats left: 409 slot_full; into one with room: 200', async () => {
    const party = await book(members[11]!, at('15:00', 3))
    expect(party.status).toBe(201)
    expect((await book(members[12]!, at('14:00', 3))).status).toBe(201)
    const id = party.body.booking.id
    expect(await move(members[11]!, id, { bookingDate: date.date, bookingTime: '14:00' })).toMatchObject({
      status: 409,
      body: { error: 'slot_full' },
    })
    expect((await move(members[11]!, id, { bookingDate: date.date, bookingTime: '16:00' })).status).toBe(200)
    expect((await seatsOn()).left).toMatchObject({ '14:00': 2, '15:00': 5, '16:00': 2 })
  })

  it('5 rounds of 50 simultaneous one-seat bookings and holds of a start with 7 seats: exactly 7 succeed', async () => {
    const raced = localDate(26)
    const seated = await bookableService(admin, raced, { seatsPerSlot: 7, durationMinutes: 30 })
    for (let round = 0; round < 5; round++) {
      const target = { serviceId: seated.id, bookingDate: raced.date, bookingTime: `1${round}:00` }
      const replies = await Promise.all(
        members.map((member, index) => (index % 2 ? book(member, target) : hold(member, target))),
      )
      expect(tally(replies)).toEqual({ 201: 7, 409: CLIENTS - 7 })
      expect(replies.filter((reply) => reply.status === 409).every((reply) => reply.body.error === 'slot_full')).toBe(
        true,
      )
      const [{ taken }] = await sql<{ taken: number }>(
        app,
        `SELECT (SELECT coalesce(sum(participants), 0) FROM bookings WHERE service_id = $1 AND booking_time = $2)::int
          + (SELECT coalesce(sum(participants), 0) FROM booking_holds WHERE service_id = $1 AND booking_time = $2)::int
          AS taken`,
        [seated.id, target.bookingTime],
      )
      expect(taken).toBe(7)
      await sql(app, 'DELETE FROM booking_holds WHERE service_id = $1', [seated.id])
    }
  }, 120_000)
})

describe('the Local API kit: hold, releaseHold, reschedule, cancelOwn', () => {
  it('does what the endpoints do, with their codes', async () => {
    const date = localDate(27)
    const service = await bookableService(admin, date)
    const customer = useCasesOf(app.payload, await createKitUser(app.payload))
    const rival = useCasesOf(app.payload, await createKitUser(app.payload))
    const at = (time: string) => ({ serviceId: service.id, bookingDate: date.date, bookingTime: time })
    const held = await customer.hold(at('10:00'))
    expect(held).toMatchObject({ status: 201, hold: { bookingTime: '10:00', participants: 1 } })
    expect(await customer.hold(at('10:00'))).toEqual({ status: 200, hold: held.hold })
    await expect(rival.hold(at('10:00'))).rejects.toMatchObject({ status: 409, code: 'booking_conflict' })
    await expect(useCasesOf(app.payload, null).hold(at('10:00'))).rejects.toMatchObject({ status: 401 })
    const { booking } = await customer.book({ ...at('10:00'), holdId: held.hold.id })
    expect(await holdRows(service.id)).toEqual([])
    const second = await customer.hold(at('12:00'))
    await expect(rival.releaseHold(second.hold.id)).rejects.toMatchObject({ status: 404, code: 'not_found' })
    expect(await customer.releaseHold(second.hold.id)).toEqual({ success: true })
    const moved = await customer.reschedule(booking.id, { bookingDate: date.date, bookingTime: '14:00' })
    expect(moved.booking).toMatchObject({ bookingTime: '14:00' })
    await expect(
      customer.reschedule(booking.id, { bookingDate: date.date, bookingTime: '25:00' }),
    ).rejects.toMatchObject({ status: 400, code: 'invalid_request' })
    const cancelled = await customer.cancelOwn(booking.id, { reason: 'Ill' })
    expect(cancelled.booking).toMatchObject({ status: 'cancelled_by_customer', cancellationReason: 'Ill' })
    await expect(rival.cancelOwn(booking.id)).rejects.toMatchObject({ status: 404 })
  })
})

describe('one booking rule whichever door: the stock route, the Local API and the public booking', () => {
  const date = localDate(28)
  const STOCK = '/api/bookings'
  const stock = (body: Record<string, unknown>) => admin.send(STOCK, { bookingDate: date.date, ...body })
  const patch = (id: string, body: Record<string, unknown>) => admin.send(`${STOCK}/${id}`, body, 'PATCH')
  const rows = (serviceId: string) =>
    sql<{ id: string; booking_time: string; participants: string; seats_per_slot: string }>(
      app,
      `SELECT id, booking_time, participants, seats_per_slot FROM bookings
        WHERE service_id = $1 AND status IN ('pending', 'confirmed') ORDER BY booking_time, created_at`,
      [serviceId],
    )
  const localCreate = (data: Record<string, unknown>) =>
    app.payload.create({
      collection: 'bookings',
      data: { bookingDate: date.date, ...data } as never,
      user: { ...admin.user, collection: 'users' } as never,
      overrideAccess: false,
    })
  const localRefusal = async (data: Record<string, unknown>) => {
    const error = await localCreate(data).then(
      () => null,
      (thrown: unknown) => thrown,
    )
    expect(error).not.toBeNull()
    return toBookingError(error)
  }

  it('another member’s live hold: stock POST and Local API create 409 booking_conflict; expired, it gives way', async () => {
    const service = await bookableService(admin, date)
    const held = await hold(holder, { serviceId: service.id, bookingDate: date.date, bookingTime: '10:00' })
    expect(held.status).toBe(201)
    const refused = await stock({ service: service.id, customer: other.user.id, bookingTime: '10:00' })
    expect(refused).toMatchObject({ status: 409, body: { error: 'booking_conflict' } })
    expect(refused.body.errors[0].data.code).toBe('booking_conflict')
    // The hold's span, not only its start: 10:30 overlaps it.
    expect(await stock({ service: service.id, customer: other.user.id, bookingTime: '10:30' })).toMatchObject({
      status: 409,
      body: { error: 'booking_conflict' },
    })
    expect(await localRefusal({ service: service.id, customer: other.user.id, bookingTime: '10:00' })).toMatchObject({
      status: 409,
      code: 'booking_conflict',
    })
    // A stock move of a booking into the hold is refused as well, and the booking keeps its time.
    const elsewhere = await stock({ service: service.id, customer: other.user.id, bookingTime: '12:00' })
    expect(elsewhere.status).toBe(201)
    expect(await patch(elsewhere.body.doc.id, { bookingTime: '10:00' })).toMatchObject({
      status: 409,
      body: { error: 'booking_conflict' },
    })
    expect((await rows(service.id)).map((row) => row.booking_time)).toEqual(['12:00'])
    await expire(held.body.hold.id)
    const after = await stock({ service: service.id, customer: other.user.id, bookingTime: '10:00' })
    expect(after.status).toBe(201)
    expect((await rows(service.id)).map((row) => row.booking_time)).toEqual(['10:00', '12:00'])
    // The holder's own hold gives way to a stock booking made for them, and is gone.
    const own = await hold(holder, { serviceId: service.id, bookingDate: date.date, bookingTime: '14:00' })
    expect(own.status).toBe(201)
    expect((await stock({ service: service.id, customer: holder.user.id, bookingTime: '14:00' })).status).toBe(201)
    expect((await holdRows(service.id)).map((row) => row.id)).toEqual([held.body.hold.id])
  })

  it('seats: the stock create shares the start, then 409 slot_full for a create and a PATCH of participants', async () => {
    const service = await bookableService(admin, date, { seatsPerSlot: 3 })
    const at = { serviceId: service.id, bookingDate: date.date, bookingTime: '11:00' }
    expect((await book(members[20]!, { ...at, participants: 2 })).status).toBe(201)
    const shared = await stock({ service: service.id, customer: members[21]!.user.id, bookingTime: '11:00' })
    expect(shared.status).toBe(201)
    expect(await rows(service.id)).toMatchObject([
      { participants: '2', seats_per_slot: '3' },
      { id: shared.body.doc.id, participants: '1', seats_per_slot: '3' },
    ])
    expect(await stock({ service: service.id, customer: members[22]!.user.id, bookingTime: '11:00' })).toMatchObject({
      status: 409,
      body: { error: 'slot_full' },
    })
    expect(await patch(shared.body.doc.id, { participants: 2 })).toMatchObject({
      status: 409,
      body: { error: 'slot_full' },
    })
    expect(
      await localRefusal({ service: service.id, customer: members[22]!.user.id, bookingTime: '11:00' }),
    ).toMatchObject({ status: 409, code: 'slot_full' })
    expect((await rows(service.id)).map((row) => row.participants)).toEqual(['2', '1'])
    expect(await book(members[22]!, at)).toMatchObject({ status: 409, body: { error: 'slot_full' } })
    // A cancelled seat comes back at once for the stock door too.
    const [first] = await rows(service.id)
    expect((await admin.send(ADMIN_BOOKINGS, { action: 'cancel', id: first!.id }, 'PATCH')).status).toBe(200)
    expect((await patch(shared.body.doc.id, { participants: 3 })).status).toBe(200)
    expect((await rows(service.id)).map((row) => row.participants)).toEqual(['3'])
  })

  it('a party above maxParticipants through the stock route: 400 invalid_request for a create and a PATCH', async () => {
    const service = await bookableService(admin, date, { seatsPerSlot: 5, maxParticipants: 2 })
    const refused = await stock({
      service: service.id,
      customer: members[23]!.user.id,
      bookingTime: '09:00',
      participants: 3,
    })
    expect(refused).toMatchObject({ status: 400, body: { error: 'invalid_request' } })
    expect(await rows(service.id)).toEqual([])
    const made = await stock({
      service: service.id,
      customer: members[23]!.user.id,
      bookingTime: '09:00',
      participants: 2,
    })
    expect(made.status).toBe(201)
    expect(await patch(made.body.doc.id, { participants: 3 })).toMatchObject({
      status: 400,
      body: { error: 'invalid_request' },
    })
    expect((await rows(service.id)).map((row) => row.participants)).toEqual(['2'])
  })

  it('the daily cap through the stock route and the Local API: 409 day_full, other members’ holds counted', async () => {
    const service = await bookableService(admin, date, { maxBookingsPerDay: 2 })
    expect(
      (await book(members[23]!, { serviceId: service.id, bookingDate: date.date, bookingTime: '09:00' })).status,
    ).toBe(201)
    const held = await hold(members[24]!, { serviceId: service.id, bookingDate: date.date, bookingTime: '13:00' })
    expect(held.status).toBe(201)
    expect(await stock({ service: service.id, customer: members[25]!.user.id, bookingTime: '15:00' })).toMatchObject({
      status: 409,
      body: { error: 'day_full' },
    })
    expect(
      await localRefusal({ service: service.id, customer: members[25]!.user.id, bookingTime: '15:00' }),
    ).toMatchObject({ status: 409, code: 'day_full' })
    // The hold's own member is not kept out by it: their stock booking takes its place.
    expect((await stock({ service: service.id, customer: members[24]!.user.id, bookingTime: '15:00' })).status).toBe(
      201,
    )
    expect(await rows(service.id)).toHaveLength(2)
    expect(await holdRows(service.id)).toHaveLength(1)
  })

  it('5 rounds of stock creates and public bookings racing for a start with 3 seats left: exactly 3 succeed', async () => {
    const raced = localDate(29)
    const service = await bookableService(admin, raced, { seatsPerSlot: 4, durationMinutes: 30 })
    for (let round = 0; round < 5; round++) {
      const bookingTime = `1${round}:00`
      expect((await book(members[30]!, { serviceId: service.id, bookingDate: raced.date, bookingTime })).status).toBe(
        201,
      )
      const racers = members.slice(31, 51)
      const replies = await Promise.all(
        racers.map((member, index) =>
          index % 2
            ? book(member, { serviceId: service.id, bookingDate: raced.date, bookingTime })
            : admin.send(STOCK, {
                service: service.id,
                customer: member.user.id,
                bookingDate: raced.date,
                bookingTime,
              }),
        ),
      )
      expect(tally(replies)).toEqual({ 201: 3, 409: racers.length - 3 })
      expect(replies.filter((reply) => reply.status === 409).every((reply) => reply.body.error === 'slot_full')).toBe(
        true,
      )
      const [{ taken }] = await sql<{ taken: number }>(
        app,
        `SELECT coalesce(sum(participants), 0)::int AS taken FROM bookings
          WHERE service_id = $1 AND booking_time = $2 AND status IN ('pending', 'confirmed')`,
        [service.id, bookingTime],
      )
      expect(taken).toBe(4)
    }
  }, 120_000)
})
