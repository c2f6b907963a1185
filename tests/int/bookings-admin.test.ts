// Admin bookings (docs/api.md "Admin service catalogue (/api/admin/services)"): the list, its filters, order and
// representation in a fixed number of queries; every cell of the transition table through
// the API and through the Local API with overrideAccess: false; and the stock route
// `/api/bookings` (read by customer, provider, admin; written by admins under the same rules).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { ADMIN_BOOKINGS, book, bookableService, customerActor, localDate } from '../helpers/bookings'
import {
  type Actor,
  actor,
  adminActor,
  anonymous,
  audits,
  citizenActor,
  count,
  makeService,
  makeSlot,
} from '../helpers/catalogue'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'
import { authHeaders, createUser } from '../helpers/users'

let app: TestApp
let admin: Actor
let customer: Actor
const day = localDate(60)
let service: { id: string; slug: string }
let slotIndex = 0

const STATUSES = [
  'pending',
  'confirmed',
  'cancelled_by_customer',
  'cancelled_by_provider',
  'completed',
  'no_show',
] as const
// docs/api.md "Admin service catalogue (/api/admin/services)", written out independently of the code under test.
const ALLOWED: Record<string, Record<string, string>> = {
  confirm: { pending: 'confirmed' },
  cancel: { pending: 'cancelled_by_provider', confirmed: 'cancelled_by_provider' },
  complete: { confirmed: 'completed' },
  no_show: { confirmed: 'no_show' },
}

/** A booking of `service` in the given status (set directly in the database for the fixture). */
async function bookingIn(status: string, who: Actor = customer, message?: string): Promise<string> {
  const minutes = 9 * 60 + 5 * slotIndex++
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
  const reply = await book(who, {
    serviceId: service.id,
    bookingDate: day.date,
    bookingTime: time,
    ...(message ? { customerMessage: message } : {}),
  })
  if (reply.status !== 201) throw new Error(`bookingIn: ${reply.status} ${JSON.stringify(reply.body)}`)
  if (status !== 'pending')
    await sql(app, 'UPDATE bookings SET status = $2 WHERE id = $1', [reply.body.booking.id, status])
  return reply.body.booking.id
}

const statusOf = async (id: string) =>
  (await sql<{ status: string }>(app, 'SELECT status FROM bookings WHERE id = $1', [id]))[0]!.status

beforeAll(async () => {
  app = await startTestApp()
  admin = await adminActor(app)
  customer = await customerActor(app, 'Carla Customer')
  service = await bookableService(admin, day, { durationMinutes: 5 })
})

afterAll(async () => {
  await app.stop()
})

describe('PATCH /api/admin/services/bookings: every cell of the transition table', () => {
  for (const action of ['confirm', 'cancel', 'complete', 'no_show'] as const) {
    for (const from of STATUSES) {
      const to = ALLOWED[action]![from]
      it(`${action} on ${from}: ${to ? `200 → ${to}` : '409 invalid_transition'}`, async () => {
        const id = await bookingIn(from)
        const reply = await admin.send(ADMIN_BOOKINGS, { action, id }, 'PATCH')
        if (to) {
          expect(reply.status).toBe(200)
          expect(reply.body.booking).toMatchObject({ id, status: to })
          expect(await statusOf(id)).toBe(to)
          const [entry] = await audits(app, `booking.${action}`, id)
          expect(entry).toMatchObject({ user_id: admin.user.id, target_type: 'bookings', data: { from, to } })
          const notices = await sql(app, 'SELECT * FROM notifications WHERE target_id = $1 AND user_id_id = $2', [
            id,
            customer.user.id,
          ])
          expect(notices).toHaveLength(1)
          expect(notices[0]).toMatchObject({ type: 'booking', target_type: 'bookings' })
          expect(`${notices[0]!.title} ${notices[0]!.body}`).toContain('Piano lesson')
          expect(notices[0]!.body).toContain(day.date)
        } else {
          expect(reply).toMatchObject({
            status: 409,
            body: { error: 'invalid_transition', message: expect.any(String) },
          })
          expect(await statusOf(id)).toBe(from)
          expect(await audits(app, `booking.${action}`, id)).toHaveLength(0)
          expect(await count(app, 'notifications', 'target_id = $1 AND user_id_id = $2', [id, customer.user.id])).toBe(
            0,
          )
        }
      })
    }
  }

  for (const from of STATUSES) {
    it(`respond on ${from}: 200, status unchanged, providerResponse stored, audit and notification`, async () => {
      const id = await bookingIn(from)
      const reply = await admin.send(
        ADMIN_BOOKINGS,
        { action: 'respond', id, providerResponse: 'See you at the door' },
        'POST',
      )
      expect(reply.status).toBe(200)
      expect(reply.body.booking).toMatchObject({ id, status: from, providerResponse: 'See you at the door' })
      const [row] = await sql(app, 'SELECT status, provider_response FROM bookings WHERE id = $1', [id])
      expect(row).toEqual({ status: from, provider_response: 'See you at the door' })
      expect(await audits(app, 'booking.respond', id)).toHaveLength(1)
      const [notice] = await sql(app, 'SELECT body FROM notifications WHERE target_id = $1 AND user_id_id = $2', [
        id,
        customer.user.id,
      ])
      expect(notice!.body).toContain('See you at the door')
    })
  }

  it('accepts the same actions on POST and DELETE', async () => {
    const id = await bookingIn('pending')
    expect((await admin.send(ADMIN_BOOKINGS, { action: 'confirm', id }, 'POST')).status).toBe(200)
    expect((await admin.send(ADMIN_BOOKINGS, { action: 'complete', id }, 'DELETE')).status).toBe(200)
    expect(await statusOf(id)).toBe('completed')
  })

  it('answers the envelope errors in order, changing nothing', async () => {
    const id = await bookingIn('pending')
    const citizen = await citizenActor(app)
    expect(await citizen.send(ADMIN_BOOKINGS, { action: 'confirm', id }, 'PATCH')).toMatchObject({
      status: 403,
      body: { error: 'forbidden' },
    })
    expect(await anonymous(app).send(ADMIN_BOOKINGS, { action: 'confirm', id }, 'PATCH')).toMatchObject({
      status: 403,
      body: { error: 'forbidden' },
    })
    const raw = await app.request(ADMIN_BOOKINGS, {
      method: 'PATCH',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: '{nope',
    })
    expect(raw.status).toBe(400)
    expect(((await raw.json()) as { error: string }).error).toBe('invalid_body')
    expect(await admin.send(ADMIN_BOOKINGS, { id }, 'PATCH')).toMatchObject({
      status: 400,
      body: { error: 'missing_action' },
    })
    expect(await admin.send(ADMIN_BOOKINGS, { action: 'approve', id }, 'PATCH')).toMatchObject({
      status: 400,
      body: { error: 'unknown_action' },
    })
    expect(await admin.send(ADMIN_BOOKINGS, { action: 'confirm' }, 'PATCH')).toMatchObject({
      status: 400,
      body: { error: 'missing_id' },
    })
    expect(
      await admin.send(ADMIN_BOOKINGS, { action: 'confirm', id: '00000000-0000-4000-8000-000000000000' }, 'PATCH'),
    ).toMatchObject({ status: 404, body: { error: 'not_found' } })
    expect(await admin.send(ADMIN_BOOKINGS, { action: 'confirm', id: 'not-a-uuid' }, 'PATCH')).toMatchObject({
      status: 404,
      body: { error: 'not_found' },
    })
    expect(await admin.send(ADMIN_BOOKINGS, { action: 'confirm', id, status: 'completed' }, 'PATCH')).toMatchObject({
      status: 400,
      body: { error: 'invalid_request' },
    })
    for (const providerResponse of [undefined, '', '   ', 'x'.repeat(2001), 42]) {
      expect(await admin.send(ADMIN_BOOKINGS, { action: 'respond', id, providerResponse }, 'PATCH')).toMatchObject({
        status: 400,
        body: { error: 'invalid_request' },
      })
    }
    expect(await statusOf(id)).toBe('pending')
    expect(await count(app, 'audit_logs', `target_id = $1 AND action <> 'booking.create'`, [id])).toBe(0)
  })
})

describe('Local API with overrideAccess: false (the rules live in the collection)', () => {
  let adminUser: Record<string, unknown>
  beforeAll(async () => {
    adminUser = (await app.payload.findByID({
      collection: 'users',
      id: admin.user.id,
      overrideAccess: true,
    })) as unknown as Record<string, unknown>
  })

  const moveTo = (id: string, status: string, user: Record<string, unknown> = adminUser) =>
    app.payload.update({
      collection: 'bookings',
      id,
      data: { status: status as never },
      overrideAccess: false,
      user: user as never,
      depth: 0,
    })

  for (const from of STATUSES) {
    for (const to of STATUSES) {
      const action = Object.entries(ALLOWED).find(([, moves]) => moves[from] === to)?.[0]
      const outcome = from === to ? 'no change' : action ? `allowed (${action})` : 'refused with 409'
      it(`${from} → ${to}: ${outcome}`, async () => {
        const id = await bookingIn(from)
        if (from === to || action) {
          await moveTo(id, to)
          expect(await statusOf(id)).toBe(to)
          expect(await audits(app, `booking.${action}`, id)).toHaveLength(action ? 1 : 0)
        } else {
          await expect(moveTo(id, to)).rejects.toMatchObject({ status: 409, code: 'invalid_transition' })
          expect(await statusOf(id)).toBe(from)
        }
      })
    }
  }

  it('refuses a non-admin user', async () => {
    const id = await bookingIn('pending')
    const citizen = (await app.payload.findByID({
      collection: 'users',
      id: customer.user.id,
      overrideAccess: true,
    })) as unknown as Record<string, unknown>
    await expect(moveTo(id, 'confirmed', citizen)).rejects.toMatchObject({ status: 403 })
    expect(await statusOf(id)).toBe('pending')
  })
})

describe('GET /api/admin/services/bookings', () => {
  let listService: { id: string; slug: string }
  let other: { id: string; slug: string }
  const dates = [localDate(70), localDate(71), localDate(72)]
  const ids: Record<string, string> = {}
  let named: Actor

  beforeAll(async () => {
    named = await customerActor(app, 'Nora Named')
    listService = await makeService(admin, {
      status: 'active',
      durationMinutes: 30,
      inLanguage: 'fr',
      translations: [
        { inLanguage: 'en', title: 'Guitar class' },
        { inLanguage: 'fr', title: 'Cours de guitare' },
      ],
    })
    other = await makeService(admin, { status: 'active', durationMinutes: 30 })
    for (const date of dates) {
      await makeSlot(admin, listService.id, { dayOfWeek: date.dayOfWeek, startTime: '08:00', endTime: '20:00' })
      await makeSlot(admin, other.id, { dayOfWeek: date.dayOfWeek, startTime: '08:00', endTime: '20:00' })
    }
    const make = async (key: string, who: Actor, svc: { id: string }, date: string, time: string, message?: string) => {
      const reply = await book(who, {
        serviceId: svc.id,
        bookingDate: date,
        bookingTime: time,
        ...(message ? { customerMessage: message } : {}),
      })
      if (reply.status !== 201) throw new Error(JSON.stringify(reply.body))
      ids[key] = reply.body.booking.id
    }
    await make('a', named, listService, dates[0]!.date, '09:00', 'Please bring a 100% TUNER_x')
    await make('b', named, listService, dates[0]!.date, '15:00')
    await make('c', customer, other, dates[1]!.date, '10:00', 'tuner please')
    await make('d', customer, listService, dates[2]!.date, '08:00')
    await admin.send(ADMIN_BOOKINGS, { action: 'confirm', id: ids.b }, 'PATCH')
  })

  const list = (query: Record<string, string>) =>
    admin.get(ADMIN_BOOKINGS, { from: dates[0]!.date, to: dates[2]!.date, ...query })

  it('lists in the documented order (date desc, time desc) with the admin representation', async () => {
    const reply = await list({})
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({ total: 4, page: 1, perPage: 20, totalPages: 1 })
    expect(reply.body.bookings.map((booking: { id: string }) => booking.id)).toEqual([ids.d, ids.c, ids.b, ids.a])
    const a = reply.body.bookings[3]
    expect(a).toMatchObject({
      id: ids.a,
      serviceId: listService.id,
      customerId: named.user.id,
      status: 'pending',
      bookingDate: dates[0]!.date,
      bookingTime: '09:00',
      customerMessage: 'Please bring a 100% TUNER_x',
      providerResponse: null,
      serviceSlug: listService.slug,
      serviceTitle: 'Cours de guitare',
      customerName: 'Nora Named',
      customerEmail: named.user.email,
      customerImage: null,
    })
    // A service without translations is titled by its slug.
    expect(reply.body.bookings[1]).toMatchObject({ serviceTitle: other.slug, serviceSlug: other.slug })
  })

  it('filters by status, serviceId, q (case-insensitive, wildcards literal), from and to (inclusive)', async () => {
    const idsOf = (reply: { body: { bookings: Array<{ id: string }> } }) =>
      reply.body.bookings.map((booking) => booking.id)
    expect(idsOf(await list({ status: 'confirmed' }))).toEqual([ids.b])
    expect(idsOf(await list({ serviceId: other.id }))).toEqual([ids.c])
    expect(idsOf(await list({ q: 'TUNER' }))).toEqual([ids.c, ids.a])
    expect(idsOf(await list({ q: '100%' }))).toEqual([ids.a])
    expect(idsOf(await list({ q: 'r_x' }))).toEqual([ids.a])
    expect(idsOf(await list({ q: '%' }))).toEqual([ids.a])
    expect(idsOf(await list({ from: dates[1]!.date }))).toEqual([ids.d, ids.c])
    expect(idsOf(await list({ to: dates[1]!.date, from: dates[1]!.date }))).toEqual([ids.c])
    expect(idsOf(await list({ from: `${dates[2]!.date}T00:00:00Z` }))).toEqual([ids.d])
    expect(idsOf(await list({ status: 'pending', serviceId: listService.id }))).toEqual([ids.d, ids.a])
  })

  it('paginates', async () => {
    const second = await list({ perPage: '3', page: '2' })
    expect(second.body).toMatchObject({ total: 4, page: 2, perPage: 3, totalPages: 2 })
    expect(second.body.bookings.map((booking: { id: string }) => booking.id)).toEqual([ids.a])
    expect((await list({ perPage: '500' })).body.perPage).toBe(100)
  })

  it('refuses malformed filters with 400 invalid_request, and non-admins with 403', async () => {
    const queries: Array<Record<string, string>> = [
      { status: 'done' },
      { serviceId: 'abc' },
      { from: '2026-02-30' },
      { to: 'tomorrow' },
      { page: '0' },
      { perPage: 'x' },
    ]
    for (const query of queries) {
      expect(await admin.get(ADMIN_BOOKINGS, query)).toMatchObject({ status: 400, body: { error: 'invalid_request' } })
    }
    expect((await customer.get(ADMIN_BOOKINGS)).status).toBe(403)
    expect((await anonymous(app).get(ADMIN_BOOKINGS)).status).toBe(403)
  })

  it('runs the same number of queries for a page of 1 and a page of 100', async () => {
    const pool = (app.payload.db as unknown as { pool: { query: (...args: unknown[]) => unknown } }).pool
    const original = pool.query
    let queries = 0
    pool.query = function (this: unknown, ...args: unknown[]) {
      queries++
      return original.apply(this, args)
    }
    try {
      const measure = async (perPage: string) => {
        queries = 0
        const reply = await admin.get(ADMIN_BOOKINGS, { perPage })
        expect(reply.status).toBe(200)
        return { queries, rows: reply.body.bookings.length }
      }
      await measure('1') // warm any cache of the session
      // The pool also serves the server's background work (the mail runner, the rate limit's
      // lease, the reminder sweep), whose queries can land in a measured request's window and
      // only ever add to it: the fewest of three measurements is the request's own count.
      const fewest = async (perPage: string) => {
        const runs = [await measure(perPage), await measure(perPage), await measure(perPage)]
        return runs.reduce((least, run) => (run.queries < least.queries ? run : least))
      }
      const small = await fewest('1')
      const large = await fewest('100')
      expect(large.rows).toBeGreaterThan(small.rows)
      expect(large.queries).toBe(small.queries)
      // The rate-limit counter (leased: not on every request) and the session with its user;
      // then the list: its count and its joined page in one statement.
      expect(small.queries).toBeLessThanOrEqual(3)
    } finally {
      pool.query = original
    }
  })
})

describe('the stock route /api/bookings', () => {
  let provider: Actor
  let stranger: Actor
  let stockService: { id: string }
  const date = localDate(80)
  let mine: string
  let theirs: string

  beforeAll(async () => {
    const providerUser = await createUser(app, { name: 'Paul Provider' })
    provider = actor(app, providerUser, await authHeaders(app, providerUser))
    stranger = await citizenActor(app)
    stockService = await makeService(admin, {
      status: 'active',
      durationMinutes: 60,
      providerId: provider.user.id,
      basePrice: '10.00',
    })
    await makeSlot(admin, stockService.id, { dayOfWeek: date.dayOfWeek, startTime: '08:00', endTime: '20:00' })
    mine = (await book(customer, { serviceId: stockService.id, bookingDate: date.date, bookingTime: '09:00' })).body
      .booking.id
    theirs = (await book(stranger, { serviceId: service.id, bookingDate: day.date, bookingTime: '16:00' })).body.booking
      .id
  })

  const docsOf = async (who: Actor, query = '') => {
    const response = await app.request(`/api/bookings${query}`, { headers: who.headers })
    return {
      status: response.status,
      ids: ((await response.json()) as { docs?: Array<{ id: string }> }).docs?.map((doc) => doc.id) ?? [],
    }
  }

  it('a customer reads only their own bookings', async () => {
    const { status, ids } = await docsOf(customer, '?limit=1000')
    expect(status).toBe(200)
    expect(ids).toContain(mine)
    expect(ids).not.toContain(theirs)
    expect((await app.request(`/api/bookings/${theirs}`, { headers: customer.headers })).status).toBe(404)
  })

  it('a provider reads the bookings of their services, and no other', async () => {
    const { ids } = await docsOf(provider, '?limit=1000')
    expect(ids).toEqual([mine])
  })

  it('anyone else sees nothing; an anonymous caller is refused', async () => {
    const nobody = await citizenActor(app)
    expect((await docsOf(nobody)).ids).toEqual([])
    expect((await docsOf(nobody, `?where[customer][equals]=${customer.user.id}`)).ids).toEqual([])
    expect((await app.request('/api/bookings')).status).toBe(403)
  })

  it('customers and providers cannot create, change or delete bookings', async () => {
    for (const who of [customer, provider]) {
      const create = await app.request('/api/bookings', {
        method: 'POST',
        headers: { ...who.headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          service: stockService.id,
          customer: who.user.id,
          bookingDate: date.date,
          bookingTime: '12:00',
        }),
      })
      expect(create.status).toBe(403)
      const update = await app.request(`/api/bookings/${mine}`, {
        method: 'PATCH',
        headers: { ...who.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'cancelled_by_customer' }),
      })
      expect(update.status).toBe(403)
      expect((await app.request(`/api/bookings/${mine}`, { method: 'DELETE', headers: who.headers })).status).toBe(403)
    }
    expect(await statusOf(mine)).toBe('pending')
  })

  it('an admin creates through the stock route with the derived fields, audit and notification; an overlap is 409', async () => {
    const post = (bookingTime: string) =>
      app.request('/api/bookings', {
        method: 'POST',
        headers: { ...admin.headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          service: stockService.id,
          customer: customer.user.id,
          bookingDate: date.date,
          bookingTime,
          totalPrice: 1,
          provider: admin.user.id,
          startMinute: 0,
        }),
      })
    const created = await post('13:00')
    expect(created.status).toBe(201)
    const { doc } = (await created.json()) as { doc: Record<string, unknown> }
    expect(doc).toMatchObject({
      status: 'pending',
      provider: provider.user.id,
      totalPrice: 1000,
      currency: 'EUR',
      endTime: '14:00',
      durationMinutes: 60,
    })
    expect(await audits(app, 'booking.create', doc.id as string)).toHaveLength(1)
    expect(await count(app, 'notifications', 'target_id = $1 AND user_id_id = $2', [doc.id, provider.user.id])).toBe(1)
    const clash = await post('13:30')
    expect(clash.status).toBe(409)
    expect(JSON.stringify(await clash.json())).toContain('overlaps')
    expect(await count(app, 'bookings', `service_id = $1 AND booking_time = '13:30'`, [stockService.id])).toBe(0)
  })

  it('an admin create names a service and customer that exist, a real date and a time', async () => {
    const missing = '00000000-0000-4000-8000-000000000000'
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ service: missing }, 'service'],
      [{ service: undefined }, 'service'],
      [{ customer: missing }, 'customer'],
      [{ bookingDate: '2026-02-30' }, 'bookingDate'],
      [{ bookingTime: '25:00' }, 'bookingTime'],
    ]
    for (const [change, field] of cases) {
      const before = await count(app, 'bookings')
      const response = await app.request('/api/bookings', {
        method: 'POST',
        headers: { ...admin.headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          service: stockService.id,
          customer: customer.user.id,
          bookingDate: date.date,
          bookingTime: '19:00',
          ...change,
        }),
      })
      expect(response.status).toBe(400)
      expect(JSON.stringify(await response.json())).toContain(field)
      expect(await count(app, 'bookings')).toBe(before)
    }
  })

  it('an admin edit is held to the transition table and the no-overlap rule', async () => {
    const patch = (id: string, data: Record<string, unknown>) =>
      app.request(`/api/bookings/${id}`, {
        method: 'PATCH',
        headers: { ...admin.headers, 'content-type': 'application/json' },
        body: JSON.stringify(data),
      })
    const id = (await book(customer, { serviceId: stockService.id, bookingDate: date.date, bookingTime: '17:00' })).body
      .booking.id
    expect((await patch(id, { status: 'completed' })).status).toBe(409)
    expect(await statusOf(id)).toBe('pending')
    // Moving it onto 09:00 (taken by `mine`) is refused by the constraint: 409, not 500.
    expect((await patch(id, { bookingTime: '09:30' })).status).toBe(409)
    const moved = await patch(id, { bookingTime: '18:00' })
    expect(moved.status).toBe(200)
    const [row] = await sql(
      app,
      'SELECT booking_time, end_time, start_minute, end_minute FROM bookings WHERE id = $1',
      [id],
    )
    expect(row).toMatchObject({ booking_time: '18:00', end_time: '19:00' })
    expect(Number(row!.end_minute) - Number(row!.start_minute)).toBe(60)
    expect(await audits(app, 'booking.update', id)).toHaveLength(1)
    expect((await patch(id, { status: 'confirmed' })).status).toBe(200)
    expect(await audits(app, 'booking.confirm', id)).toHaveLength(1)
    // Cancelled, it frees its time: another booking may take 18:00.
    expect((await patch(id, { status: 'cancelled_by_provider' })).status).toBe(200)
    expect(
      (await book(stranger, { serviceId: stockService.id, bookingDate: date.date, bookingTime: '18:00' })).status,
    ).toBe(201)
    // A cancelled booking cannot come back into the way of the new one (nor any other move).
    expect((await patch(id, { status: 'pending' })).status).toBe(409)
  })
})

describe('notifications of bookings', () => {
  it('the customer and the provider each read theirs through /api/notifications; nobody else does', async () => {
    const id = await bookingIn('pending')
    await admin.send(ADMIN_BOOKINGS, { action: 'confirm', id }, 'PATCH')
    const read = async (who: Actor) => {
      const response = await app.request(`/api/notifications?limit=1000&where[targetId][equals]=${id}`, {
        headers: who.headers,
      })
      return ((await response.json()) as { docs: Array<{ title: string; userId: string }> }).docs
    }
    const mine = await read(customer)
    expect(mine).toHaveLength(1)
    expect(mine[0]!.title).toBe('Booking confirmed: Piano lesson')
    const providers = await read(admin)
    expect(providers).toHaveLength(1)
    expect(providers[0]!.title).toBe('New booking: Piano lesson')
    expect(await read(await citizenActor(app))).toEqual([])
  })
})
