// Reviews through the stock route (docs/api.md "Community content"): only the customer of a completed
// booking of a service with allowReviews, once per booking (409 review_exists, also when two
// arrive at once), and the service's `rating {average, count}` exact in the same
// transaction, shown by the stock service route and the admin API.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { roleActor } from '../helpers/blog'
import { customerActor } from '../helpers/bookings'
import { type Actor, adminActor, anonymous, count, MISSING_ID, SERVICES } from '../helpers/catalogue'
import { bookingOf } from '../helpers/community'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

let app: TestApp
let admin: Actor
let customer: Actor
let moderator: Actor

beforeAll(async () => {
  app = await startTestApp()
  admin = await adminActor(app)
  customer = await customerActor(app)
  moderator = await roleActor(app, 'moderator')
})

afterAll(async () => {
  await app.stop()
})

const review = (who: Actor, body: Record<string, unknown>) => who.send('/api/reviews', body)

async function ratingOf(serviceId: string) {
  const stock = await anonymous(app).get(`/api/service-listings/${serviceId}`)
  const adminView = await admin.get(SERVICES, { id: serviceId })
  const listed = await admin.get(SERVICES, { perPage: '100' })
  expect(adminView.body.service.rating).toEqual(stock.body.rating)
  expect(listed.body.services.find((service: { id: string }) => service.id === serviceId)?.rating).toEqual(
    stock.body.rating,
  )
  return stock.body.rating
}

describe('POST /api/reviews', () => {
  it('the customer of a completed booking reviews it; the service is the booking’s; rating counted', async () => {
    const { bookingId, serviceId } = await bookingOf(app, admin, customer)
    const reply = await review(customer, {
      booking: bookingId,
      rating: 4,
      body: 'Très bon cours',
      author: moderator.user.id,
      status: 'moderated',
    })
    expect(reply.status).toBe(201)
    expect(reply.body.doc).toMatchObject({
      author: customer.user.id,
      status: 'published',
      service: serviceId,
      rating: 4,
    })
    expect(await ratingOf(serviceId)).toEqual({ average: 4, count: 1 })
  })

  it('409 review_exists for a second review of one booking, also when two arrive at once', async () => {
    const { bookingId } = await bookingOf(app, admin, customer)
    const replies = await Promise.all(
      [1, 2, 3].map(() => review(customer, { booking: bookingId, rating: 5, body: 'Super' })),
    )
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409, 409])
    expect(replies.find((reply) => reply.status === 409)!.body.error).toBe('review_exists')
    expect(await count(app, 'reviews', 'booking_id = $1', [bookingId])).toBe(1)
  })

  it.each([
    ['pending', 400],
    ['confirmed', 400],
    ['cancelled_by_customer', 400],
    ['no_show', 400],
  ])('a %s booking cannot be reviewed (%i), nothing written', async (status, code) => {
    const { bookingId } = await bookingOf(app, admin, customer, { status })
    const reply = await review(customer, { booking: bookingId, rating: 5, body: 'Super' })
    expect(reply.status).toBe(code)
    expect(await count(app, 'reviews', 'booking_id = $1', [bookingId])).toBe(0)
  })

  it('someone else’s booking or a missing one: 404; a service without allowReviews: 400', async () => {
    const stranger = await customerActor(app)
    const { bookingId } = await bookingOf(app, admin, customer)
    expect((await review(stranger, { booking: bookingId, rating: 5, body: 'Super' })).status).toBe(404)
    expect((await review(customer, { booking: MISSING_ID, rating: 5, body: 'Super' })).status).toBe(404)
    const closed = await bookingOf(app, admin, customer, { allowReviews: false })
    expect((await review(customer, { booking: closed.bookingId, rating: 5, body: 'Super' })).status).toBe(400)
    expect(await count(app, 'reviews', 'booking_id = ANY($1::uuid[])', [[bookingId, closed.bookingId]])).toBe(0)
  })

  it.each([
    ['a rating of 0', { rating: 0 }],
    ['a rating of 6', { rating: 6 }],
    ['a rating of 3.5', { rating: 3.5 }],
    ['a rating as text', { rating: 'five' }],
    ['a 5,001-character body', { body: 'x'.repeat(5001) }],
    ['no booking', { booking: undefined }],
    ['no rating', { rating: undefined }],
    ['a rating of null', { rating: null }],
  ])('400 for %s', async (_label, change) => {
    const { bookingId } = await bookingOf(app, admin, customer)
    const reply = await review(customer, { booking: bookingId, rating: 4, body: 'Bien', ...change })
    expect(reply.status).toBe(400)
    expect(await count(app, 'reviews', 'booking_id = $1', [bookingId])).toBe(0)
  })

  it('anonymous: 401 unauthorized, nothing written', async () => {
    const { bookingId } = await bookingOf(app, admin, customer)
    const reply = await review(anonymous(app), { booking: bookingId, rating: 4, body: 'Bien' })
    expect(reply.status).toBe(401)
    expect(reply.body).toMatchObject({ error: 'unauthorized' })
    expect(await sql(app, 'SELECT id FROM reviews WHERE booking_id = $1', [bookingId])).toEqual([])
  })
})

describe('PATCH /api/reviews/<id>', () => {
  it('a rating set to null is 400 (a required field), the review unchanged', async () => {
    const { bookingId } = await bookingOf(app, admin, customer)
    const made = await review(customer, { booking: bookingId, rating: 4, body: 'Bien' })
    expect(made.status).toBe(201)
    const reply = await customer.send(`/api/reviews/${made.body.doc.id}`, { rating: null }, 'PATCH')
    expect(reply.status).toBe(400)
    expect(JSON.stringify(reply.body)).toContain('rating')
    expect(await sql(app, 'SELECT rating::int AS rating FROM reviews WHERE id = $1', [made.body.doc.id])).toEqual([
      { rating: 4 },
    ])
  })
})

describe('the service’s rating {average, count}', () => {
  it('is exact over the published reviews: new ones, a changed rating, a deletion, a moderation', async () => {
    const first = await bookingOf(app, admin, customer)
    const serviceId = first.serviceId
    const second = await bookingOf(app, admin, customer, { serviceId })
    const third = await bookingOf(app, admin, customer, { serviceId })
    const ids: string[] = []
    for (const [booking, rating] of [
      [first.bookingId, 5],
      [second.bookingId, 4],
      [third.bookingId, 2],
    ] as const) {
      const reply = await review(customer, { booking, rating, body: 'Avis' })
      expect(reply.status).toBe(201)
      ids.push(reply.body.doc.id)
    }
    expect(await ratingOf(serviceId)).toEqual({ average: 3.67, count: 3 })
    expect((await customer.send(`/api/reviews/${ids[2]}`, { rating: 5 }, 'PATCH')).status).toBe(200)
    expect(await ratingOf(serviceId)).toEqual({ average: 4.67, count: 3 })
    expect((await customer.send(`/api/reviews/${ids[0]}`, undefined, 'DELETE')).status).toBe(200)
    expect(await ratingOf(serviceId)).toEqual({ average: 4.5, count: 2 })
    expect(
      (await moderator.send('/api/admin/moderate', { postType: 'reviews', postId: ids[1], reason: 'Hors sujet' }))
        .status,
    ).toBe(200)
    expect(await ratingOf(serviceId)).toEqual({ average: 5, count: 1 })
    const [row] = await sql<{ rating_count: string; rating_sum: string }>(
      app,
      'SELECT rating_count, rating_sum FROM service_listings WHERE id = $1',
      [serviceId],
    )
    expect([Number(row!.rating_count), Number(row!.rating_sum)]).toEqual([1, 5])
  })

  it('counts every review when many customers review one service at once', async () => {
    // Each review locks its own booking, so nothing but the service row orders the recounts.
    const customers = await Promise.all(Array.from({ length: 6 }, () => customerActor(app)))
    const first = await bookingOf(app, admin, customers[0]!)
    const bookings = [first.bookingId]
    for (const other of customers.slice(1))
      bookings.push((await bookingOf(app, admin, other, { serviceId: first.serviceId })).bookingId)
    const replies = await Promise.all(
      customers.map((who, i) => review(who, { booking: bookings[i], rating: i % 2 ? 5 : 4, body: 'Avis' })),
    )
    expect(replies.map((reply) => reply.status)).toEqual(Array(6).fill(201))
    const [row] = await sql<{ rating_count: string; rating_sum: string }>(
      app,
      'SELECT rating_count, rating_sum FROM service_listings WHERE id = $1',
      [first.serviceId],
    )
    expect([Number(row!.rating_count), Number(row!.rating_sum)]).toEqual([6, 27])
    expect(await ratingOf(first.serviceId)).toEqual({ average: 4.5, count: 6 })
  })

  it('is never taken from a body', async () => {
    const { serviceId } = await bookingOf(app, admin, customer)
    await admin.send(
      `/api/service-listings/${serviceId}`,
      { ratingCount: 99, ratingSum: 495, rating: { average: 5, count: 99 } },
      'PATCH',
    )
    expect(await ratingOf(serviceId)).toEqual({ average: null, count: 0 })
  })
})
