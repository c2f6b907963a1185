// Public booking (SPEC "Public booking", API-CONTRACT §4 and §14): the checks in their
// documented order (a closed date or window is "not in a slot"; a date at its cap is 409
// `day_full`), then one insert. The last check, "no overlapping pending or confirmed booking", is
// the insert itself: PostgreSQL's exclusion constraint refuses an overlap atomically, so of
// N simultaneous requests for one slot exactly one succeeds and the others get 409.
// The row is written with its audit entry, notification, mail and webhook event (as
// `bookingCreatedRecords` describes them, for the collection's hook too) by one statement
// (insert-booking.ts: Payload's create pipeline was most of a booking's cost, issue 35; one
// PL/pgSQL call keeps its plans behind PgBouncer, decision 190).
import type { PayloadRequest } from 'payload'

import { apiError, notFound } from '../../lib/http/errors'
import { bookingStatement } from './errors'
import { presentBooking, type BookingRecord } from './present'
import { nowWallClockMinute } from '../../lib/wall-clock'
import { bookingRange, inSomeSlot, timingRefusal } from './booking-rules'
import { serviceTermsAndSlots } from './service-terms'
import { insertBooking, newBookingDoc } from './insert-booking'

export interface BookingInput {
  serviceId: string
  bookingDate: string
  bookingTime: string
  customerMessage?: string | null
}

const TIMING_MESSAGES = {
  booking_in_past: () => 'The booking date and time are in the past',
  booking_too_soon: (hours: number) => `This service must be booked at least ${hours} hour${hours === 1 ? '' : 's'} in advance`,
}

export async function createBooking(req: PayloadRequest, customerId: string, input: BookingInput): Promise<{ booking: BookingRecord }> {
  // One round trip reads the service and the open slots of the date's weekday; judged in
  // order below by the rules the bookable-times query lists with (booking-rules.ts).
  const { terms: service, openSlots } = await serviceTermsAndSlots(req, input.serviceId, input.bookingDate)
  // A service whose provider account is gone (the reference emptied) cannot be booked either.
  if (!service || !service.providerId) throw notFound('Service not found')
  if (service.status !== 'active') throw apiError('service_not_active')
  const refusal = timingRefusal(bookingRange(input.bookingDate, input.bookingTime, service.durationMinutes).startMinute, nowWallClockMinute(), service.bookingAdvanceHours)
  if (refusal) throw apiError(refusal, TIMING_MESSAGES[refusal](service.bookingAdvanceHours ?? 0))
  if (!inSomeSlot(openSlots, input.bookingTime, service.durationMinutes)) {
    throw apiError('slot_unavailable')
  }
  // "No overlap" (booking-rules.ts `rangesOverlap` on `occupiedRange`, buffers included) is
  // judged by PostgreSQL's exclusion constraint on the same widened range, at the insert:
  // race-proof. The write is one statement (insert-booking.ts): the service row's lock first
  // (decision 123: bookers of one service queue, so the constraint's waits cannot deadlock and
  // the cap's count cannot be overrun), the cap, the row and its records.
  return bookingStatement(req, async () => {
    // The customer has no create access to the collection: this operation is the authority.
    const doc = newBookingDoc(service, { customerId, bookingDate: input.bookingDate, bookingTime: input.bookingTime, customerMessage: input.customerMessage ?? null })
    if (!(await insertBooking(req, doc))) throw apiError('day_full')
    return { booking: presentBooking(doc) }
  })
}
