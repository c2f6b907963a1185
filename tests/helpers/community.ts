// Community content fixtures (docs/api.md "Community content"): items written with the Local API as server
// code (so any author can be set up), then moved to a status directly in the table, and the
// completed booking a review needs.
import { randomBytes } from 'node:crypto'

import type { CollectionSlug } from 'payload'

import { book, bookableService, localDate } from './bookings'
import type { Actor } from './catalogue'
import { sql, type TestApp } from './test-app'

const word = () => randomBytes(3).toString('hex')

/** The smallest valid body of each collection (besides author and status). */
export const MINIMAL: Record<string, () => Record<string, unknown>> = {
  'forum-threads': () => ({ title: `Thread ${word()}`, body: 'What do you think?' }),
  classifieds: () => ({
    title: `Bike ${word()}`,
    description: 'Blue, 21 gears',
    price: '120.00',
    currency: 'EUR',
    location: 'Lyon',
  }),
  places: () => ({ name: `Café ${word()}`, address: '1 rue de la Paix', latitude: 45.76, longitude: 4.83 }),
  articles: () => ({ title: `Article ${word()}`, excerpt: 'In short' }),
  events: () => ({
    title: `Concert ${word()}`,
    startsAt: new Date(Date.now() + 86_400_000).toISOString(),
    endsAt: new Date(Date.now() + 90_000_000).toISOString(),
  }),
  groups: () => ({ name: `Group ${word()}` }),
  galleries: () => ({ title: `Gallery ${word()}` }),
  products: () => ({ title: `Jam ${word()}`, price: '4.50', currency: 'EUR' }),
}

const TABLE = (collection: string) => collection.replace(/-/g, '_')

/** An item of `collection` by `authorId`, then put in `status` (and extra columns) by SQL. */
export async function makeItem(
  app: TestApp,
  collection: string,
  authorId: string,
  status?: string,
  fields: Record<string, unknown> = {},
): Promise<string> {
  const doc = await app.payload.create({
    collection: collection as CollectionSlug,
    overrideAccess: true,
    data: { ...(MINIMAL[collection]?.() ?? {}), ...fields, author: authorId } as never,
  })
  if (status) {
    await sql(app, `UPDATE ${TABLE(collection)} SET status = $2 WHERE id = $1`, [doc.id, status])
    // Its versions too: with drafts, Payload starts an update from the latest version.
    await sql(app, `UPDATE _${TABLE(collection)}_v SET version_status = $2 WHERE parent_id = $1`, [doc.id, status])
  }
  return String(doc.id)
}

export async function statusOf(app: TestApp, collection: string, id: string): Promise<string | undefined> {
  const [row] = await sql<{ status: string }>(app, `SELECT status FROM ${TABLE(collection)} WHERE id = $1`, [id])
  return row?.status
}

let nextHour = 0

/** A booking of `customer` on a new active service, moved to `status` (completed unless told). */
export async function bookingOf(
  app: TestApp,
  admin: Actor,
  customer: Actor,
  options: { status?: string; allowReviews?: boolean; serviceId?: string } = {},
): Promise<{ bookingId: string; serviceId: string }> {
  const day = localDate(3)
  const serviceId =
    options.serviceId ?? (await bookableService(admin, day, { allowReviews: options.allowReviews ?? true })).id
  const hour = 9 + (nextHour++ % 8)
  const reply = await book(customer, {
    serviceId,
    bookingDate: day.date,
    bookingTime: `${String(hour).padStart(2, '0')}:00`,
  })
  if (reply.status !== 201) throw new Error(`bookingOf: ${reply.status} ${JSON.stringify(reply.body)}`)
  const bookingId = String(reply.body.booking?.id ?? reply.body.id)
  await sql(app, 'UPDATE bookings SET status = $2 WHERE id = $1', [bookingId, options.status ?? 'completed'])
  return { bookingId, serviceId }
}

/**
 * An item of any content collection by `authorId`, with what that type needs around it: a
 * thread for a post, a published place for a comment to be on, a completed booking of
 * `customer` (booked through `admin`'s new service) for a review.
 */
export async function makeAnyItem(
  app: TestApp,
  collection: string,
  authorId: string,
  people: { admin: Actor; customer: Actor },
): Promise<string> {
  if (collection === 'forum-posts')
    return makeItem(app, collection, authorId, undefined, {
      thread: await makeItem(app, 'forum-threads', people.customer.user.id),
      body: 'Post',
    })
  if (collection === 'comments') {
    const place = await makeItem(app, 'places', people.customer.user.id, 'published')
    return makeItem(app, collection, authorId, undefined, {
      target: { relationTo: 'places', value: place },
      body: 'Comment',
    })
  }
  if (collection === 'reviews') {
    const { bookingId } = await bookingOf(app, people.admin, people.customer)
    return makeItem(app, collection, authorId, undefined, { booking: bookingId, rating: 3, body: 'Correct' })
  }
  return makeItem(app, collection, authorId)
}
