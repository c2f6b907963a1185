// Public booking (SPEC "Public booking", API-CONTRACT §4): the checks in their documented
// order, then one insert. The last check, "no overlapping pending or confirmed booking", is
// the insert itself: PostgreSQL's exclusion constraint refuses an overlap atomically, so of
// N simultaneous requests for one slot exactly one succeeds and the others get 409.
// Audit `booking.create` and the provider's notification come from the collection's hook,
// in the same transaction.
import type { PayloadRequest } from 'payload'

import { ApiError, notFound } from '../../lib/http/errors'
import { bookingTransaction } from './errors'
import { presentBooking, type BookingRecord } from './present'
import { nowWallClockMinute, scheduleOf } from '../../lib/wall-clock'
import { serviceTermsAndSlot, type ServiceTerms } from './service-terms'

export interface BookingInput {
  serviceId: string
  bookingDate: string
  bookingTime: string
  customerMessage?: string | null
}

function checkTiming(service: ServiceTerms, input: BookingInput): void {
  const { startMinute } = scheduleOf(input.bookingDate, input.bookingTime, service.durationMinutes)
  const now = nowWallClockMinute()
  if (startMinute < now) throw new ApiError(400, 'booking_in_past', 'The booking date and time are in the past')
  const advanceHours = service.bookingAdvanceHours ?? 0
  if (startMinute < now + advanceHours * 60) {
    throw new ApiError(400, 'booking_too_soon', `This service must be booked at least ${advanceHours} hour${advanceHours === 1 ? '' : 's'} in advance`)
  }
}

export async function createBooking(req: PayloadRequest, customerId: string, input: BookingInput): Promise<{ booking: BookingRecord }> {
  // One round trip reads the service and whether the time fits a slot; judged in order below.
  const { terms: service, inSlot } = await serviceTermsAndSlot(req, input.serviceId, input.bookingDate, input.bookingTime)
  // A service whose provider account is gone (the reference emptied) cannot be booked either.
  if (!service || !service.providerId) throw notFound('Service not found')
  if (service.status !== 'active') throw new ApiError(400, 'service_not_active', 'This service is not available for booking')
  checkTiming(service, input)
  // A slot of the booking's weekday, available, with `startTime ≤ bookingTime < endTime` and,
  // when the service has a duration, the whole duration inside it (src/operations/bookings/service-terms.ts).
  if (!inSlot) {
    throw new ApiError(400, 'slot_unavailable', 'The time is not inside an available slot of the service for that day')
  }
  return bookingTransaction(req, async () => {
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
