// The service's `ratingCount` and `ratingSum` (collections/ServiceListings/rating.ts),
// recomputed from its published reviews in the transaction of the review's own change
// (create, delete, moderation, a new rating): exact, whoever changed what. The service row
// is locked by the UPDATE, so two reviews of one service at once are counted one after the other.
import type { CollectionAfterChangeHook } from 'payload'

import { execute, sql } from '../../src/lib/sql'
import { idOf } from '../../hooks/community/context'

export const refreshServiceRating: CollectionAfterChangeHook = async ({ doc, operation, previousDoc, req }) => {
  if (operation === 'update' && previousDoc?.status === doc.status && previousDoc?.rating === doc.rating) return doc
  const serviceId = idOf(doc.service)
  if (!serviceId) return doc
  await execute(
    req,
    sql`UPDATE service_listings s SET rating_count = r.n, rating_sum = r.total
        FROM (SELECT count(*)::int AS n, COALESCE(sum(rating), 0)::int AS total FROM reviews WHERE service_id = ${serviceId} AND status = 'published') r
        WHERE s.id = ${serviceId}`,
  )
  return doc
}
