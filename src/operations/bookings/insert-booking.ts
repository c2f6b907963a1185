// The public booking's write (issue 35): one prepared INSERT of the row, and the document as
// Payload's `create` would have returned it, built here from what was written instead of read
// back. Payload's create pipeline cost more than the rest of the booking together (the profile
// in docs/performance.md): a drizzle insert built per request, a second statement reading
// the row back, every field's validate, beforeChange and afterRead hooks, for a document
// whose every field this operation already knows.
// What the collection's hooks do on create is done here or by the caller, in the same
// transaction: deriveTerms (the service's provider, duration, currency, price, buffers; the
// range the exclusion constraint compares) below; recordChange's audit, notification, mail
// and webhook event through `recordBookingCreated` (booking-created.ts), the one function the
// hook calls too. The `list_counts` triggers and the exclusion constraint are PostgreSQL's
// and fire for this INSERT as for Payload's. The field validations are the endpoint's own
// checks (zod, the service read, the signed-in customer). tests/int/bookings-public.test.ts
// compares what this writes with what the collection writes through Payload.
import { randomUUID } from 'node:crypto'

import type { PayloadRequest } from 'payload'

import { runIn, statement } from '../../lib/prepared'
import { scheduleOf } from '../../lib/wall-clock'
import { totalPriceOf } from './price'
import type { ServiceTerms } from './service-terms'

/** A booking as the collection's `create` returns it at depth 0 with overrideAccess (every field). */
export interface BookingDoc extends Record<string, unknown> {
  id: string
  service: string
  provider: string | null
  customer: string
  bookingDate: string
  bookingTime: string
  endTime: string | null
  durationMinutes: number | null
  totalPrice: number | null
  currency: string
  status: 'pending'
  customerMessage: string | null
  providerResponse: null
  reminderQueuedAt: null
  startMinute: number
  endMinute: number
  bufferBeforeMinutes: number
  bufferAfterMinutes: number
  createdAt: string
  updatedAt: string
}

// The columns of collections/Bookings; `status` is the enum's 'pending', both timestamps the
// clock's, as Payload sets them.
const INSERT_BOOKING = statement(
  'booking-insert',
  `INSERT INTO bookings (id, service_id, provider_id, customer_id, booking_date, booking_time, end_time, duration_minutes, total_price, currency,
     status, customer_message, start_minute, end_minute, buffer_before_minutes, buffer_after_minutes, updated_at, created_at)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'pending', $11, $12, $13, $14, $15, $16, $16)`,
)

export interface NewBooking {
  customerId: string
  bookingDate: string
  bookingTime: string
  customerMessage: string | null
}

/** The new booking's document: the service's terms as deriveTerms takes them, the range from the date, time and duration. */
export function newBookingDoc(service: ServiceTerms, booking: NewBooking, now = new Date()): BookingDoc {
  const { startMinute, endMinute, endTime } = scheduleOf(booking.bookingDate, booking.bookingTime, service.durationMinutes)
  const at = now.toISOString()
  return {
    id: randomUUID(),
    service: service.id,
    provider: service.providerId,
    customer: booking.customerId,
    bookingDate: booking.bookingDate,
    bookingTime: booking.bookingTime,
    endTime,
    durationMinutes: service.durationMinutes,
    totalPrice: totalPriceOf(service),
    currency: service.currency,
    status: 'pending',
    customerMessage: booking.customerMessage,
    providerResponse: null,
    reminderQueuedAt: null,
    startMinute,
    endMinute,
    bufferBeforeMinutes: service.bufferBeforeMinutes,
    bufferAfterMinutes: service.bufferAfterMinutes,
    createdAt: at,
    updatedAt: at,
  }
}

/** Writes `doc` in the request's transaction; an overlap is the exclusion constraint's error (errors.ts maps it to 409). */
export async function insertBooking(req: PayloadRequest, doc: BookingDoc): Promise<void> {
  await runIn(req, INSERT_BOOKING, [
    doc.id,
    doc.service,
    doc.provider,
    doc.customer,
    doc.bookingDate,
    doc.bookingTime,
    doc.endTime,
    doc.durationMinutes,
    doc.totalPrice,
    doc.currency,
    doc.customerMessage,
    doc.startMinute,
    doc.endMinute,
    doc.bufferBeforeMinutes,
    doc.bufferAfterMinutes,
    doc.createdAt,
  ])
}
