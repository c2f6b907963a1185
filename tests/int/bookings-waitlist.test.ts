// The waitlist (docs/api.md "Waitlist"): every answer of POST/GET/DELETE /api/services/waitlist in its order of
// checks, positions, the offer when room appears (a cancel, a released or expired hold, a move away) with its hold,
// notification, mail and outbox row, an offer running out, booking with its holdId, a passed start, a cancel racing
// an offer, and several sweeps at once making one offer per freed place.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createLocalReq } from 'payload'

import { scheduleOf } from '../../src/lib/wall-clock'
import { sweepWaitlist } from '../../src/operations/bookings/waitlist'
import { useCasesOf } from '../../src/testing/use-cases'
import { createKitUser } from '../../src/testing/users'
import { book, customerActor, localDate } from '../helpers/bookings'
import {
  type Actor,
  adminActor,
  anonymous,
  audits,
  call,
  citizenActor,
  count,
  makeService,
  makeSlot,
  MISSING_ID,
} from '../helpers/catalogue'
import { type Mailbox, startMailbox } from '../helpers/mailbox'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

const WAITLIST = '/api/services/waitlist'
const OFFER_SECONDS = 1800

let app: TestApp
let mailbox: Mailbox
let admin: Actor
let provider: Actor
let members: Actor[]
const day = localDate(10)
let serviceId: string
let seatedId: string

beforeAll(async () => {
  mailbox = await startMailbox()
  Object.assign(process.env, mailbox.env)
  app = await startTestApp({ env: { WAITLIST_OFFER_SECONDS: String(OFFER_SECONDS), WAITLIST_SWEEP_SECONDS: '1' } })
  admin = await adminActor(app)
  provider = await citizenActor(app)
  members = await Promise.all(Array.from({ length: 6 }, (_, i) => customerActor(app, `Waiting ${i}`)))
  const common = {
    status: 'active',
    providerId: provider.user.id,
    durationMinutes: 60,
    basePrice: '30.00',
    priceType: 'fixed',
    translations: [{ inLanguage: 'en', title: 'Cello lesson' }],
    inLanguage: 'en',
  }
  serviceId = (await makeService(admin, { ...common, maxParticipants: 4 })).id
  seatedId = (await makeService(admin, { ...common, seatsPerSlot: 3, maxParticipants: 3 })).id
  for (const id of [serviceId, seatedId]) {
    await makeSlot(admin, id, { dayOfWeek: day.dayOfWeek, startTime: '08:00', endTime: '20:00' })
  }
  const [hook] = await sql<{ id: string }>(
    app,
    `INSERT INTO webhooks (url, secret, active)
     VALUES ('http://127.0.0.1:9/hook', 'whsec_dGVzdHRlc3R0ZXN0dGVzdHRlc3R0ZXN0', true) RETURNING id`,
  )
  await sql(app, `INSERT INTO webhooks_events ("order", parent_id, value) VALUES (1, $1, 'waitlist.offered')`, [
    hook!.id,
  ])
}, 120_000)

afterAll(async () => {
  await app.stop()
  await mailbox.stop()
})

const at = (bookingTime: string, fields: Record<string, unknown> = {}) => ({
  serviceId,
  bookingDate: day.date,
  bookingTime,
  ...fields,
})
const join = (who: Actor, body: Record<string, unknown>) => who.send(WAITLIST, body)
const leave = (who: Actor, id: string) => who.send(`${WAITLIST}/${id}`, undefined, 'DELETE')
const cancelOwn = (who: Actor, id: string) => who.send(`/api/bookings/${id}/cancel`, {})

async function booked(who: Actor, body: Record<string, unknown>): Promise<string> {
  const made = await book(who, body)
  expect(made.status).toBe(201)
  return made.body.booking.id as string
}

async function joined(who: Actor, body: Record<string, unknown>, position: number): Promise<string> {
  const reply = await join(who, body)
  expect(reply).toMatchObject({ status: 201, body: { entry: { status: 'waiting', position } } })
  return reply.body.entry.id as string
}

interface EntryRow {
  status: string
  hold_id: string | null
  expires_at: Date | null
  customer_id: string
}
const entryRow = async (id: string) =>
  (
    await sql<EntryRow>(app, 'SELECT status, hold_id, expires_at, customer_id FROM booking_waitlist WHERE id = $1', [
      id,
    ])
  )[0]!

/** Polls the entry (every 100 ms, at most 5 s: the documented delay of an offer) until it has `status`. */
async function until(id: string, status: string): Promise<EntryRow> {
  const deadline = Date.now() + 5000
  for (;;) {
    const row = await entryRow(id)
    if (row.status === status) return row
    if (Date.now() > deadline) throw new Error(`entry ${id} is ${row.status}, not ${status}, after 5 s`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** A few sweep rounds in which nothing may change `id` away from `status`. */
async function stays(id: string, status: string): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await sweepWaitlist(app.payload)
    expect((await entryRow(id)).status).toBe(status)
  }
}

/** The offer's records: the hold of its member lasting WAITLIST_OFFER_SECONDS, audit, notification, mail, outbox. */
async function expectOffer(id: string, who: Actor, bookingTime: string): Promise<string> {
  const row = await until(id, 'offered')
  const [hold] = await sql<{ customer_id: string; booking_time: string; seconds: number }>(
    app,
    `SELECT customer_id, booking_time, extract(epoch FROM expires_at - created_at)::int AS seconds
     FROM booking_holds WHERE id = $1 AND expires_at > now()`,
    [row.hold_id],
  )
  expect(hold).toMatchObject({ customer_id: who.user.id, booking_time: bookingTime })
  expect(Math.abs(hold!.seconds - OFFER_SECONDS)).toBeLessThanOrEqual(1)
  expect(await audits(app, 'booking.waitlist_offer', id)).toHaveLength(1)
  expect(
    await count(app, 'notifications', `user_id_id = $1 AND type = 'booking' AND target_id = $2`, [
      who.user.id,
      row.hold_id,
    ]),
  ).toBe(1)
  const [delivery] = await sql<{ body: { type: string; data: Record<string, unknown> } }>(
    app,
    `SELECT body FROM webhook_deliveries WHERE record_key = $1 AND event = 'waitlist.offered'`,
    [`booking_waitlist:${id}`],
  )
  expect(delivery!.body).toMatchObject({
    type: 'waitlist.offered',
    data: { id, customerId: who.user.id, bookingTime, status: 'offered', holdId: row.hold_id },
  })
  const mail = await mailbox.waitFor(
    (m) => m.to.includes(who.user.email.toLowerCase()) && m.text.includes(String(row.hold_id)),
    5000,
  )
  expect(mail.subject).toContain(`A place is free: Cello lesson on ${day.date} at ${bookingTime}`)
  const listed = await who.get(WAITLIST)
  expect(listed.body.entries).toContainEqual(
    expect.objectContaining({ id, status: 'offered', holdId: row.hold_id, expiresAt: row.expires_at!.toISOString() }),
  )
  return String(row.hold_id)
}

describe('POST /api/services/waitlist: the order of checks, positions, GET and DELETE', () => {
  it('401, 400 invalid_body / invalid_request, 404, 400 service_not_active, timing, slot_unavailable, party', async () => {
    const [member] = members
    expect(await join(anonymous(app), at('10:00'))).toMatchObject({ status: 401, body: { error: 'unauthorized' } })
    const raw = await call(app, 'POST', WAITLIST, { headers: member!.headers, raw: '{"serviceId":' })
    expect(raw).toMatchObject({ status: 400, body: { error: 'invalid_body' } })
    for (const wrong of [{ bookingTime: '25:00' }, { participants: 0 }, { extra: 1 }]) {
      expect(await join(member!, at('10:00', wrong))).toMatchObject({
        status: 400,
        body: { error: 'invalid_request' },
      })
    }
    expect(await join(member!, at('10:00', { serviceId: MISSING_ID }))).toMatchObject({
      status: 404,
      body: { error: 'not_found' },
    })
    const draft = await makeService(admin, {
      status: 'draft',
      durationMinutes: 60,
      translations: [{ inLanguage: 'en', title: 'Draft' }],
      inLanguage: 'en',
    })
    expect(await join(member!, at('10:00', { serviceId: draft.id }))).toMatchObject({
      status: 400,
      body: { error: 'service_not_active' },
    })
    expect(await join(member!, at('10:00', { bookingDate: localDate(-1).date }))).toMatchObject({
      status: 400,
      body: { error: 'booking_in_past' },
    })
    expect(await join(member!, at('21:00'))).toMatchObject({ status: 400, body: { error: 'slot_unavailable' } })
    expect(await join(member!, at('10:00', { participants: 5 }))).toMatchObject({
      status: 400,
      body: { error: 'invalid_request' },
    })
    expect(await join(member!, at('10:00'))).toMatchObject({ status: 409, body: { error: 'slot_available' } })
    expect(await count(app, 'booking_waitlist')).toBe(0)
    expect(await audits(app, 'booking.waitlist_join')).toHaveLength(0)
  })

  it('201 with positions, 409 already_waiting, GET the caller’s entries, DELETE cancels, others get 404', async () => {
    const [owner, first, second, third] = members
    await booked(owner!, at('09:00'))
    const before = Date.now()
    const reply = await join(first!, at('09:00', { participants: 2 }))
    expect(reply.status).toBe(201)
    expect(reply.body.entry).toEqual({
      id: expect.any(String),
      serviceId,
      bookingDate: day.date,
      bookingTime: '09:00',
      participants: 2,
      status: 'waiting',
      position: 1,
      createdAt: expect.any(String),
    })
    expect(Date.parse(reply.body.entry.createdAt)).toBeGreaterThanOrEqual(before - 1000)
    const firstId = reply.body.entry.id as string
    const secondId = await joined(second!, at('09:00'), 2)
    expect(await join(first!, at('09:00'))).toMatchObject({ status: 409, body: { error: 'already_waiting' } })
    // Waiting for a start that overlaps the booked one (10:00 is free; 09:30 overlaps 09:00–10:00).
    expect(await join(third!, at('10:00'))).toMatchObject({ status: 409, body: { error: 'slot_available' } })
    const thirdId = await joined(third!, at('09:30'), 1)
    expect(
      await sql(app, 'SELECT customer_id, participants, status FROM booking_waitlist WHERE id = $1', [firstId]),
    ).toEqual([{ customer_id: first!.user.id, participants: 2, status: 'waiting' }])
    const [audit] = await audits(app, 'booking.waitlist_join', firstId)
    expect(audit).toMatchObject({
      user_id: first!.user.id,
      data: { serviceId, bookingDate: day.date, bookingTime: '09:00', participants: 2 },
    })

    expect((await second!.get(WAITLIST)).body).toEqual({
      entries: [expect.objectContaining({ id: secondId, status: 'waiting', position: 2 })],
    })
    expect(await anonymous(app).get(WAITLIST)).toMatchObject({ status: 401 })

    expect(await leave(second!, firstId)).toMatchObject({ status: 404, body: { error: 'not_found' } })
    expect(await leave(first!, MISSING_ID)).toMatchObject({ status: 404, body: { error: 'not_found' } })
    expect(await leave(first!, 'not-a-uuid')).toMatchObject({ status: 404, body: { error: 'not_found' } })
    expect(await leave(anonymous(app), firstId)).toMatchObject({ status: 401 })
    expect((await entryRow(firstId)).status).toBe('waiting')
    expect(await leave(first!, firstId)).toMatchObject({ status: 200, body: { success: true } })
    expect((await entryRow(firstId)).status).toBe('cancelled')
    expect(await audits(app, 'booking.waitlist_leave', firstId)).toEqual([
      expect.objectContaining({ data: { from: 'waiting', holdReleased: false } }),
    ])
    expect((await first!.get(WAITLIST)).body.entries).toEqual([
      expect.objectContaining({ id: firstId, status: 'cancelled', position: null }),
    ])
    // The entry behind moves up; a cancelled entry may wait again, at the back.
    expect((await second!.get(WAITLIST)).body.entries[0]).toMatchObject({ id: secondId, position: 1 })
    const rejoinedId = await joined(first!, at('09:00'), 2)
    await stays(secondId, 'waiting')
    await stays(thirdId, 'waiting')

    // Who waits, in order, for those who manage the service (the panel's calendar reads it).
    const ADMIN_WAITLIST = '/api/admin/services/waitlist'
    const listed = await admin.get(ADMIN_WAITLIST, { serviceId })
    expect(listed.status).toBe(200)
    expect(listed.body.entries.map((entry: { id: string }) => entry.id)).toEqual([secondId, rejoinedId, thirdId])
    expect(listed.body.entries[0]).toMatchObject({
      bookingTime: '09:00',
      position: 1,
      member: { id: second!.user.id, name: 'Waiting 2' },
    })
    expect(listed.body.entries[1]).toMatchObject({ position: 2, member: { id: first!.user.id } })
    expect(await anonymous(app).get(ADMIN_WAITLIST, { serviceId })).toMatchObject({ status: 403 })
    expect(await first!.get(ADMIN_WAITLIST, { serviceId })).toMatchObject({ status: 403 })
    expect(await admin.get(ADMIN_WAITLIST)).toMatchObject({ status: 400, body: { error: 'invalid_request' } })
    expect(await admin.get(ADMIN_WAITLIST, { serviceId: MISSING_ID })).toMatchObject({
      status: 404,
      body: { error: 'not_found' },
    })
    expect(await admin.get(ADMIN_WAITLIST, { serviceId: 'not-a-uuid' })).toMatchObject({
      status: 404,
      body: { error: 'not_found' },
    })
  })

  it('403 for a member the provider blocks, before anything else of the start is judged; nothing written', async () => {
    const blocked = await customerActor(app, 'Blocked')
    expect((await provider.send('/api/profile/blocks', { userId: blocked.user.id })).status).toBe(201)
    const before = await count(app, 'booking_waitlist')
    // A start that is free and one outside the hours: the block answers first either way.
    for (const time of ['10:00', '21:00']) {
      expect(await join(blocked, at(time))).toMatchObject({ status: 403, body: { error: 'forbidden' } })
    }
    expect(await count(app, 'booking_waitlist')).toBe(before)
    expect(await audits(app, 'booking.waitlist_join')).toHaveLength(
      (await sql(app, `SELECT 1 FROM booking_waitlist`)).length,
    )
  })
})

describe('the offer', () => {
  it('after a cancel: the first entry that fits, within 5 s; booking with its holdId makes it booked', async () => {
    const [owner, first, second] = members
    const bookingId = await booked(owner!, at('11:00'))
    const firstId = await joined(first!, at('11:00'), 1)
    const secondId = await joined(second!, at('11:00'), 2)
    expect(await cancelOwn(owner!, bookingId)).toMatchObject({ status: 200 })
    const holdId = await expectOffer(firstId, first!, '11:00')
    await stays(secondId, 'waiting')
    // The hold keeps the start from everyone else.
    expect(await book(second!, at('11:00'))).toMatchObject({ status: 409, body: { error: 'booking_conflict' } })
    expect((await book(first!, at('11:00', { holdId }))).status).toBe(201)
    expect((await entryRow(firstId)).status).toBe('booked')
    expect(await count(app, 'booking_holds', 'id = $1', [holdId])).toBe(0)
    expect((await first!.get(WAITLIST)).body.entries).toContainEqual(
      expect.objectContaining({ id: firstId, status: 'booked', position: null }),
    )
    expect((await second!.get(WAITLIST)).body.entries).toContainEqual(
      expect.objectContaining({ id: secondId, status: 'waiting', position: 1 }),
    )
  })

  it('an offer that runs out is expired and passes to the next; leaving an offered entry releases its hold', async () => {
    const [owner, first, second, third] = members
    const bookingId = await booked(owner!, at('12:00'))
    const firstId = await joined(first!, at('12:00'), 1)
    const secondId = await joined(second!, at('12:00'), 2)
    const thirdId = await joined(third!, at('12:00'), 3)
    await cancelOwn(owner!, bookingId)
    const firstHold = await expectOffer(firstId, first!, '12:00')
    await sql(app, `UPDATE booking_holds SET expires_at = now() - interval '1 second' WHERE id = $1`, [firstHold])
    await until(firstId, 'expired')
    expect(await audits(app, 'booking.waitlist_expire', firstId)).toEqual([
      expect.objectContaining({ data: { from: 'offered', to: 'expired', reason: 'offer_ran_out' } }),
    ])
    const secondHold = await expectOffer(secondId, second!, '12:00')
    expect(await count(app, 'booking_holds', 'id = $1', [firstHold])).toBe(0)
    expect(await leave(second!, secondId)).toMatchObject({ status: 200, body: { success: true } })
    expect(await count(app, 'booking_holds', 'id = $1', [secondHold])).toBe(0)
    expect(await audits(app, 'booking.waitlist_leave', secondId)).toEqual([
      expect.objectContaining({ data: { from: 'offered', holdReleased: true } }),
    ])
    await expectOffer(thirdId, third!, '12:00')
  })

  it('after a released hold, after an expired hold, and after a move away', async () => {
    const [owner, first, second] = members
    const held = await owner!.send('/api/services/holds', at('13:00'))
    expect(held.status).toBe(201)
    const releasedId = await joined(first!, at('13:00'), 1)
    expect(await owner!.send(`/api/services/holds/${held.body.hold.id}`, undefined, 'DELETE')).toMatchObject({
      status: 200,
    })
    await expectOffer(releasedId, first!, '13:00')

    const lapsing = await owner!.send('/api/services/holds', at('14:00'))
    const expiredId = await joined(second!, at('14:00'), 1)
    await stays(expiredId, 'waiting')
    await sql(app, `UPDATE booking_holds SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      lapsing.body.hold.id,
    ])
    await expectOffer(expiredId, second!, '14:00')

    const bookingId = await booked(owner!, at('16:00'))
    const movedId = await joined(first!, at('16:00'), 1)
    const moved = await owner!.send(`/api/bookings/${bookingId}/reschedule`, {
      bookingDate: day.date,
      bookingTime: '18:00',
    })
    expect(moved.status).toBe(200)
    await expectOffer(movedId, first!, '16:00')
  })

  it('with seats: the first entry whose participants fit the freed seats, the larger party waits on', async () => {
    const [owner, first, second, third] = members
    const seated = (time: string, participants: number) => ({
      serviceId: seatedId,
      bookingDate: day.date,
      bookingTime: time,
      participants,
    })
    await booked(owner!, seated('10:00', 2))
    const single = await booked(third!, seated('10:00', 1))
    const partyId = await joined(first!, seated('10:00', 2), 1)
    const singleId = await joined(second!, seated('10:00', 1), 2)
    await cancelOwn(third!, single)
    await expectOffer(singleId, second!, '10:00')
    await stays(partyId, 'waiting')
  })

  it('entries of a start that has passed end expired', async () => {
    const [, first] = members
    const yesterday = localDate(-1)
    const { startMinute } = scheduleOf(yesterday.date, '10:00', 60)
    const [entry] = await sql<{ id: string }>(
      app,
      `INSERT INTO booking_waitlist (service_id, customer_id, booking_date, booking_time, start_minute)
       VALUES ($1, $2, $3, '10:00', $4) RETURNING id`,
      [serviceId, first!.user.id, yesterday.date, startMinute],
    )
    await until(entry!.id, 'expired')
    expect(await audits(app, 'booking.waitlist_expire', entry!.id)).toEqual([
      expect.objectContaining({ data: { from: 'waiting', to: 'expired', reason: 'start_passed' } }),
    ])
  })
})

describe('races', () => {
  it('a cancel, a leave, a booking and sweeps at once: never two holders of one place, no hold left behind', async () => {
    const [owner, first, second, rival] = members
    for (const time of ['08:00', '15:00', '17:00', '19:00']) {
      const bookingId = await booked(owner!, at(time))
      const firstId = await joined(first!, at(time), 1)
      const secondId = await joined(second!, at(time), 2)
      const replies = await Promise.all([
        cancelOwn(owner!, bookingId),
        sweepWaitlist(app.payload, await createLocalReq({}, app.payload)),
        leave(first!, firstId),
        book(rival!, at(time)),
        sweepWaitlist(app.payload, await createLocalReq({}, app.payload)),
      ])
      expect((replies[0] as { status: number }).status).toBe(200)
      expect((replies[2] as { status: number }).status).toBe(200)
      const rivalBooked = (replies[3] as { status: number }).status === 201
      expect([201, 409]).toContain((replies[3] as { status: number }).status)
      await sweepWaitlist(app.payload)
      // The one place has one holder: the rival's booking or the second entry's offer.
      const [{ holders }] = (await sql<{ holders: number }>(
        app,
        `SELECT (SELECT count(*) FROM bookings WHERE service_id = $1 AND booking_date = $2 AND booking_time = $3
            AND status IN ('pending', 'confirmed'))
          + (SELECT count(*) FROM booking_holds WHERE service_id = $1 AND booking_date = $2 AND booking_time = $3
            AND expires_at > now())::int AS holders`,
        [serviceId, day.date, time],
      )) as [{ holders: number }]
      expect(Number(holders)).toBe(1)
      expect((await entryRow(firstId)).status).toBe('cancelled')
      expect(await count(app, 'booking_holds', 'customer_id = $1 AND booking_time = $2', [first!.user.id, time])).toBe(
        0,
      )
      expect((await entryRow(secondId)).status).toBe(rivalBooked ? 'waiting' : 'offered')
    }
  })

  it('several sweeps at once (as several instances): exactly one offer per freed place', async () => {
    const date = localDate(11)
    await makeSlot(admin, serviceId, { dayOfWeek: date.dayOfWeek, startTime: '08:00', endTime: '20:00' })
    const times = ['08:00', '10:00', '12:00', '14:00', '16:00']
    const [owner, first, second] = members
    const entries: string[] = []
    const bookings: string[] = []
    for (const time of times) {
      const body = { serviceId, bookingDate: date.date, bookingTime: time }
      bookings.push(await booked(owner!, body))
      entries.push(await joined(first!, body, 1), await joined(second!, body, 2))
    }
    await Promise.all(bookings.map((id) => cancelOwn(owner!, id)))
    await Promise.all(
      Array.from({ length: 6 }, async () => sweepWaitlist(app.payload, await createLocalReq({}, app.payload))),
    )
    await sweepWaitlist(app.payload)
    const offers = await sql<{ status: string; n: number }>(
      app,
      `SELECT status, count(*)::int AS n FROM booking_waitlist WHERE id = ANY($1::uuid[]) GROUP BY status`,
      [entries],
    )
    expect(Object.fromEntries(offers.map((row) => [row.status, row.n]))).toEqual({ offered: 5, waiting: 5 })
    for (let i = 0; i < times.length; i++) expect((await entryRow(entries[2 * i]!)).status).toBe('offered')
    expect(
      await count(app, 'booking_holds', `booking_date = $1 AND service_id = $2 AND expires_at > now()`, [
        date.date,
        serviceId,
      ]),
    ).toBe(5)
    const offerAudits = await sql<{ n: number }>(
      app,
      `SELECT count(*)::int AS n FROM audit_logs WHERE action = 'booking.waitlist_offer' AND target_id = ANY($1)`,
      [entries],
    )
    expect(offerAudits[0]!.n).toBe(5)
    expect(
      await count(app, 'webhook_deliveries', `event = 'waitlist.offered' AND record_key = ANY($1)`, [
        entries.map((id) => `booking_waitlist:${id}`),
      ]),
    ).toBe(5)
  })
})

describe('the Local API kit', () => {
  it('joinWaitlist and leaveWaitlist as a member, 401 anonymous', async () => {
    const member = useCasesOf(app.payload, await createKitUser(app.payload))
    const [owner] = members
    const date = localDate(12)
    await makeSlot(admin, serviceId, { dayOfWeek: date.dayOfWeek, startTime: '08:00', endTime: '20:00' })
    const body = at('19:00', { bookingDate: date.date })
    await booked(owner!, body)
    await expect(useCasesOf(app.payload, null).joinWaitlist(body)).rejects.toMatchObject({ status: 401 })
    const { entry } = await member.joinWaitlist(body)
    expect(entry).toMatchObject({ status: 'waiting', position: 1 })
    await expect(member.joinWaitlist(body)).rejects.toMatchObject({ status: 409, code: 'already_waiting' })
    expect(await member.leaveWaitlist(entry.id)).toEqual({ success: true })
    expect((await entryRow(entry.id)).status).toBe('cancelled')
  })
})
