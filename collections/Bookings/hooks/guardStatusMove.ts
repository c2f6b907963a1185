import type { CollectionBeforeChangeHook, RequestContext } from 'payload'

import { actionFor, BOOKINGS_COLLECTION } from '../../../domain/bookings'
import { execute, sql } from '../../../src/lib/sql'
import { RuleViolation } from '../../../src/operations/catalogue/errors'

/** Where the status a move started from waits for the afterChange hook (deleted there). */
export const movedFromKey = (id: unknown) => `bookingMovedFrom:${String(id)}`

/**
 * A status change, from any path, must be a move of the transition table (docs/api.md
 * "Admin service catalogue (/api/admin/services)"), judged against the status as it is
 * now: the row is locked first, so of two concurrent moves the second sees the first's
 * result (and is refused if that made it illegal). An update that does not mean to change
 * the status (a panel form sends the status it showed) keeps the current one instead of
 * writing back a stale value.
 */
export const guardStatusMove: CollectionBeforeChangeHook = async ({ context, data, operation, originalDoc, req }) => {
  if (operation !== 'update' || !originalDoc) return data
  // The service row before the booking's, the order of every other writer of a service (its moves and the booking
  // rule's trigger), so two writers of one booking queue instead of deadlocking.
  await execute(
    req,
    sql`SELECT 1 FROM service_listings WHERE id = (SELECT service_id FROM bookings WHERE id = ${originalDoc.id})
      FOR NO KEY UPDATE`,
  )
  const [row] = await execute(req, sql`SELECT status FROM bookings WHERE id = ${originalDoc.id} FOR UPDATE`)
  const current = (row?.status as string | undefined) ?? (originalDoc.status as string)
  const wanted = data.status as string | undefined
  if (wanted === undefined || wanted === originalDoc.status) {
    data.status = current
    return data
  }
  if (!actionFor(current, wanted)) {
    throw new RuleViolation(
      'invalid_transition',
      { collection: BOOKINGS_COLLECTION, path: 'status' },
      current === wanted ? `The booking is already ${current}` : `A ${current} booking cannot become ${wanted}`,
    )
  }
  ;(context as RequestContext)[movedFromKey(originalDoc.id)] = current
  return data
}
