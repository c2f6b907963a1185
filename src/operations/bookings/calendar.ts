// A booking as an iCalendar event (docs/api.md "Bookable times, calendar files and reminders"):
// the file `GET /api/bookings/:id/calendar.ics` serves, and the invitation the confirmation mail
// carries (METHOD:REQUEST) and the cancellation mail withdraws (METHOD:CANCEL). One UID per
// booking, for good, so a calendar that imported the invitation updates or removes that same
// event; SEQUENCE follows the status (pending 0, confirmed 1, every later state 2), so a
// cancellation always outranks the invitation it withdraws. Times are floating: the server's
// wall clock, no time zone.
import type { PayloadRequest } from 'payload'

import { isUuid } from '../../../domain/ids'
import { isAdminUser } from '../../../domain/permissions'
import { notFound } from '../../lib/http/errors'
import { calendar, floating, type Property, text, utc } from '../../lib/icalendar'
import { runIn, statement } from '../../lib/prepared'
import { settings } from '../../lib/settings'
import { addDays, clockTime, minuteOfDay } from '../../lib/wall-clock'

export interface CalendarBooking {
  id: string
  bookingDate: string
  bookingTime: string
  durationMinutes: number | null
  status: string
  serviceTitle: string
  customerEmail: string | null
  /** How often it was moved (absent: never). */
  rescheduleCount?: number
}

export type CalendarMethod = 'REQUEST' | 'CANCEL'

const SEQUENCE: Record<string, number> = { pending: 0, confirmed: 1 }
const CANCELLED = new Set(['cancelled_by_customer', 'cancelled_by_provider'])

/** VEVENT STATUS (RFC 5545 §3.8.1.11): pending is tentative; completed and no-show were confirmed. */
export const eventStatusOf = (status: string): string =>
  status === 'pending' ? 'TENTATIVE' : CANCELLED.has(status) ? 'CANCELLED' : 'CONFIRMED'

/**
 * Each move starts a generation of three above the last (the status's 0, 1 or 2 within it), so an
 * invitation to the new time outranks everything sent about the old one.
 */
export const sequenceOf = (status: string, rescheduleCount = 0): number => (SEQUENCE[status] ?? 2) + 3 * rescheduleCount

/** `booking-<id>@<host of PUBLIC_URL>`: globally unique and the same every time (RFC 5545 §3.8.4.7). */
export const eventUid = (bookingId: string): string => `booking-${bookingId}@${new URL(settings().publicUrl).hostname}`

/** The address of MAIL_FROM (`Name <address>` or a bare address). */
const organizerAddress = (): string =>
  /<([^>]+)>\s*$/.exec(settings().mail.from)?.[1]?.trim() ?? settings().mail.from.trim()

/** The end on the wall clock: the date moves on when the duration crosses midnight. */
function endOf(booking: CalendarBooking): string | null {
  if (!booking.durationMinutes) return null
  const end = minuteOfDay(booking.bookingTime) + booking.durationMinutes
  return floating(addDays(booking.bookingDate, Math.floor(end / 1440)), clockTime(end))
}

/** The booking's VCALENDAR text; `method` makes it an iTIP message (RFC 5546) for a mail. */
export function bookingCalendar(booking: CalendarBooking, method?: CalendarMethod, now = new Date()): string {
  const end = endOf(booking)
  const status = method === 'CANCEL' ? 'CANCELLED' : eventStatusOf(booking.status)
  const event: Property[] = [
    ['UID', text(eventUid(booking.id))],
    ['DTSTAMP', utc(now)],
    ['DTSTART', floating(booking.bookingDate, booking.bookingTime)],
    // Without a duration the booking holds its start only: no DTEND, an event of no length (§3.6.1).
    ...(end ? ([['DTEND', end]] as Property[]) : []),
    ['SEQUENCE', String(sequenceOf(booking.status, booking.rescheduleCount))],
    ['STATUS', status],
    ['SUMMARY', text(booking.serviceTitle)],
    ['TRANSP', status === 'CANCELLED' ? 'TRANSPARENT' : 'OPAQUE'],
  ]
  // iTIP needs the organizer, and the attendee the message is for (RFC 5546 §3.2.2, §3.2.5).
  if (method) {
    event.push(['ORGANIZER', `mailto:${organizerAddress()}`])
    if (booking.customerEmail) event.push(['ATTENDEE;ROLE=REQ-PARTICIPANT', `mailto:${booking.customerEmail}`])
  }
  return calendar({ method, event })
}

interface Row {
  id: string
  booking_date: string
  booking_time: string
  duration_minutes: string | null
  status: string
  customer_id: string | null
  provider_id: string | null
  service_title: string | null
  customer_email: string | null
  reschedule_count: string | null
}

// The booking, its service's title (as mails name it) and its customer's address, in one read.
const BOOKING_CALENDAR = statement(
  'booking-calendar',
  `SELECT b.id, b.booking_date, b.booking_time, b.duration_minutes, b.status, b.customer_id, b.provider_id,
     b.reschedule_count, coalesce(nullif(s.title, ''), s.slug) AS service_title, c.email AS customer_email
   FROM bookings b LEFT JOIN service_listings s ON s.id = b.service_id LEFT JOIN users c ON c.id = b.customer_id
   WHERE b.id = $1`,
)

export const calendarBookingOf = (row: Row): CalendarBooking => ({
  id: String(row.id),
  bookingDate: row.booking_date,
  bookingTime: row.booking_time,
  durationMinutes: row.duration_minutes === null ? null : Number(row.duration_minutes),
  status: row.status,
  serviceTitle: row.service_title ?? 'A service that no longer exists',
  customerEmail: row.customer_email,
  rescheduleCount: Number(row.reschedule_count ?? 0),
})

/** The booking's .ics for its customer, its provider or an admin; 404 for anyone else (nothing to learn about it). */
export async function bookingCalendarFile(
  req: PayloadRequest,
  bookingId: string,
): Promise<{ filename: string; text: string }> {
  if (!isUuid(bookingId) || !req.user) throw notFound('Booking not found')
  const { rows } = await runIn<Row>(req, BOOKING_CALENDAR, [bookingId])
  const row = rows[0]
  const userId = String(req.user.id)
  if (!row || !(isAdminUser(req) || row.customer_id === userId || row.provider_id === userId))
    throw notFound('Booking not found')
  return { filename: `booking-${row.id}.ics`, text: bookingCalendar(calendarBookingOf(row)) }
}
