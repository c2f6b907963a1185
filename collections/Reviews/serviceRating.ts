// A service's rating recomputed from its published reviews in the review's transaction, after locking the
// service row in a statement of its own: an UPDATE that waited keeps its old snapshot and would miss a
// review committed meanwhile, and NO KEY UPDATE does not wait for the reviews' foreign keys.
import type { CollectionAfterChangeHook } from 'payload'

import { idOf } from '../../hooks/community/context'
import { execute, sql } from '../../src/lib/sql'
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
