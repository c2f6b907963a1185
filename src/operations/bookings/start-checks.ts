import type { PayloadRequest } from 'payload'

import { apiError, forbidden, notFound } from '../../lib/http/errors'
import { nowWallClockMinute, type Schedule, scheduleOf } from '../../lib/wall-clock'
import { inSomeSlot, timingMessage, timingRefusal } from './booking-rules'
import { type BookerBlock, type ServiceTerms, serviceTermsAndSlots } from './service-terms'

/** A start a member asks for: a booking's, a hold's or a waitlist entry's. */
export interface WantedStart {
  serviceId: string
  bookingDate: string
  bookingTime: string
}

/**
 * The checks of a start before its place is judged, in the order of docs/api.md "POST /api/services/bookings",
 * shared by the booking, the hold and the waitlist: 404 for no service (or its provider gone), 403 for a member the
 * provider blocks, 400 `service_not_active`, `booking_in_past` / `booking_too_soon`, `slot_unavailable`. One read.
 */
export async function checkStart(
  req: PayloadRequest,
  customerId: string,
  start: WantedStart,
): Promise<{ service: ServiceTerms; schedule: Schedule; block: BookerBlock }> {
  const {
    terms: service,
    openSlots,
    block,
  } = await serviceTermsAndSlots(req, start.serviceId, start.bookingDate, customerId)
  if (!service || !service.providerId) throw notFound('Service not found')
  // A block made between this read and the write lets that one request through.
  if (block.blocks) throw forbidden('You cannot book this service')
  if (service.status !== 'active') throw apiError('service_not_active')
  const schedule = scheduleOf(start.bookingDate, start.bookingTime, service.durationMinutes)
  const refusal = timingRefusal(schedule.startMinute, nowWallClockMinute(), service)
  if (refusal) throw apiError(refusal, timingMessage(refusal, service))
  if (!inSomeSlot(openSlots, start.bookingTime, service.durationMinutes)) throw apiError('slot_unavailable')
  return { service, schedule, block }
}
