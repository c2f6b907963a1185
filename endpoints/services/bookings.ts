// POST /api/services/bookings {serviceId, bookingDate, bookingTime, customerMessage?} → 201 {booking}
// Any signed-in user (cookie or bearer). Checks in the order of docs/api.md "POST /api/services/bookings":
// 401, invalid_body, invalid_request, then the operation's 404 / 400 / 409. The shell answers it with the
// same `publicBooking` (the bridge cost a fifth of the request's CPU); Payload's handler answers alike.
import { createLocalReq, type PayloadRequest } from 'payload'
import { z } from 'zod'

import { MAX_SEATS_PER_SLOT } from '../../domain/bookings'
import { parseInput, readJson } from '../../src/lib/http/body'
import { defineRoute } from '../../src/lib/http/endpoint'
import { requireUser } from '../../src/lib/http/guards'
import { json } from '../../src/lib/http/respond'
import { bookingDate, bookingTime } from '../../src/lib/http/wall-clock-fields'
import { errorResponses, json as jsonAnswer, SESSION } from '../../src/lib/openapi/common'
import { createBooking } from '../../src/operations/bookings/create-booking'
import { uuid } from '../admin/services/actions'
import { bookingRecord } from './openapi'

export const MESSAGE_MAX = 2000

export const publicBookingBody = z
  .object({
    serviceId: uuid('serviceId'),
    bookingDate,
    bookingTime,
    customerMessage: z
      .string({ error: 'customerMessage must be a string' })
      .max(MESSAGE_MAX, `customerMessage has at most ${MESSAGE_MAX} characters`)
      .nullish(),
    holdId: z.string({ error: 'holdId must be a string' }).nullish(),
    participants: z
      .number({ error: 'participants must be a whole number' })
      .int('participants must be a whole number')
      .min(1, 'participants is at least 1')
      .max(MAX_SEATS_PER_SLOT, `participants is at most ${MAX_SEATS_PER_SLOT}`)
      .nullish(),
  })
  .strict()

/** `participants` of a booking or a hold: a whole number from 1; absent or null is 1. */
export const participants = publicBookingBody.shape.participants

export type PublicBookingBody = z.infer<typeof publicBookingBody>

/** The booking for the caller of `req`, the body read by `readBody` only once the caller is known (401 first). */
export async function publicBooking(req: PayloadRequest, readBody: () => Promise<unknown>) {
  const user = requireUser(req)
  const input = parseInput(publicBookingBody, await readBody())
  return createBooking(req, String(user.id), input)
}

export const publicBookingEndpoints = [
  ...defineRoute({
    path: '/services/bookings',
    methods: 'post',
    body: publicBookingBody,
    handler: async (req) => json(await publicBooking(req, () => readJson(req)), 201),
    shell: {
      status: 201,
      answer: async ({ payload, user, headers, readJson: readBody }) => {
        const req = await createLocalReq(
          { req: { headers, payloadAPI: 'REST' } as Partial<PayloadRequest>, user: user ?? undefined },
          payload,
        )
        return publicBooking(req, readBody)
      },
    },
    doc: () => ({
      tags: ['Bookings'],
      summary: 'Book a service (any signed-in user)',
      security: SESSION,
      responses: {
        '201': jsonAnswer('Booked, `pending`; the provider is notified', z.object({ booking: bookingRecord })),
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
    }),
  }),
]
