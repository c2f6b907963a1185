// The OpenAPI description of POST /api/services/bookings (docs/api.md "Bookings"), and the
// booking record it answers with (the admin representation extends it).
import { z } from 'zod'
import type { ZodOpenApiPathsObject } from 'zod-openapi'

import { BOOKING_STATUSES } from '../../domain/bookings'
import { errorResponses, id, json, payloadErrors, SESSION, timestamp } from '../../src/lib/openapi/common'
import { publicBookingBody } from './bookings'
import { holdPaths } from './openapi-holds'
import { ownMovePaths } from './openapi-own-moves'
import { waitlistPaths } from './openapi-waitlist'

export const bookingRecord = z
  .object({
    id,
    serviceId: id.nullable(),
    providerId: id.nullable(),
    customerId: id.nullable(),
    bookingDate: z.iso.date(),
    bookingTime: z.string().meta({ example: '14:00' }),
    endTime: z.string().nullable().meta({ description: '`bookingTime` + `durationMinutes`; null without a duration' }),
    durationMinutes: z.int().nullable(),
    totalPrice: z.int().nullable().meta({ description: 'In the currency’s minor units (EUR 2550 = 25.50)' }),
    currency: z.string().nullable(),
    status: z.enum(BOOKING_STATUSES),
    customerMessage: z.string().nullable(),
    participants: z.int().meta({ description: 'People the booking brings: the seats it takes' }),
    createdAt: timestamp.nullable(),
  })
  .meta({ id: 'Booking' })

export const publicBookingPaths: ZodOpenApiPathsObject = {
  ...ownMovePaths,
  ...holdPaths,
  ...waitlistPaths,
  '/api/services/bookings': {
    post: {
      tags: ['Bookings'],
      summary: 'Book a service (any signed-in user)',
      security: SESSION,
      requestBody: { content: { 'application/json': { schema: publicBookingBody } } },
      responses: {
        '201': json('Booked, `pending`; the provider is notified', z.object({ booking: bookingRecord })),
        ...errorResponses(
          'general',
          {
            400: '`invalid_body`, `invalid_request` (with `issues`; also a `holdId` that is not your live hold of this start, or `participants` above the service’s `maxParticipants`), or a booking rule: `service_not_active`, `booking_in_past`, `booking_too_soon`, `slot_unavailable` (also a closed date or window; see docs/api.md)',
            401: '`unauthorized`: no session',
            404: '`not_found`: no such service',
            409: '`booking_conflict`: a pending or confirmed booking or another member’s live hold of the service overlaps (spans widened by the service’s buffers; with seats, those of the same start share it); `slot_full`: the start’s participants would pass `seatsPerSlot`; `day_full`: the date holds `maxBookingsPerDay` pending or confirmed bookings and other members’ live holds',
          },
          { write: true },
        ),
      },
    },
  },
  '/api/services/{id}/slots': {
    get: {
      tags: ['Bookings'],
      summary: 'Bookable start times of a service, per date (public)',
      description:
        'Every date from `from` to `to` (both included, at most 62) is a key; its times are those a public booking made now, alone, would accept: each window open on the date (its weekly slots, or its opening exceptions, minus its closing exceptions) start plus multiples of the service’s duration (60 minutes without one), inside a window, not past, not sooner than `bookingAdvanceHours`, its span widened by the buffers overlapping no pending or confirmed booking’s; nothing on a date at its `maxBookingsPerDay`. Times are the server’s wall clock (no time zones).',
      requestParams: {
        path: z.object({ id: z.string().meta({ description: 'The service’s UUID (anything else: 404)' }) }),
        query: z.object({
          from: z.string().meta({ description: 'First date, YYYY-MM-DD', example: '2026-12-07' }),
          to: z
            .string()
            .meta({ description: 'Last date, YYYY-MM-DD (from ≤ to; at most 62 dates in all)', example: '2026-12-13' }),
        }),
      },
      responses: {
        '200': json(
          'The bookable times, every date of the range a key',
          z.object({
            serviceId: id,
            durationMinutes: z
              .int()
              .meta({ description: 'The service’s duration, 60 when it has none: the grid step' }),
            slots: z
              .record(z.iso.date(), z.array(z.string().regex(/^\d{2}:\d{2}$/)))
              .meta({ example: { '2026-12-07': ['09:00', '10:00'], '2026-12-08': [] } }),
            seatsLeft: z
              .record(z.iso.date(), z.record(z.string(), z.int()))
              .optional()
              .meta({
                description: 'Only for a service with more than one seat: the seats left at each listed start',
                example: { '2026-12-07': { '09:00': 12, '10:00': 3 }, '2026-12-08': {} },
              }),
          }),
        ),
        ...errorResponses('general', {
          400: '`invalid_request` (with `issues`): `from` or `to` missing or not a real date, or `from` after `to`; `range_too_long`: more than 62 dates',
          404: '`not_found`: no active service with that id (a non-UUID id, a draft, suspended, archived or deleted service)',
        }),
      },
    },
  },
  '/api/bookings/{id}/calendar.ics': {
    get: {
      tags: ['Bookings'],
      summary: 'The booking as an iCalendar event (its customer, its provider, admins)',
      description:
        'An RFC 5545 `VCALENDAR` with one `VEVENT`: `UID` `booking-<id>@<host of PUBLIC_URL>` (the same for good), `SEQUENCE` 0 pending, 1 confirmed, 2 after (cancelled, completed, no-show), plus 3 per reschedule, `STATUS` `TENTATIVE`, `CONFIRMED` or `CANCELLED`, `SUMMARY` the service’s title, `DTSTART`/`DTEND` floating local times (no time zone; no `DTEND` without a duration). The confirmation mail carries the same event with `METHOD:REQUEST`, the cancellation mail with `METHOD:CANCEL`.',
      security: SESSION,
      requestParams: {
        path: z.object({ id: z.uuid().meta({ description: 'The booking’s UUID (anything else: 404)' }) }),
      },
      responses: {
        '200': {
          description: 'The event, as a download (`content-disposition: attachment; filename="booking-<id>.ics"`)',
          content: {
            'text/calendar': {
              schema: z.string().meta({ example: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\n…\r\nEND:VCALENDAR\r\n' }),
            },
          },
        },
        // The shell checks Payload's list parameters on every route under a collection's slug.
        '400': json(
          '`limit`, `page` or `depth` given twice or not a whole number (Payload’s error shape, as on every route under /api/bookings)',
          payloadErrors,
        ),
        ...errorResponses('general', {
          404: '`not_found`: no such booking, or the caller is not its customer, its provider or an admin (signed out included)',
        }),
      },
    },
  },
}
