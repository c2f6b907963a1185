// POST /api/services/bookings (SPEC "Public booking", API-CONTRACT §4): every rule in its
// documented order, the record it answers, the price in minor units, the side effects, and
// what a refused request leaves behind (nothing).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { adminActor, anonymous, audits, count, type Actor } from '../helpers/catalogue'
import { bookableService, book, customerActor, localDate, PUBLIC_BOOKINGS, rawBook } from '../helpers/bookings'
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
    const reply = await book(customer, { serviceId: service.id, bookingDate: day.date, bookingTime: '14:00', customerMessage: 'Ring twice' })
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
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    })
    const [row] = await sql(app, 'SELECT * FROM bookings WHERE id = $1', [booking.id])
    expect(row).toMatchObject({ status: 'pending', service_id: service.id, customer_id: customer.user.id, provider_id: admin.user.id, booking_date: day.date, booking_time: '14:00', end_time: '15:00' })
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
    const signIn = await app.request('/api/auth/sign-in/email', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: user.email, password: user.password }) })
    const cookie = signIn.headers.getSetCookie().map((header) => header.split(';')[0]).join('; ')
    const body = { serviceId: service.id, bookingDate: day.date, bookingTime: '09:00' }
    const foreign = await rawBook(app, { cookie, origin: 'https://evil.example' }, JSON.stringify(body))
    expect(foreign.status).toBe(403)
    const own = await rawBook(app, { cookie, origin: app.url }, JSON.stringify(body))
    expect(own.status).toBe(201)
  })
})
