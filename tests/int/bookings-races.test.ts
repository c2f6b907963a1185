// No double booking, ever (docs/api.md "POST /api/services/bookings"), and atomic admin moves
// (docs/api.md "Admin service catalogue (/api/admin/services)"): many requests at once, then a look
// at what the database kept.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { ADMIN_BOOKINGS, book, bookableService, localDate } from '../helpers/bookings'
import { type Actor, actor, adminActor, audits, count, type Reply } from '../helpers/catalogue'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'
import { authHeaders, createUser } from '../helpers/users'

let app: TestApp
let admin: Actor
let secondAdmin: Actor
let customers: Actor[]
const CLIENTS = 50

beforeAll(async () => {
  app = await startTestApp()
  admin = await adminActor(app)
  secondAdmin = await adminActor(app)
  customers = []
  // A few at a time: each sign-in is an argon2 verification.
  for (let batch = 0; batch < CLIENTS; batch += 10) {
    customers.push(
      ...(await Promise.all(
        Array.from({ length: 10 }, async () => {
          const user = await createUser(app)
          return actor(app, user, await authHeaders(app, user))
        }),
      )),
    )
  }
}, 120_000)

afterAll(async () => {
  await app.stop()
})

const statuses = (replies: Reply[]) => replies.map((reply) => reply.status).sort()
const tally = (replies: Reply[]) =>
  replies.reduce<Record<string, number>>((acc, reply) => ({ ...acc, [reply.status]: (acc[reply.status] ?? 0) + 1 }), {})

describe('simultaneous public bookings', () => {
  it(`${CLIENTS} different users on the same free slot: exactly one 201, ${CLIENTS - 1} × 409 booking_conflict, one row`, async () => {
    const date = localDate(10)
    const service = await bookableService(admin, date)
    const replies = await Promise.all(
      customers.map((customer) =>
        book(customer, { serviceId: service.id, bookingDate: date.date, bookingTime: '14:00' }),
      ),
    )
    expect(tally(replies)).toEqual({ 201: 1, 409: CLIENTS - 1 })
    expect(
      replies.filter((reply) => reply.status === 409).every((reply) => reply.body.error === 'booking_conflict'),
    ).toBe(true)
    expect(await count(app, 'bookings', 'service_id = $1', [service.id])).toBe(1)
    const winner = replies.find((reply) => reply.status === 201)!.body.booking
    expect(await audits(app, 'booking.create', winner.id)).toHaveLength(1)
    expect(await count(app, 'notifications', 'target_id = $1', [winner.id])).toBe(1)
    // The losers left nothing behind: one audit entry and one notification for the service in all.
    expect(await count(app, 'audit_logs', `action = 'booking.create' AND data->>'service' = $1`, [service.id])).toBe(1)
  }, 60_000)

  it('overlapping but different starts (14:00 and 14:30 for 60 minutes): exactly one 201', async () => {
    const date = localDate(11)
    const service = await bookableService(admin, date)
    const replies = await Promise.all(
      customers.map((customer, index) =>
        book(customer, { serviceId: service.id, bookingDate: date.date, bookingTime: index % 2 ? '14:30' : '14:00' }),
      ),
    )
    expect(tally(replies)).toEqual({ 201: 1, 409: CLIENTS - 1 })
    expect(await count(app, 'bookings', 'service_id = $1', [service.id])).toBe(1)
  }, 60_000)

  it(`${CLIENTS} distinct times at once all succeed`, async () => {
    const date = localDate(12)
    const service = await bookableService(admin, date, { durationMinutes: 5 })
    const time = (index: number) =>
      `${String(9 + Math.floor((index * 5) / 60)).padStart(2, '0')}:${String((index * 5) % 60).padStart(2, '0')}`
    const replies = await Promise.all(
      customers.map((customer, index) =>
        book(customer, { serviceId: service.id, bookingDate: date.date, bookingTime: time(index) }),
      ),
    )
    expect(statuses(replies)).toEqual(Array(CLIENTS).fill(201))
    expect(await count(app, 'bookings', `service_id = $1 AND status = 'pending'`, [service.id])).toBe(CLIENTS)
  }, 60_000)
})

describe('two admins moving one booking at once', () => {
  let service: { id: string }
  const date = localDate(13)
  let hour = 9
  beforeAll(async () => {
    service = await bookableService(admin, date)
  })

  async function booking(status: 'pending' | 'confirmed'): Promise<string> {
    const reply = await book(customers[0]!, {
      serviceId: service.id,
      bookingDate: date.date,
      bookingTime: `${String(hour++).padStart(2, '0')}:00`,
    })
    expect(reply.status).toBe(201)
    const id = reply.body.booking.id as string
    if (status === 'confirmed')
      expect((await admin.send(ADMIN_BOOKINGS, { action: 'confirm', id }, 'PATCH')).status).toBe(200)
    return id
  }

  const customerNotices = (id: string) =>
    count(app, 'notifications', 'target_id = $1 AND user_id_id = $2', [id, customers[0]!.user.id])

  it.each([
    ['confirm', 'confirm', 'pending'],
    ['complete', 'no_show', 'confirmed'],
    ['cancel', 'complete', 'confirmed'],
  ] as const)(
    '%s and %s at once: one 200, one 409 invalid_transition, one audit entry, one notification',
    async (first, second, start) => {
      const id = await booking(start)
      const noticesBefore = await customerNotices(id)
      const replies = await Promise.all([
        admin.send(ADMIN_BOOKINGS, { action: first, id }, 'PATCH'),
        secondAdmin.send(ADMIN_BOOKINGS, { action: second, id }, 'PATCH'),
      ])
      expect(statuses(replies)).toEqual([200, 409])
      const loser = replies.find((reply) => reply.status === 409)!
      expect(loser.body.error).toBe('invalid_transition')
      const winner = replies.find((reply) => reply.status === 200)!
      const [row] = await sql<{ status: string }>(app, 'SELECT status FROM bookings WHERE id = $1', [id])
      expect(row!.status).toBe(winner.body.booking.status)
      const moveAudits = (
        await Promise.all(
          [first, second]
            .filter((action, index, all) => all.indexOf(action) === index)
            .map((action) => audits(app, `booking.${action}`, id)),
        )
      ).flat()
      expect(moveAudits).toHaveLength(1)
      expect((await customerNotices(id)) - noticesBefore).toBe(1)
    },
  )

  it('confirm and cancel at once end as one of the two serial orders, never anything else', async () => {
    const id = await booking('pending')
    const replies = await Promise.all([
      admin.send(ADMIN_BOOKINGS, { action: 'confirm', id }, 'PATCH'),
      secondAdmin.send(ADMIN_BOOKINGS, { action: 'cancel', id }, 'PATCH'),
    ])
    const [row] = await sql<{ status: string }>(app, 'SELECT status FROM bookings WHERE id = $1', [id])
    expect(row!.status).toBe('cancelled_by_provider')
    const [confirm, cancel] = replies
    expect(cancel!.status).toBe(200)
    // Confirm first then cancel: both succeed; cancel first: confirm is refused.
    expect([200, 409]).toContain(confirm!.status)
    expect(await audits(app, 'booking.confirm', id)).toHaveLength(confirm!.status === 200 ? 1 : 0)
    expect(await audits(app, 'booking.cancel', id)).toHaveLength(1)
  })

  it('two admins confirming through the stock route at once: one 200, one 409', async () => {
    const id = await booking('pending')
    const patch = (who: Actor) =>
      app.request(`/api/bookings/${id}`, {
        method: 'PATCH',
        headers: { ...who.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'confirmed' }),
      })
    const responses = await Promise.all([patch(admin), patch(secondAdmin)])
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409])
    expect(await audits(app, 'booking.confirm', id)).toHaveLength(1)
    expect(await customerNotices(id)).toBe(1)
  })
})
