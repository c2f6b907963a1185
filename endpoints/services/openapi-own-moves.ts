// The OpenAPI description of a booking's own moves, POST /api/bookings/:id/cancel and …/reschedule
// (docs/api.md "Cancel and reschedule a booking").
import { z } from 'zod'
import type { ZodOpenApiPathsObject } from 'zod-openapi'

import { rescheduleBody } from '../../collections/Bookings/endpoints/own-moves'
import { BOOKING_STATUSES } from '../../domain/bookings'
import { errorResponses, generalError, id, json, payloadErrors, SESSION, timestamp } from '../../src/lib/openapi/common'
import { cancelBody } from '../../src/operations/bookings/own-moves'

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
    participants: z.int().optional(),
    providerResponse: z.string().nullable().optional(),
    cancelledAt: timestamp.nullable().optional().meta({ description: 'When its customer cancelled it' }),
    cancellationReason: z
      .string()
      .nullable()
      .optional()
      .meta({ description: 'The reason its customer gave (null: none)' }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'CustomerBooking' })

// The shell checks Payload's list parameters on every route under a collection's slug, in Payload's shape.
const queryProblem = (errors: ReturnType<typeof errorResponses>) => ({
  ...errors,
  '400': json(
    `${(errors['400'] as { description: string }).description}; or \`limit\`, \`page\` or \`depth\` given twice or ` +
      'not a whole number (Payload’s error shape, as on every route under /api/bookings)',
    z.union([generalError, payloadErrors]),
  ),
})

const ownBookingParams = {
  path: z.object({ id: z.uuid().meta({ description: 'The booking’s UUID (anything else: 404)' }) }),
}

export const ownMovePaths: ZodOpenApiPathsObject = {
  '/api/bookings/{id}/cancel': {
    post: {
      tags: ['Bookings'],
      summary: 'Cancel your own booking (its customer only)',
      description:
        'From `pending` or `confirmed`, while the start is at least the service’s `cancellationHours` ahead (none ' +
        'or 0: until the start). The provider is notified, the webhook `booking.cancelled` says `cancelledBy: ' +
        '"customer"`, the customer’s mail withdraws the calendar event (`METHOD:CANCEL`, same `UID`, higher ' +
        '`SEQUENCE`); the place is free at once.',
      security: SESSION,
      requestParams: ownBookingParams,
      requestBody: { content: { 'application/json': { schema: cancelBody } } },
      responses: {
        '200': json(
          'Cancelled: `cancelled_by_customer`, with `cancelledAt` and `cancellationReason`',
          z.object({ booking: customerBooking }),
        ),
        ...queryProblem(
          errorResponses(
            'general',
            {
              400:
                '`invalid_body`, `invalid_request` (with `issues`): `reason` not a string or over 500 characters, an ' +
                'unknown field',
              401: '`unauthorized`: no session',
              404:
                '`not_found`: no such booking, or the caller is not its customer (providers and admins cancel ' +
                'with the admin API)',
              409:
                '`invalid_transition`: not `pending` or `confirmed`; `cancellation_window_closed`: inside ' +
                '`cancellationHours` of the start, or past it (the message names the last moment it was possible)',
            },
            { write: true },
          ),
        ),
      },
    },
  },
  '/api/bookings/{id}/reschedule': {
    post: {
      tags: ['Bookings'],
      summary: 'Move a booking to another start (its customer, its provider, admins)',
      description:
        'Checks in order: 401, 404, 400 body, 409 `invalid_transition`, 409 `cancellation_window_closed` (the ' +
        'customer: the cancel window on the current start; provider and admin: until the start), then the new ' +
        'start’s checks of the public booking from `booking_in_past` on, judged without the booking’s own place. ' +
        'The same start as now: 200, nothing changed. `totalPrice` and the duration stay; a customer’s move of a ' +
        '`confirmed` booking makes it `pending`. Webhook `booking.rescheduled` with `data.previous`; the customer’s ' +
        'mail carries the event again (`METHOD:REQUEST`, same `UID`, higher `SEQUENCE`, the new times); the ' +
        'reminder follows the new start. `holdId` is accepted and not used yet.',
      security: SESSION,
      requestParams: ownBookingParams,
      requestBody: { content: { 'application/json': { schema: rescheduleBody } } },
      responses: {
        '200': json(
          'Moved (or already at that start): the same `id` with the new `bookingDate`, `bookingTime`, `endTime`',
          z.object({ booking: customerBooking }),
        ),
        ...queryProblem(
          errorResponses(
            'general',
            {
              400:
                '`invalid_body`, `invalid_request` (with `issues`; also a `holdId` that is not your live hold of ' +
                'the new start), or a rule of the new start: `booking_in_past`, ' +
                '`booking_too_soon`, `slot_unavailable`',
              401: '`unauthorized`: no session',
              404: '`not_found`: no such booking, or the caller is not its customer, its provider or an admin',
              409:
                '`invalid_transition`: not `pending` or `confirmed`; `cancellation_window_closed`; `day_full`: the ' +
                'new date is at `maxBookingsPerDay`; `slot_full`: the new start has fewer seats left than the ' +
                'booking’s participants; `booking_conflict`: the new span overlaps another pending or confirmed ' +
                'booking or another member’s live hold',
            },
            { write: true },
          ),
        ),
      },
    },
  },
}
