// POST /api/bookings/:id/cancel and /api/bookings/:id/reschedule (docs/api.md "Cancel and reschedule a
// booking"): collection endpoints, so Payload has resolved the caller; declared before the stock `/:id`
// routes, which (one segment) never match these paths anyway.
import type { Endpoint } from 'payload'
import { z } from 'zod'

import { parseInput, readJson } from '../../../src/lib/http/body'
import { defineRoute } from '../../../src/lib/http/endpoint'
import { json } from '../../../src/lib/http/respond'
import { READS_OWN_BODY } from '../../../src/lib/http/stock-json-body'
import { bookingDate, bookingTime } from '../../../src/lib/http/wall-clock-fields'
import { errorResponses, json as jsonAnswer, SESSION } from '../../../src/lib/openapi/common'
import { cancelBody, cancelOwnBooking, rescheduleBooking } from '../../../src/operations/bookings/own-moves'
import { customerBooking, ownBookingParams, queryProblem } from './openapi'

export const CANCEL_PATH = '/:id/cancel'
export const RESCHEDULE_PATH = '/:id/reschedule'

// `holdId`: the caller's hold of the new start (docs/api.md "Holds").
export const rescheduleBody = z
  .object({ bookingDate, bookingTime, holdId: z.string({ error: 'holdId must be a string' }).nullish() })
  .strict()

const ownBody = (endpoints: Endpoint[]): Endpoint[] =>
  endpoints.map((endpoint) => ({ ...endpoint, custom: { ...endpoint.custom, ...READS_OWN_BODY } }))

export const ownMoveEndpoints = ownBody([
  ...defineRoute({
    path: CANCEL_PATH,
    methods: 'post',
    body: cancelBody,
    handler: async (req) => json(await cancelOwnBooking(req, String(req.routeParams?.id ?? ''), () => readJson(req))),
    doc: () => ({
      tags: ['Bookings'],
      summary: 'Cancel your own booking (its customer only)',
      description:
        'From `pending` or `confirmed`, while the start is at least the service’s `cancellationHours` ahead (none ' +
        'or 0: until the start). The provider is notified, the webhook `booking.cancelled` says `cancelledBy: ' +
        '"customer"`, the customer’s mail withdraws the calendar event (`METHOD:CANCEL`, same `UID`, higher ' +
        '`SEQUENCE`); the place is free at once.',
      security: SESSION,
      requestParams: ownBookingParams,
      responses: {
        '200': jsonAnswer(
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
    }),
  }),
  ...defineRoute({
    path: RESCHEDULE_PATH,
    methods: 'post',
    body: rescheduleBody,
    handler: async (req) =>
      json(
        await rescheduleBooking(
          req,
          String(req.routeParams?.id ?? ''),
          () => readJson(req),
          (body) => {
            const { bookingDate: date, bookingTime: time, holdId } = parseInput(rescheduleBody, body)
            return { bookingDate: date, bookingTime: time, holdId }
          },
        ),
      ),
    doc: () => ({
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
      responses: {
        '200': jsonAnswer(
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
    }),
  }),
])
