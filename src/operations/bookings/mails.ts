// The emails a booking sends its customer (docs/decisions.md "Booking emails": the documents name notifications
// only; mail mirrors the customer's side of them): "received" when the booking is made,
// and one at every status move (confirmed, cancelled, completed, no-show). Queued in the
// booking's transaction by the collection hook, so every path (public endpoint, admin API,
// panel, stock route) mails alike, and only what was committed is ever mailed.
// The confirmation carries the booking's calendar event as an invitation (METHOD:REQUEST),
// the cancellation withdraws that same event (METHOD:CANCEL, same UID, higher SEQUENCE).
import type { PayloadRequest } from 'payload'

import { PAST_TENSE, type StatusAction } from '../../../domain/bookings'
import { execute, sql } from '../../lib/sql'
import { type NoticeMail, queueNoticeMail } from '../notifications/notice-mail'
import { bookingCalendar, type CalendarMethod } from './calendar'
import { type BookingFacts, serviceName } from './notices'
import type { BookingRecord } from './present'

export type BookingMailEvent = 'received' | 'reschedule' | StatusAction

// A move sends the invitation again at its new time, so calendar apps move the event.
const INVITATION: Partial<Record<BookingMailEvent, CalendarMethod>> = {
  confirm: 'REQUEST',
  cancel: 'CANCEL',
  reschedule: 'REQUEST',
}

export type MailedBooking = BookingFacts &
  Pick<BookingRecord, 'durationMinutes' | 'status'> & { rescheduleCount?: number }

/** The customer's mail about `event`, or null when the booking has no customer (or the customer no address). */
export async function customerMail(
  req: PayloadRequest,
  booking: MailedBooking,
  event: BookingMailEvent,
): Promise<NoticeMail | null> {
  if (!booking.customerId) return null
  const email = await customerEmail(req, booking.customerId)
  if (!email) return null
  const service = await serviceName(req, booking.serviceId)
  const when = `${service} on ${booking.bookingDate} at ${booking.bookingTime}`
  const mail =
    event === 'received'
      ? {
          subject: `Booking received: ${service}`,
          text: `We received your booking of ${when}. It waits for the provider's confirmation; you will get an email when it is confirmed or cancelled.`,
        }
      : event === 'reschedule'
        ? { subject: `Booking rescheduled: ${service}`, text: `Your booking was moved: it is now ${when}.` }
        : {
            subject: `Booking ${PAST_TENSE[event]}: ${service}`,
            text: `Your booking of ${when} was ${PAST_TENSE[event]}.`,
          }
  const method = INVITATION[event]
  const attachments = method
    ? [
        {
          filename: 'invite.ics',
          contentType: `text/calendar; charset=utf-8; method=${method}`,
          content: bookingCalendar({ ...booking, serviceTitle: service, customerEmail: email }, method),
        },
      ]
    : undefined
  // A status move also reaches the customer's inbox (notices.ts); "received" does not, so no digest lists it.
  const recipient = { userId: String(booking.customerId), type: 'booking' as const, inInbox: event !== 'received' }
  return { to: email, ...mail, ...(attachments ? { attachments } : {}), recipient }
}

export async function mailToCustomer(
  req: PayloadRequest,
  booking: MailedBooking,
  event: BookingMailEvent,
): Promise<void> {
  const mail = await customerMail(req, booking, event)
  if (mail) await queueNoticeMail(req, mail)
}

/** The customer's address: the caller's own when they booked for themselves (no query). */
async function customerEmail(req: PayloadRequest, customerId: string): Promise<string | undefined> {
  if (req.user && String(req.user.id) === String(customerId) && typeof req.user.email === 'string')
    return req.user.email
  const [customer] = await execute(req, sql`SELECT email FROM users WHERE id = ${customerId}`)
  return customer?.email ? String(customer.email) : undefined
}
