import type { CollectionBeforeChangeHook } from 'payload'

import { idOf } from '../../../domain/ids'
import { isCalendarDate, isClockTime, scheduleOf } from '../../../src/lib/wall-clock'
import { termsFromService } from '../../../src/operations/bookings/insert-booking'
import { serviceTerms } from '../../../src/operations/bookings/service-terms'

/**
 * The fields a booking takes from its service (provider, duration, currency, price) when it
 * is made or moved to another service, and the columns the no-overlap constraint compares
 * (`startMinute`, `endMinute`) with `endTime`, from the date, time and duration. Every write
 * path (public endpoint, admin panel, stock route) runs it, so none can store a booking whose
 * range disagrees with its date and time. The terms are the public booking's (`termsFromService`).
 */
export const deriveTerms: CollectionBeforeChangeHook = async ({ data, operation, originalDoc, req }) => {
  const serviceId = idOf('service' in data ? data.service : originalDoc?.service)
  const serviceChanged = operation === 'create' || ('service' in data && serviceId !== idOf(originalDoc?.service))
  if (serviceChanged && serviceId) {
    // An unknown service is reported by the field's own validation, which runs next.
    const terms = await serviceTerms(req, serviceId)
    if (terms) Object.assign(data, termsFromService(terms))
  }
  const date = 'bookingDate' in data ? data.bookingDate : originalDoc?.bookingDate
  const time = 'bookingTime' in data ? data.bookingTime : originalDoc?.bookingTime
  const duration = (data.durationMinutes !== undefined ? data.durationMinutes : originalDoc?.durationMinutes) as
    number | null | undefined
  if (isCalendarDate(date) && isClockTime(time)) Object.assign(data, scheduleOf(date, time, duration))
  return data
}
