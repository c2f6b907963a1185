// The OpenAPI description of POST /api/services/bookings (docs/api.md "Bookings"), and the
// booking record it answers with (the admin representation extends it).
import { z } from 'zod'
import type { ZodOpenApiPathsObject } from 'zod-openapi'

import { BOOKING_STATUSES } from '../../domain/bookings'
import { errorResponses, id, json, payloadErrors, SESSION, timestamp } from '../../src/lib/openapi/common'
import { rescheduleBody } from '../../collections/Bookings/endpoints/own-moves'
import { cancelBody } from '../../src/operations/bookings/own-moves'
import { publicBookingBody } from './bookings'

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
    createdAt: timestamp.nullable(),
  })
  .meta({ id: 'Booking' })

/** A booking as `GET /api/bookings/<id>?depth=0` shows it to its customer (the stock document). */
const customerBooking = z
  .object({
    id,
    service: id.nullable(),
    provider: id.nullable(),
    customer: id.nullable(),
    bookingDate: z.iso.date(),
    bookingTime: z.string().meta({ example: '14:00' }),
    endTime: z.string().nullable().optional(),
    durationMinutes: z.number().nullable().optional(),
    totalPrice: z.number().nullable().optional(),
    currency: z.string().nullable().optional(),
    status: z.enum(BOOKING_STATUSES),
    customerMessage: z.string().nullable().optional(),
    providerResponse: z.string().nullable().optional(),
    cancelledAt: timestamp.nullable().optional().meta({ description: 'When its customer cancelled it' }),
    cancellationReason: z.string().nullable().optional().meta({ description: 'The reason its customer gave (null: none)' }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'CustomerBooking' })

const ownBookingParams = { path: z.object({ id: z.uuid().meta({ description: 'The booking’s UUID (anything else: 404)' }) }) }

export const publicBookingPaths: ZodOpenApiPathsObject = {
  '/api/bookings/{id}/cancel': {
    post: {
      tags: ['Bookings'],
      summary: 'Cancel your own booking (its customer only)',
      description:
        'From `pending` or `confirmed`, while the start is at least the service’s `cancellationHours` ahead (none or 0: until the start). The provider is notified, the webhook `booking.cancelled` says `cancelledBy: "customer"`, the customer’s mail withdraws the calendar event (`METHOD:CANCEL`, same `UID`, higher `SEQUENCE`); the place is free at once.',
      security: SESSION,
      requestParams: ownBookingParams,
      requestBody: { content: { 'application/json': { schema: cancelBody } } },
      responses: {
        '200': json('Cancelled: `cancelled_by_customer`, with `cancelledAt` and `cancellationReason`', z.object({ booking: customerBooking })),
        ...errorResponses(
          'general',
          {
            400: '`invalid_body`, `invalid_request` (with `issues`): `reason` not a string or over 500 characters, an unknown field',
            401: '`unauthorized`: no session',
            404: '`not_found`: no such booking, or the caller is not its customer (providers and admins cancel with the admin API)',
            409: '`invalid_transition`: not `pending` or `confirmed`; `cancellation_window_closed`: inside `cancellationHours` of the start, or past it (the message names the last moment it was possible)',
          },
          { write: true },
        ),
      },
    },
  },
  '/api/bookings/{id}/reschedule': {
    post: {
      tags: ['Bookings'],
      summary: 'Move a booking to another start (its customer, its provider, admins)',
      description:
        'Checks in order: 401, 404, 400 body, 409 `invalid_transition`, 409 `cancellation_window_closed` (the customer: the cancel window on the current start; provider and admin: until the start), then the new start’s checks of the public booking from `booking_in_past` on, judged without the booking’s own place. The same start as now: 200, nothing changed. `totalPrice` and the duration stay; a customer’s move of a `confirmed` booking makes it `pending`. Webhook `booking.rescheduled` with `data.previous`; the customer’s mail carries the event again (`METHOD:REQUEST`, same `UID`, higher `SEQUENCE`, the new times); the reminder follows the new start. `holdId` is accepted and not used yet.',
      security: SESSION,
      requestParams: ownBookingParams,
      requestBody: { content: { 'application/json': { schema: rescheduleBody } } },
      responses: {
        '200': json('Moved (or already at that start): the same `id` with the new `bookingDate`, `bookingTime`, `endTime`', z.object({ booking: customerBooking })),
        ...errorResponses(
          'general',
          {
            400: '`invalid_body`, `invalid_request` (with `issues`), or a rule of the new start: `booking_in_past`, `booking_too_soon`, `slot_unavailable`',
            401: '`unauthorized`: no session',
            404: '`not_found`: no such booking, or the caller is not its customer, its provider or an admin',
            409: '`invalid_transition`: not `pending` or `confirmed`; `cancellation_window_closed`; `day_full`: the new date is at `maxBookingsPerDay`; `booking_conflict`: the new span overlaps another pending or confirmed booking',
          },
          { write: true },
        ),
      },
    },
  },
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
            400: '`invalid_body`, `invalid_request` (with `issues`), or a booking rule: `service_not_active`, `booking_in_past`, `booking_too_soon`, `slot_unavailable` (also a closed date or window, API-CONTRACT §14; see docs/api.md)',
            401: '`unauthorized`: no session',
            404: '`not_found`: no such service',
            409: '`booking_conflict`: a pending or confirmed booking of the service overlaps (spans widened by the service’s buffers); `day_full`: the date holds `maxBookingsPerDay` pending or confirmed bookings',
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
          to: z.string().meta({ description: 'Last date, YYYY-MM-DD (from ≤ to; at most 62 dates in all)', example: '2026-12-13' }),
        }),
      },
      responses: {
        '200': json(
          'The bookable times, every date of the range a key',
          z.object({
            serviceId: id,
            durationMinutes: z.int().meta({ description: 'The service’s duration, 60 when it has none: the grid step' }),
            slots: z.record(z.iso.date(), z.array(z.string().regex(/^\d{2}:\d{2}$/))).meta({ example: { '2026-12-07': ['09:00', '10:00'], '2026-12-08': [] } }),
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
      requestParams: { path: z.object({ id: z.uuid().meta({ description: 'The booking’s UUID (anything else: 404)' }) }) },
      responses: {
        '200': {
          description: 'The event, as a download (`content-disposition: attachment; filename="booking-<id>.ics"`)',
          content: { 'text/calendar': { schema: z.string().meta({ example: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\n…\r\nEND:VCALENDAR\r\n' }) } },
        },
        // The shell checks Payload's list parameters on every route under a collection's slug.
        '400': json('`limit`, `page` or `depth` given twice or not a whole number (Payload’s error shape, as on every route under /api/bookings)', payloadErrors),
        ...errorResponses('general', { 404: '`not_found`: no such booking, or the caller is not its customer, its provider or an admin (signed out included)' }),
      },
    },
  },
}
