import type { CollectionAfterErrorHook } from 'payload'

import { stockErrorBody } from '../../../src/lib/http/stock-errors'
import { CONFLICT_MESSAGE, isOverlapViolation } from '../../../src/operations/bookings/errors'

/**
 * The stock REST route (and so the admin panel) answers a booking that the no-overlap
 * constraint refused with 409 and a readable message, in Payload's error shape, instead of
 * the 500 an unrecognised database error becomes.
 */
export const overlapAsConflict: CollectionAfterErrorHook = ({ error }) => {
  if (!isOverlapViolation(error)) return
  return {
    status: 409,
    response: stockErrorBody(409, { errors: [{ message: CONFLICT_MESSAGE, data: { code: 'booking_conflict' } }] }),
  }
}
