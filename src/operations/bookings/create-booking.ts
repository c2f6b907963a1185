// The public booking (docs/api.md "POST /api/services/bookings"): the checks in their documented order, then
// one statement whose insert is the last check, so of simultaneous requests for one slot exactly one wins
// (docs/decisions.md "No double booking: an exclusion constraint").
import type { PayloadRequest } from 'payload'

import { screenFields } from '../moderation/screen'
import { bookingStatement } from './errors'
import { checkHoldId } from './holds'
import { insertBooking, newBookingDoc } from './insert-booking'
import { type BookingRecord, presentBooking } from './present'
import { checkStart } from './start-checks'

export interface BookingInput {
  serviceId: string
  bookingDate: string
  bookingTime: string
  customerMessage?: string | null
  holdId?: string | null
  participants?: number | null
}

export async function createBooking(
  req: PayloadRequest,
  customerId: string,
  asSent: BookingInput,
): Promise<{ booking: BookingRecord }> {
  const input = await screenFields(req, asSent, ['customerMessage'])
  await checkHoldId(req, customerId, input.holdId, input)
  // One round trip reads the service, its open slots and the provider's block of the customer (start-checks.ts).
  const { service, block } = await checkStart(req, customerId, input)
  // The party, the cap, the seats and "no overlap" (booking-rules.ts `rangesOverlap` on `occupiedRange`, buffers
  // included) are the booking rule's, judged at the insert under the service row's lock by the trigger every door
  // meets (booking-judge.ts): race-proof. The write is one statement (insert-booking.ts): the row and its records.
  return bookingStatement(req, async () => {
    // The customer has no create access to the collection: this operation is the authority.
    const doc = newBookingDoc(service, {
      customerId,
      bookingDate: input.bookingDate,
      bookingTime: input.bookingTime,
      customerMessage: input.customerMessage ?? null,
      participants: input.participants ?? 1,
    })
    // A staff member the provider blocks still books, but sends the provider no notification.
    await insertBooking(req, doc, { withoutNotice: block.mutes })
    return { booking: presentBooking(doc) }
  })
}
