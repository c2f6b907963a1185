import type { CollectionAfterErrorHook } from 'payload'

import { ApiError } from '../../../src/lib/http/errors'
import { stockErrorBody } from '../../../src/lib/http/stock-errors'
import { isBookingRefusal, toBookingError } from '../../../src/operations/bookings/errors'

/**
 * The stock REST route (and so the admin panel) answers a booking the booking rule refused (docs/api.md "Bookings,
 * whichever door") with its 4xx and code in Payload's error shape, instead of the 500 an unrecognised database
 * error becomes.
 */
export const overlapAsConflict: CollectionAfterErrorHook = ({ error }) => {
  if (!isBookingRefusal(error)) return
  const refusal = toBookingError(error)
  if (!(refusal instanceof ApiError)) return
  const item = { message: refusal.message, data: { code: refusal.code } }
  return { status: refusal.status, response: stockErrorBody(refusal.status, { errors: [item] }) }
}
