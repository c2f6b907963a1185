// Public booking (SPEC "Public booking", API-CONTRACT §4): the checks in their documented
// order, then one insert. The last check, "no overlapping pending or confirmed booking", is
// the insert itself: PostgreSQL's exclusion constraint refuses an overlap atomically, so of
// N simultaneous requests for one slot exactly one succeeds and the others get 409.
// Audit `booking.create` and the provider's notification come from the collection's hook,
// in the same transaction.
import type { PayloadRequest } from 'payload'

import { ApiError, notFound } from '../../lib/http/errors'
import { execute, sql } from '../../lib/sql'
import { bookingTransaction } from './errors'
import { presentBooking, type BookingRecord } from './present'
import { nowWallClockMinute } from '../../lib/wall-clock'
import { bookingRange, inSomeSlot, timingRefusal } from './booking-rules'
import { serviceTermsAndSlots } from './service-terms'

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

/**
 * Bookings of one service are inserted one at a time. PostgreSQL checks an exclusion
 * constraint after placing the new row's index entry, so two simultaneous inserts of
 * overlapping times could each find the other's uncommitted row and wait for it: a deadlock,
 * which PostgreSQL broke by aborting one of them (40P01, answered 500 before: issue 33).
 * Queued on the service's row first, the later insert finds the earlier one committed (23P01,
 * 409) or rolled back. The lock order of a booking is thus: the service row, the booking,
 * its counters (list_counts), the audit entry and the notification. FOR NO KEY UPDATE does
 * not conflict with the key-share locks of foreign keys to the service, nor with readers.
 */
async function lockServiceCalendar(req: PayloadRequest, serviceId: string): Promise<void> {
  await execute(req, sql`SELECT 1 FROM service_listings WHERE id = ${serviceId} FOR NO KEY UPDATE`)
}

export async function createBooking(req: PayloadRequest, customerId: string, input: BookingInput): Promise<{ booking: BookingRecord }> {
  // One round trip reads the service and the open slots of the date's weekday; judged in
  // order below by the rules the bookable-times query lists with (booking-rules.ts).
  const { terms: service, openSlots } = await serviceTermsAndSlots(req, input.serviceId, input.bookingDate)
  // A service whose provider account is gone (the reference emptied) cannot be booked either.
  if (!service || !service.providerId) throw notFound('Service not found')
  if (service.status !== 'active') throw new ApiError(400, 'service_not_active', 'This service is not available for booking')
  const refusal = timingRefusal(bookingRange(input.bookingDate, input.bookingTime, service.durationMinutes).startMinute, nowWallClockMinute(), service.bookingAdvanceHours)
  if (refusal) throw new ApiError(400, refusal, TIMING_MESSAGES[refusal](service.bookingAdvanceHours ?? 0))
  if (!inSomeSlot(openSlots, input.bookingTime, service.durationMinutes)) {
    throw new ApiError(400, 'slot_unavailable', 'The time is not inside an available slot of the service for that day')
  }
  // "No overlap" (booking-rules.ts `rangesOverlap`) is judged by PostgreSQL's exclusion
  // constraint on the same range, at the insert: race-proof.
  return bookingTransaction(req, async () => {
    await lockServiceCalendar(req, service.id)
    const doc = await req.payload.create({
      collection: 'bookings',
      data: {
        service: service.id,
        customer: customerId,
        bookingDate: input.bookingDate,
        bookingTime: input.bookingTime,
        customerMessage: input.customerMessage ?? null,
        status: 'pending',
      },
      depth: 0,
      // The customer has no create access to the collection: this operation is the authority.
      overrideAccess: true,
      req,
    })
    return { booking: presentBooking(doc as unknown as Record<string, unknown>) }
  })
}
