// The public booking (docs/api.md "POST /api/services/bookings"): the checks in their documented order, then
// one statement whose insert is the last check, so of simultaneous requests for one slot exactly one wins
// (docs/decisions.md "No double booking: an exclusion constraint").
import type { PayloadRequest } from 'payload'

import { apiError, forbidden, notFound } from '../../lib/http/errors'
import { nowWallClockMinute } from '../../lib/wall-clock'
import { screenFields } from '../moderation/screen'
import { bookingRange, inSomeSlot, timingMessage, timingRefusal } from './booking-rules'
import { bookingStatement } from './errors'
import { checkHoldId } from './holds'
import { insertBooking, newBookingDoc } from './insert-booking'
import { type BookingRecord, presentBooking } from './present'
import { serviceTermsAndSlots } from './service-terms'

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
  // One round trip reads the service, the open slots of the date's weekday and whether its provider blocks the
  // customer; judged in order below by the rules the bookable-times query lists with (booking-rules.ts).
  const {
    terms: service,
    openSlots,
    block,
  } = await serviceTermsAndSlots(req, input.serviceId, input.bookingDate, customerId)
  // A service whose provider account is gone (the reference emptied) cannot be booked either.
  if (!service || !service.providerId) throw notFound('Service not found')
  // A provider who blocks the customer takes no booking from them (docs/api.md "Blocking between members"); a block
  // made between this read and the insert lets that one booking through.
  if (block.blocks) throw forbidden('You cannot book this service')
  if (service.status !== 'active') throw apiError('service_not_active')
  const { startMinute } = bookingRange(input.bookingDate, input.bookingTime, service.durationMinutes)
  const refusal = timingRefusal(startMinute, nowWallClockMinute(), service)
  if (refusal) throw apiError(refusal, timingMessage(refusal, service))
  if (!inSomeSlot(openSlots, input.bookingTime, service.durationMinutes)) {
    throw apiError('slot_unavailable')
  }
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
