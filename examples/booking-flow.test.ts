// An example of a jest test on top of the platform (docs/testing.md): a provider opens a
// service, a customer books it, the provider confirms and completes it, the customer reviews
// it. Everything comes from `community-platform/testing`; the database is the platform's own.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { type KitUser, type Platform, startPlatform } from 'community-platform/testing'

let platform: Platform
let provider: KitUser
let customer: KitUser
let serviceId: string

/** The date `days` from today on this machine's clock, YYYY-MM-DD, with its weekday (0 = Sunday). */
function dayFromNow(days: number): { date: string; dayOfWeek: number } {
  const now = new Date()
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days, 12)
  const pad = (n: number) => String(n).padStart(2, '0')
  return { date: `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`, dayOfWeek: day.getDay() }
}

const day = dayFromNow(7)

beforeAll(async () => {
  platform = await startPlatform()
  provider = await platform.createUser({ roles: ['admin'], name: 'Piano school' })
  customer = await platform.createUser({ name: 'Ada' })
  const service = await platform.as(provider).createService({
    slug: 'piano-lessons',
    providerId: provider.id,
    status: 'active',
    durationMinutes: 60,
    basePrice: '25.00',
    priceType: 'fixed',
    allowReviews: true,
    inLanguage: 'en',
    translations: [{ inLanguage: 'en', title: 'Piano lesson' }],
  })
  serviceId = service.id
  await platform
    .as(provider)
    .setAvailability(serviceId, [{ dayOfWeek: day.dayOfWeek, startTime: '09:00', endTime: '12:00' }])
})

afterAll(async () => {
  await platform?.stop()
})

describe('booking, confirming and reviewing a service', () => {
  let bookingId: string

  it('books a free time, and refuses the same time to someone else with the code HTTP gives', async () => {
    const { booking } = await platform
      .as(customer)
      .book({ serviceId, bookingDate: day.date, bookingTime: '10:00', customerMessage: 'First lesson' })
    expect(booking).toMatchObject({ status: 'pending', bookingDate: day.date, bookingTime: '10:00' })
    bookingId = String(booking.id)

    const other = await platform.createUser()
    await expect(
      platform.as(other).book({ serviceId, bookingDate: day.date, bookingTime: '10:30' }),
    ).rejects.toMatchObject({ status: 409, code: 'booking_conflict' })
    await expect(
      platform.as(other).book({ serviceId, bookingDate: day.date, bookingTime: '15:00' }),
    ).rejects.toMatchObject({ status: 400, code: 'slot_unavailable' })

    // The same request over HTTP, with the other user's bearer token: the same answer.
    const url = await platform.listen()
    const response = await fetch(`${url}/api/services/bookings`, {
      method: 'POST',
      headers: { ...other.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ serviceId, bookingDate: day.date, bookingTime: '10:30' }),
    })
    expect(response.status).toBe(409)
    expect(await response.json()).toMatchObject({ error: 'booking_conflict' })
  })

  it('writes the audit entry of the booking in its transaction', async () => {
    const { docs } = await platform.payload.find({
      collection: 'audit-logs',
      where: { action: { equals: 'booking.create' }, targetId: { equals: bookingId } },
    })
    expect(docs).toHaveLength(1)
    expect(docs[0]).toMatchObject({ userId: customer.id, targetType: 'bookings' })
  })

  it('lets only a manager of the service confirm it, then complete it', async () => {
    await expect(platform.as(customer).confirm(bookingId)).rejects.toMatchObject({ status: 403, code: 'forbidden' })
    expect((await platform.as(provider).confirm(bookingId)).booking.status).toBe('confirmed')
    expect((await platform.as(provider).complete(bookingId)).booking.status).toBe('completed')
    await expect(platform.as(provider).confirm(bookingId)).rejects.toMatchObject({ status: 409 })
  })

  it('takes one review of the completed booking, from its customer only', async () => {
    // A Local API call as the customer: their req, and overrideAccess: false for the access rules.
    const review = await platform.payload.create({
      collection: 'reviews',
      data: { booking: bookingId, rating: 5, body: 'Patient and clear.' } as never,
      req: customer.req,
      overrideAccess: false,
    })
    expect(review).toMatchObject({ rating: 5, service: expect.anything() })

    const stranger = await platform.createUser()
    await expect(
      platform.payload.create({
        collection: 'reviews',
        data: { booking: bookingId, rating: 1, body: 'Never went.' } as never,
        req: stranger.req,
        overrideAccess: false,
      }),
    ).rejects.toMatchObject({ status: 404 })

    const { totalDocs } = await platform.payload.count({
      collection: 'reviews',
      where: { booking: { equals: bookingId } },
    })
    expect(totalDocs).toBe(1)
  })

  it('shows what overrideAccess: true skips: the booking rules live in the use case', async () => {
    const past = dayFromNow(-7)
    await expect(
      platform.as(customer).book({ serviceId, bookingDate: past.date, bookingTime: '10:00' }),
    ).rejects.toMatchObject({ status: 400, code: 'booking_in_past' })
    // Server code may write what no client could: no rule, no check, only the database's constraints.
    const written = await platform.payload.create({
      collection: 'bookings',
      data: {
        service: serviceId,
        customer: customer.id,
        bookingDate: past.date,
        bookingTime: '10:00',
        status: 'pending',
      } as never,
      overrideAccess: true,
    })
    expect(written.id).toBeTruthy()
  })
})
