// POST /api/services/bookings (docs/api.md "POST /api/services/bookings"): every rule in its
// documented order, the record it answers, the price in minor units, the side effects, and
// what a refused request leaves behind (nothing).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { book, bookableService, customerActor, localDate, PUBLIC_BOOKINGS, rawBook } from '../helpers/bookings'
import { type BridgeReference, startBridgeReference } from '../helpers/bridge-reference'
import { type Actor, adminActor, anonymous, type AuditRow, audits, count } from '../helpers/catalogue'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

let app: TestApp
let admin: Actor
let customer: Actor
const day = localDate(14)
let service: { id: string; slug: string }

beforeAll(async () => {
  app = await startTestApp()
  admin = await adminActor(app)
  customer = await customerActor(app, 'Carla Customer')
  service = await bookableService(admin, day)
})

afterAll(async () => {
  await app.stop()
})

describe('a valid booking', () => {
  it('answers 201 with the booking record and stores it pending, with audit and the provider’s notification', async () => {
    const reply = await book(customer, {
      serviceId: service.id,
      bookingDate: day.date,
      bookingTime: '14:00',
      customerMessage: 'Ring twice',
    })
    expect(reply.status).toBe(201)
    const { booking } = reply.body
    expect(booking).toEqual({
      id: expect.any(String),
      serviceId: service.id,
      providerId: admin.user.id,
      customerId: customer.user.id,
      bookingDate: day.date,
      bookingTime: '14:00',
      endTime: '15:00',
      durationMinutes: 60,
      totalPrice: 2500,
      currency: 'EUR',
      status: 'pending',
      customerMessage: 'Ring twice',
      participants: 1,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    })
    const [row] = await sql(app, 'SELECT * FROM bookings WHERE id = $1', [booking.id])
    expect(row).toMatchObject({
      status: 'pending',
      service_id: service.id,
      customer_id: customer.user.id,
      provider_id: admin.user.id,
      booking_date: day.date,
      booking_time: '14:00',
      end_time: '15:00',
    })
    const [entry] = await audits(app, 'booking.create', booking.id)
    expect(entry).toMatchObject({ user_id: customer.user.id, target_type: 'bookings', ip: '203.0.113.42' })
    const notices = await sql(app, 'SELECT * FROM notifications WHERE target_id = $1', [booking.id])
    expect(notices).toHaveLength(1)
    expect(notices[0]).toMatchObject({ user_id_id: admin.user.id, type: 'booking', target_type: 'bookings' })
    expect(notices[0]!.title).toContain('Piano lesson')
    expect(notices[0]!.body).toContain('Piano lesson')
    expect(notices[0]!.body).toContain(day.date)
    expect(notices[0]!.body).toContain('14:00')
  })

  it('accepts a cookie session from a trusted origin and refuses it from another (CSRF)', async () => {
    const user = customer.user
    const signIn = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    })
    const cookie = signIn.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ')
    const body = { serviceId: service.id, bookingDate: day.date, bookingTime: '09:00' }
    const foreign = await rawBook(app, { cookie, origin: 'https://evil.example' }, JSON.stringify(body))
    expect(foreign.status).toBe(403)
    const own = await rawBook(app, { cookie, origin: app.url }, JSON.stringify(body))
    expect(own.status).toBe(201)
  })
})

// The endpoint writes its row with its own INSERT (insert-booking.ts), not Payload's create:
// everything it leaves must be what the collection's create and its hooks leave for the same
// booking, made through the Local API an hour later on the same service. (The mail: the
// received-mail tests of booking-calendar and mail-queue, through the public endpoint.)
describe('the same records as a booking made through the collection', () => {
  it('row, audit entry, notification and webhook event alike but for the time and ids', async () => {
    const date = localDate(15)
    const other = await bookableService(admin, date, {
      durationMinutes: 45,
      basePrice: '30.00',
      priceType: 'hourly',
      bufferBeforeMinutes: 5,
      bufferAfterMinutes: 10,
    })
    const [hook] = await sql<{ id: string }>(
      app,
      `INSERT INTO webhooks (url, secret, active) VALUES ('http://127.0.0.1:9/hook', 'whsec_dGVzdHRlc3R0ZXN0dGVzdHRlc3R0ZXN0', true) RETURNING id`,
    )
    await sql(app, `INSERT INTO webhooks_events ("order", parent_id, value) VALUES (1, $1, 'booking.created')`, [
      hook!.id,
    ])
    try {
      const reply = await book(customer, {
        serviceId: other.id,
        bookingDate: date.date,
        bookingTime: '10:00',
        customerMessage: 'Ring twice',
      })
      expect(reply.status).toBe(201)
      const ours = reply.body.booking.id as string
      const theirs = String(
        (
          await app.payload.create({
            collection: 'bookings',
            data: {
              service: other.id,
              customer: customer.user.id,
              bookingDate: date.date,
              bookingTime: '11:00',
              customerMessage: 'Ring twice',
              status: 'pending',
            } as never,
            overrideAccess: true,
            user: { ...customer.user, collection: 'users' } as never,
          })
        ).id,
      )
      const timed = [
        'id',
        'bookingTime',
        'endTime',
        'startMinute',
        'endMinute',
        'createdAt',
        'updatedAt',
        'booking_time',
        'end_time',
        'start_minute',
        'end_minute',
        'created_at',
        'updated_at',
      ]
      const untimed = (record: Record<string, unknown>) =>
        Object.fromEntries(Object.entries(record).filter(([key]) => !timed.includes(key)))
      const types = (record: Record<string, unknown>) =>
        Object.fromEntries(Object.entries(record).map(([key, value]) => [key, value === null ? 'null' : typeof value]))
      const rowOf = async (id: string) => (await sql(app, 'SELECT * FROM bookings WHERE id = $1', [id]))[0]!
      expect(untimed(await rowOf(ours))).toEqual(untimed(await rowOf(theirs)))
      expect(await rowOf(ours)).toMatchObject({
        booking_time: '10:00',
        end_time: '10:45',
        total_price: '2250',
        buffer_before_minutes: '5',
        buffer_after_minutes: '10',
      })
      const [ourEntry] = await audits(app, 'booking.create', ours)
      const [theirEntry] = await audits(app, 'booking.create', theirs)
      expect(types(ourEntry!.data)).toEqual(types(theirEntry!.data))
      expect(untimed(ourEntry!.data)).toEqual(untimed(theirEntry!.data))
      expect(ourEntry!.data).toMatchObject({
        id: ours,
        bookingTime: '10:00',
        endTime: '10:45',
        startMinute: (theirEntry!.data.startMinute as number) - 60,
        endMinute: (theirEntry!.data.endMinute as number) - 60,
      })
      const notice = async (id: string) =>
        await sql<{ title: string; body: string; user_id_id: string }>(
          app,
          'SELECT user_id_id, title, body FROM notifications WHERE target_id = $1',
          [id],
        )
      expect(await notice(ours)).toEqual(
        (await notice(theirs)).map((row) => ({ ...row, body: row.body.replace('11:00', '10:00') })),
      )
      const event = async (id: string) =>
        await sql<{ event: string; body: { type: string; data: Record<string, unknown> } }>(
          app,
          'SELECT event, body FROM webhook_deliveries WHERE record_key = $1',
          [`bookings:${id}`],
        )
      const [ourEvent] = await event(ours)
      const [theirEvent] = await event(theirs)
      expect(ourEvent!.event).toBe('booking.created')
      expect(types(ourEvent!.body.data)).toEqual(types(theirEvent!.body.data))
      expect(untimed(ourEvent!.body.data)).toEqual(untimed(theirEvent!.body.data))
      expect(ourEvent!.body.data).toMatchObject({ id: ours, bookingTime: '10:00', endTime: '10:45' })
    } finally {
      await sql(app, 'DELETE FROM webhooks WHERE id = $1', [hook!.id])
    }
  })
})

describe('the order of the checks', () => {
  it('401 unauthorized first, whatever the body', async () => {
    const reply = await rawBook(app, {}, 'not json')
    expect(reply.status).toBe(401)
    expect(reply.body).toMatchObject({ error: 'unauthorized', message: expect.any(String) })
    const bogusBearer = await rawBook(
      app,
      { authorization: 'Bearer nope' },
      JSON.stringify({ serviceId: service.id, bookingDate: day.date, bookingTime: '10:00' }),
    )
    expect(bogusBearer.status).toBe(401)
  })

  it('400 invalid_body for a body that is not JSON, empty, or not declared JSON', async () => {
    for (const [raw, type] of [
      ['{"serviceId":', 'application/json'],
      ['', 'application/json'],
      ['serviceId=x', 'application/x-www-form-urlencoded'],
    ] as const) {
      const reply = await rawBook(app, customer.headers, raw, type)
      expect(reply.status).toBe(400)
      expect(reply.body.error).toBe('invalid_body')
    }
  })

  it('400 invalid_request before 404: a malformed field with an unknown service', async () => {
    const reply = await book(customer, {
      serviceId: '00000000-0000-4000-8000-000000000000',
      bookingDate: '2026-02-30',
      bookingTime: '10:00',
    })
    expect(reply.status).toBe(400)
    expect(reply.body.error).toBe('invalid_request')
  })

  it('404 not_found for a service that does not exist', async () => {
    const reply = await book(customer, {
      serviceId: '00000000-0000-4000-8000-000000000000',
      bookingDate: day.date,
      bookingTime: '10:00',
    })
    expect(reply).toMatchObject({ status: 404, body: { error: 'not_found' } })
  })

  it('400 service_not_active for draft, suspended and archived services, before the time checks', async () => {
    for (const status of ['draft', 'suspended', 'archived']) {
      const other = await bookableService(admin, day, { status })
      const reply = await book(customer, { serviceId: other.id, bookingDate: localDate(-3).date, bookingTime: '03:00' })
      expect(reply).toMatchObject({ status: 400, body: { error: 'service_not_active' } })
    }
  })

  it('400 booking_in_past before slot_unavailable, and for earlier today', async () => {
    const past = await book(customer, { serviceId: service.id, bookingDate: localDate(-1).date, bookingTime: '03:00' })
    expect(past).toMatchObject({ status: 400, body: { error: 'booking_in_past' } })
    const now = new Date()
    if (now.getHours() > 0 || now.getMinutes() > 1) {
      const earlier = await book(customer, {
        serviceId: service.id,
        bookingDate: localDate(0).date,
        bookingTime: '00:00',
      })
      expect(earlier).toMatchObject({ status: 400, body: { error: 'booking_in_past' } })
    }
  })

  it('400 booking_too_soon inside bookingAdvanceHours, and accepted just beyond it', async () => {
    const tomorrow = localDate(1)
    const strict = await bookableService(
      admin,
      tomorrow,
      { bookingAdvanceHours: 72 },
      { startTime: '00:00', endTime: '23:59' },
    )
    const soon = await book(customer, { serviceId: strict.id, bookingDate: tomorrow.date, bookingTime: '23:00' })
    expect(soon).toMatchObject({ status: 400, body: { error: 'booking_too_soon' } })
    // Ordered after the past check: a past time is "in past", not "too soon".
    const past = await book(customer, { serviceId: strict.id, bookingDate: localDate(-1).date, bookingTime: '23:00' })
    expect(past.body.error).toBe('booking_in_past')
    const later = localDate(5)
    const ok = await bookableService(admin, later, { bookingAdvanceHours: 72 })
    expect((await book(customer, { serviceId: ok.id, bookingDate: later.date, bookingTime: '10:00' })).status).toBe(201)
  })

  it('409 booking_conflict last: the same service, date and time again', async () => {
    const body = { serviceId: service.id, bookingDate: day.date, bookingTime: '11:00' }
    expect((await book(customer, body)).status).toBe(201)
    const again = await book(await customerActor(app), body)
    expect(again).toMatchObject({ status: 409, body: { error: 'booking_conflict', message: expect.any(String) } })
  })
})

describe('slot containment (a slot 09:00–17:00)', () => {
  let slotService: { id: string }
  const date = localDate(21)
  beforeAll(async () => {
    slotService = await bookableService(admin, date, { durationMinutes: 30 })
  })
  const at = (bookingTime: string, bookingDate = date.date) =>
    book(customer, { serviceId: slotService.id, bookingDate, bookingTime })

  it('accepts 14:00 and the slot’s start 09:00', async () => {
    expect((await at('14:00')).status).toBe(201)
    expect((await at('09:00')).status).toBe(201)
  })

  it('refuses 18:00, 08:59, the slot’s end 17:00, and a duration overflowing 17:00', async () => {
    for (const time of ['18:00', '08:59', '17:00', '16:45']) {
      expect(await at(time)).toMatchObject({ status: 400, body: { error: 'slot_unavailable' } })
    }
    // Exactly filling the slot's end is fine.
    expect((await at('16:30')).status).toBe(201)
  })

  it('refuses another weekday, and a slot marked unavailable', async () => {
    const nextDay = localDate(22)
    expect(await at('10:00', nextDay.date)).toMatchObject({ status: 400, body: { error: 'slot_unavailable' } })
    const closed = await bookableService(admin, date, {}, { isAvailable: false })
    expect(await book(customer, { serviceId: closed.id, bookingDate: date.date, bookingTime: '10:00' })).toMatchObject({
      status: 400,
      body: { error: 'slot_unavailable' },
    })
  })
})

describe('overlap rules', () => {
  const date = localDate(28)
  let hour: { id: string }
  beforeAll(async () => {
    hour = await bookableService(admin, date)
  })
  const at = (who: Actor, bookingTime: string) => book(who, { serviceId: hour.id, bookingDate: date.date, bookingTime })

  it('back-to-back bookings both succeed (half-open ranges); an overlapping start is refused', async () => {
    expect((await at(customer, '10:00')).status).toBe(201)
    expect((await at(customer, '11:00')).status).toBe(201)
    expect((await at(customer, '09:00')).status).toBe(201)
    expect(await at(customer, '10:30')).toMatchObject({ status: 409, body: { error: 'booking_conflict' } })
    expect(await at(customer, '08:59')).toMatchObject({ status: 400 })
  })

  it('a cancelled, completed or no-show booking frees its time', async () => {
    for (const status of ['cancelled_by_provider', 'cancelled_by_customer', 'completed', 'no_show']) {
      expect((await at(customer, '12:00')).status).toBe(201)
      await sql(
        app,
        `UPDATE bookings SET status = $3 WHERE service_id = $1 AND booking_date = $2 AND booking_time = '12:00' AND status = 'pending'`,
        [hour.id, date.date, status],
      )
    }
    expect(await count(app, 'bookings', `service_id = $1 AND booking_time = '12:00'`, [hour.id])).toBe(4)
  })

  it('another service at the same time is independent', async () => {
    const other = await bookableService(admin, date)
    expect((await book(customer, { serviceId: other.id, bookingDate: date.date, bookingTime: '10:00' })).status).toBe(
      201,
    )
  })

  it('the database itself refuses an overlap written around the application', async () => {
    const [first] = await sql<{ start_minute: string }>(
      app,
      `SELECT start_minute FROM bookings WHERE service_id = $1 AND booking_time = '10:00'`,
      [hour.id],
    )
    await expect(
      sql(
        app,
        `INSERT INTO bookings (service_id, booking_date, booking_time, status, start_minute, end_minute) VALUES ($1, $2, '10:15', 'confirmed', $3, $4)`,
        [hour.id, date.date, Number(first!.start_minute) + 15, Number(first!.start_minute) + 75],
      ),
    ).rejects.toMatchObject({ code: '23P01', constraint: 'bookings_no_overlap' })
    await expect(
      sql(
        app,
        `INSERT INTO bookings (service_id, booking_date, booking_time, status) VALUES ($1, $2, '10:15', 'cancelled_by_provider')`,
        [hour.id, date.date],
      ),
    ).rejects.toMatchObject({ code: '23514' })
  })
})

describe('price in minor units', () => {
  const date = localDate(35)
  const cases: Array<[string, Record<string, unknown>, number | null]> = [
    ['EUR fixed', { basePrice: '25.50', currency: 'EUR', priceType: 'fixed' }, 2550],
    ['JPY (no minor digits)', { basePrice: '1500', currency: 'JPY', priceType: 'per_session' }, 1500],
    ['KWD (three minor digits)', { basePrice: '12.345', currency: 'KWD', priceType: 'fixed' }, 12345],
    [
      'hourly EUR for 90 minutes',
      { basePrice: '40.00', currency: 'EUR', priceType: 'hourly', durationMinutes: 90 },
      6000,
    ],
    [
      'hourly rounding half up (10.01 × 50/60 = 8.341…)',
      { basePrice: '10.01', currency: 'EUR', priceType: 'hourly', durationMinutes: 50 },
      834,
    ],
    [
      'hourly half exactly (0.03 × 30/60 = 1.5 cents → 2)',
      { basePrice: '0.03', currency: 'EUR', priceType: 'hourly', durationMinutes: 30 },
      2,
    ],
    [
      'hourly JPY for 45 minutes (1001 × 0.75 = 750.75 → 751)',
      { basePrice: '1001', currency: 'JPY', priceType: 'hourly', durationMinutes: 45 },
      751,
    ],
    [
      'hourly KWD for 20 minutes (1.000 × 1/3 = 0.333…)',
      { basePrice: '1.000', currency: 'KWD', priceType: 'hourly', durationMinutes: 20 },
      333,
    ],
    ['no basePrice', { basePrice: null }, null],
  ]
  it.each(cases)('%s', async (_name, fields, expected) => {
    const priced = await bookableService(admin, date, fields)
    const reply = await book(customer, { serviceId: priced.id, bookingDate: date.date, bookingTime: '10:00' })
    expect(reply.status).toBe(201)
    expect(reply.body.booking.totalPrice).toBe(expected)
    expect(reply.body.booking.currency).toBe((fields.currency as string | undefined) ?? 'EUR')
    const [row] = await sql<{ total_price: string | null }>(app, 'SELECT total_price FROM bookings WHERE id = $1', [
      reply.body.booking.id,
    ])
    expect(row!.total_price === null ? null : Number(row!.total_price)).toBe(expected)
  })
})

describe('a service without a duration', () => {
  it('books the start minute: endTime null, the same start conflicts, the next minute does not', async () => {
    const date = localDate(36)
    const open = await bookableService(admin, date, { durationMinutes: null })
    const first = await book(customer, { serviceId: open.id, bookingDate: date.date, bookingTime: '16:59' })
    expect(first.status).toBe(201)
    expect(first.body.booking).toMatchObject({ bookingTime: '16:59', endTime: null, durationMinutes: null })
    expect((await book(customer, { serviceId: open.id, bookingDate: date.date, bookingTime: '16:59' })).status).toBe(
      409,
    )
    expect((await book(customer, { serviceId: open.id, bookingDate: date.date, bookingTime: '16:58' })).status).toBe(
      201,
    )
  })
})

describe('bad input: 400 invalid_request, nothing written', () => {
  const date = localDate(42)
  const valid = () => ({ serviceId: service.id, bookingDate: date.date, bookingTime: '10:00' })
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['bookingDate 2026-02-30', { bookingDate: '2026-02-30' }, 'bookingDate'],
    ['bookingDate 2026-13-01', { bookingDate: '2026-13-01' }, 'bookingDate'],
    ['bookingDate 26-1-1', { bookingDate: '26-1-1' }, 'bookingDate'],
    ['bookingDate a number', { bookingDate: 20260101 }, 'bookingDate'],
    ['bookingDate an array', { bookingDate: ['2026-01-01'] }, 'bookingDate'],
    ['bookingTime 24:00', { bookingTime: '24:00' }, 'bookingTime'],
    ['bookingTime 9:00', { bookingTime: '9:00' }, 'bookingTime'],
    ['bookingTime 12:60', { bookingTime: '12:60' }, 'bookingTime'],
    ['bookingTime noon', { bookingTime: 'noon' }, 'bookingTime'],
    ['serviceId not a UUID', { serviceId: 'piano' }, 'serviceId'],
    ['serviceId a number', { serviceId: 42 }, 'serviceId'],
    ['customerMessage over 2000 characters', { customerMessage: 'x'.repeat(2001) }, 'customerMessage'],
    ['customerMessage not a string', { customerMessage: { text: 'hi' } }, 'customerMessage'],
    ['an unknown field', { price: 0 }, '(body)'],
    ['serviceId missing', { serviceId: undefined }, 'serviceId'],
    ['bookingDate missing', { bookingDate: undefined }, 'bookingDate'],
    ['bookingTime missing', { bookingTime: undefined }, 'bookingTime'],
  ]
  it.each(cases)('%s', async (_name, change, path) => {
    const before = await count(app, 'bookings')
    const reply = await book(customer, { ...valid(), ...change })
    expect(reply.status).toBe(400)
    expect(reply.body.error).toBe('invalid_request')
    expect(reply.body.message).toEqual(expect.any(String))
    expect(reply.body.issues.map((issue: { path: string }) => issue.path)).toContain(path)
    expect(await count(app, 'bookings')).toBe(before)
  })

  it('a JSON array or string body is invalid_request, a message of exactly 2000 characters is fine', async () => {
    for (const raw of ['[]', '"booking"', 'null']) {
      const reply = await rawBook(app, customer.headers, raw)
      expect(reply.status).toBe(400)
      expect(['invalid_request', 'invalid_body']).toContain(reply.body.error)
    }
    expect((await book(customer, { ...valid(), customerMessage: 'x'.repeat(2000) })).status).toBe(201)
  })

  it('an anonymous caller is 401 even with a valid body', async () => {
    expect((await book(anonymous(app), valid())).status).toBe(401)
  })
})

it('answers with the security headers and JSON', async () => {
  const response = await app.request(PUBLIC_BOOKINGS, {
    method: 'POST',
    headers: { ...customer.headers, 'content-type': 'application/json' },
    body: '{',
  })
  expect(response.headers.get('x-frame-options')).toBe('DENY')
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
})

// The shell answers this route itself
// (endpoints/services/bookings.ts, docs/decisions.md "The public
// booking is answered by the shell"): every answer must be the Payload
// endpoint's, through the bridge alone, to the byte (status, headers, body); a
// 201 but for the new booking's id and time.
describe("the shell's answers are the Payload endpoint's", () => {
  let reference: BridgeReference
  const date = localDate(16)
  let own: { id: string }

  beforeAll(async () => {
    reference = await startBridgeReference(app)
    own = await bookableService(admin, date)
  })

  afterAll(async () => {
    await reference.close()
  })

  const post = (body: unknown) => ({ method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body) })
  const json = { 'content-type': 'application/json' }

  it('401, 400 invalid_body and invalid_request, 404, 400 service_not_active and slot_unavailable, 409', async () => {
    const valid = { serviceId: own.id, bookingDate: date.date, bookingTime: '10:00' }
    await reference.sameAnswer(PUBLIC_BOOKINGS, json, post(valid))
    await reference.sameAnswer(PUBLIC_BOOKINGS, { ...json, authorization: 'Bearer not-a-session' }, post(valid))
    const signedIn = { ...customer.headers, ...json }
    await reference.sameAnswer(PUBLIC_BOOKINGS, signedIn, post('{not json'))
    await reference.sameAnswer(PUBLIC_BOOKINGS, signedIn, post(''))
    await reference.sameAnswer(PUBLIC_BOOKINGS, { ...signedIn, 'content-type': 'text/plain' }, post(valid))
    await reference.sameAnswer(PUBLIC_BOOKINGS, signedIn, post({ ...valid, bookingDate: '2026-02-30', extra: 1 }))
    await reference.sameAnswer(
      PUBLIC_BOOKINGS,
      signedIn,
      post({ ...valid, serviceId: '00000000-0000-4000-8000-000000000000' }),
    )
    const draft = await bookableService(admin, date, { status: 'draft' })
    await reference.sameAnswer(PUBLIC_BOOKINGS, signedIn, post({ ...valid, serviceId: draft.id }))
    await reference.sameAnswer(PUBLIC_BOOKINGS, signedIn, post({ ...valid, bookingTime: '18:00' }))
    expect((await book(customer, valid)).status).toBe(201)
    const conflict = await reference.sameAnswer(PUBLIC_BOOKINGS, signedIn, post(valid))
    expect(conflict.status).toBe(409)
    expect(await count(app, 'bookings', 'service_id = $1', [own.id])).toBe(1)
  })

  it('201: the same status, headers and record but for its id, time and creation; each wrote its booking and its audit entry alike', async () => {
    const signedIn = {
      ...customer.headers,
      ...json,
      'user-agent': 'bookings-public-doors/1.0',
      'x-real-ip': '198.51.100.7',
    }
    const at = (bookingTime: string) =>
      post({ serviceId: own.id, bookingDate: date.date, bookingTime, customerMessage: 'Hello' })
    const { ours, payloads } = await reference.bothAnswers(PUBLIC_BOOKINGS, signedIn, at('12:00'), at('14:00'))
    expect([ours.status, payloads.status]).toEqual([201, 201])
    const masked = (answer: typeof ours) => {
      const { booking } = JSON.parse(answer.body) as { booking: Record<string, unknown> }
      return {
        ...answer,
        body: JSON.stringify({
          booking: { ...booking, id: 'masked', bookingTime: 'masked', endTime: 'masked', createdAt: 'masked' },
        }),
      }
    }
    expect(masked(ours)).toEqual(masked(payloads))
    const ids = [ours, payloads].map((answer) => (JSON.parse(answer.body) as { booking: { id: string } }).booking.id)
    const rows = await sql<{ booking_time: string }>(
      app,
      'SELECT booking_time FROM bookings WHERE id = ANY($1::uuid[]) ORDER BY booking_time',
      [ids],
    )
    expect(rows.map((row) => row.booking_time)).toEqual(['12:00', '14:00'])
    // The shell reads who and where from the express request, the bridge from its Web Request:
    // the entries must not tell the doors apart (but for the booking each names).
    const entries = await Promise.all(ids.map((id) => audits(app, 'booking.create', id)))
    expect(entries.map((list) => list.length)).toEqual([1, 1])
    const [ourEntry, theirEntry] = entries.map(([entry]) => entry!)
    const who = (entry: AuditRow) => ({
      user: entry.user_id,
      ip: entry.ip,
      agent: entry.user_agent,
      target: entry.target_type,
    })
    expect(who(ourEntry!)).toEqual(who(theirEntry!))
    expect(who(ourEntry!)).toEqual({
      user: customer.user.id,
      ip: '198.51.100.7',
      agent: 'bookings-public-doors/1.0',
      target: 'bookings',
    })
  })
})
