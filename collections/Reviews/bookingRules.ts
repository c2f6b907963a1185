// A review is of a real booking (docs/api.md "Community content"): the caller's own (as customer), `completed`, of a
// service that allows reviews, and only one per booking (409 `review_exists`; the unique
// index on `booking` settles two at once). The service is the booking's, whatever the body says.
import { type CollectionBeforeChangeHook, ValidationError } from 'payload'

import { contentErrors } from '../../domain/content-errors'
import { isUuid } from '../../domain/ids'
import { refuseWhenBlocked } from '../../hooks/community/blockedByOwner'
import { idOf } from '../../hooks/community/context'
import { execute, sql } from '../../src/lib/sql'
import type { Review } from '../../src/payload-types'

export const REVIEWS = 'reviews'

const invalid = (path: string, message: string) =>
  new ValidationError({ collection: REVIEWS, errors: [{ path, message }] })

export const reviewOfOwnCompletedBooking: CollectionBeforeChangeHook<Review> = async ({ data, operation, req }) => {
  if (operation !== 'create' || data.booking === undefined || data.booking === null || data.booking === '') return data
  const bookingId = idOf(data.booking)
  if (!isUuid(bookingId)) throw invalid('booking', 'booking must be a booking id')
  // The booking row is locked: two reviews of it at once queue here, the second sees the first.
  const [booking] = await execute(
    req,
    sql`SELECT b.customer_id AS customer, b.provider_id AS provider, b.status, b.service_id AS service, s.allow_reviews AS "allowReviews"
        FROM bookings b JOIN service_listings s ON s.id = b.service_id WHERE b.id = ${bookingId} FOR UPDATE OF b`,
  )
  // Someone else's booking is as unknown to the caller as a missing one.
  if (!booking || (req.user && String(booking.customer) !== String(req.user.id)))
    throw contentErrors.notFound('booking')
  await refuseWhenBlocked(req, booking.provider)
  if (booking.status !== 'completed') throw invalid('booking', 'Only a completed booking can be reviewed')
  if (!booking.allowReviews) throw invalid('service', 'This service does not take reviews')
  if (data.service !== undefined && data.service !== null && idOf(data.service) !== String(booking.service)) {
    throw invalid('service', 'The service is the booking’s')
  }
  const [existing] = await execute(req, sql`SELECT 1 FROM reviews WHERE booking_id = ${bookingId} LIMIT 1`)
  if (existing) throw contentErrors.reviewExists()
  return { ...data, service: String(booking.service) }
}
