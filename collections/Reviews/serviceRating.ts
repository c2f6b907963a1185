// The service's `ratingCount` and `ratingSum` (collections/ServiceListings/rating.ts),
// recomputed from its published reviews in the transaction of the review's own change
// (create, delete, moderation, a new rating): exact, whoever changed what. The service row is
// locked first, in a statement of its own: under READ COMMITTED an UPDATE that waits for the
// row keeps the snapshot it started with, so a recount inside it would miss the review the
// other writer just committed (eight reviews at once were counted as one). Once the lock is
// held, the recount is a new statement and sees every committed review. NO KEY UPDATE, the
// lock an UPDATE takes: the new review's foreign key holds KEY SHARE on the service row, which
// a FOR UPDATE would wait for (two reviews at once: a deadlock).
import type { CollectionAfterChangeHook } from 'payload'

import { execute, sql } from '../../src/lib/sql'
import { idOf } from '../../hooks/community/context'
import type { Review } from '../../src/payload-types'

export const refreshServiceRating: CollectionAfterChangeHook<Review> = async ({ doc, operation, previousDoc, req }) => {
  if (operation === 'update' && previousDoc?.status === doc.status && previousDoc?.rating === doc.rating) return doc
  const serviceId = idOf(doc.service)
  if (!serviceId) return doc
  await execute(req, sql`SELECT 1 FROM service_listings WHERE id = ${serviceId} FOR NO KEY UPDATE`)
  await execute(
    req,
    sql`UPDATE service_listings s SET rating_count = r.n, rating_sum = r.total
        FROM (SELECT count(*)::int AS n, COALESCE(sum(rating), 0)::int AS total FROM reviews WHERE service_id = ${serviceId} AND status = 'published') r
        WHERE s.id = ${serviceId}`,
  )
  return doc
}
