// The public booking's write in one statement, `community_create_booking` (built in booking-function.ts from
// the statements the other doors prepare; docs/decisions.md "The public booking is one statement"): one round
// trip, with plans PostgreSQL keeps even behind PgBouncer; tests/int/bookings-doors.test.ts checks every door
// writes the same records.
import { randomUUID } from 'node:crypto'

import type { PayloadRequest } from 'payload'

import { auditRow } from '../../../hooks/shared/audit'
import { outboxEvent, wakeAfterCommit } from '../../../hooks/shared/webhookEvents'
import { wakeMailAfterCommit } from '../../lib/mail-queue/queue-mail'
import { runIn, statement } from '../../lib/prepared'
import { scheduleOf } from '../../lib/wall-clock'
import { noticeMailRow } from '../notifications/notice-mail'
import { notificationRow } from '../notifications/notify'
import { bookingCreatedRecords } from './booking-created'
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
  participants: number
  providerResponse: null
  reminderQueuedAt: null
  cancelledAt: null
  cancellationReason: null
  rescheduleCount: 0
  startMinute: number
  endMinute: number
  bufferBeforeMinutes: number
  bufferAfterMinutes: number
  createdAt: string
  updatedAt: string
}

const CREATE_BOOKING = statement('booking-create', 'SELECT community_create_booking($1, $2, $3, $4, $5) AS deliveries')

export interface NewBooking {
  customerId: string
  bookingDate: string
  bookingTime: string
  customerMessage: string | null
  participants: number
}

/** What a booking takes from its service when it is made or moved to another one, whichever door it came by. */
export function termsFromService(service: ServiceTerms) {
  return {
    provider: service.providerId,
    durationMinutes: service.durationMinutes,
    totalPrice: totalPriceOf(service),
    currency: service.currency,
    bufferBeforeMinutes: service.bufferBeforeMinutes,
    bufferAfterMinutes: service.bufferAfterMinutes,
  }
}

/** The new booking's document: the service's terms (`termsFromService`), the range from the date, time and duration. */
export function newBookingDoc(service: ServiceTerms, booking: NewBooking, now = new Date()): BookingDoc {
  const terms = termsFromService(service)
  const { startMinute, endMinute, endTime } = scheduleOf(
    booking.bookingDate,
    booking.bookingTime,
    service.durationMinutes,
  )
  const at = now.toISOString()
  return {
    id: randomUUID(),
    service: service.id,
    provider: terms.provider,
    customer: booking.customerId,
    bookingDate: booking.bookingDate,
    bookingTime: booking.bookingTime,
    endTime,
    durationMinutes: terms.durationMinutes,
    totalPrice: terms.totalPrice === null ? null : terms.totalPrice * booking.participants,
    currency: terms.currency,
    status: 'pending',
    customerMessage: booking.customerMessage,
    participants: booking.participants,
    providerResponse: null,
    reminderQueuedAt: null,
    cancelledAt: null,
    cancellationReason: null,
    rescheduleCount: 0,
    startMinute,
    endMinute,
    bufferBeforeMinutes: terms.bufferBeforeMinutes,
    bufferAfterMinutes: terms.bufferAfterMinutes,
    createdAt: at,
    updatedAt: at,
  }
}

/**
 * The bookings row of `doc`, column by column; `status` the enum's 'pending', both timestamps the clock's, as Payload
 * sets them.
 */
function bookingRow(doc: BookingDoc) {
  return {
    id: doc.id,
    service_id: doc.service,
    provider_id: doc.provider,
    customer_id: doc.customer,
    booking_date: doc.bookingDate,
    booking_time: doc.bookingTime,
    end_time: doc.endTime,
    duration_minutes: doc.durationMinutes,
    total_price: doc.totalPrice,
    currency: doc.currency,
    status: doc.status,
    customer_message: doc.customerMessage,
    start_minute: doc.startMinute,
    end_minute: doc.endMinute,
    buffer_before_minutes: doc.bufferBeforeMinutes,
    buffer_after_minutes: doc.bufferAfterMinutes,
    updated_at: doc.updatedAt,
    created_at: doc.createdAt,
    participants: doc.participants,
    // The booking rule's trigger sets the seats from the service row it locks.
    seats_per_slot: 1,
  }
}

/**
 * Writes `doc` with its records in one statement (atomic on its own; in the request's transaction
 * when one is open). A place that does not fit is the booking rule's error at the insert (errors.ts
 * maps it to its 4xx). The mail runner and the webhook worker are woken once it has committed.
 */
export async function insertBooking(
  req: PayloadRequest,
  doc: BookingDoc,
  options: { withoutNotice?: boolean } = {},
): Promise<void> {
  const records = await bookingCreatedRecords(req, doc)
  if (options.withoutNotice) records.notice = null
  const { rows } = await runIn<{ deliveries: number }>(req, CREATE_BOOKING, [
    bookingRow(doc),
    auditRow(req, records.audit),
    records.notice ? notificationRow(records.notice) : null,
    records.mail ? noticeMailRow(req, records.mail) : null,
    outboxEvent(records.event.name, records.event.record, records.event.data),
  ])
  if (records.mail) wakeMailAfterCommit(req)
  if (rows[0]!.deliveries > 0) wakeAfterCommit(req)
}
