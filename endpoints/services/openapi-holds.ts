// The OpenAPI description of holds, /api/services/holds (docs/api.md "Holds").
import { z } from 'zod'
import type { ZodOpenApiPathsObject } from 'zod-openapi'

import { errorResponses, id, json, SESSION, timestamp } from '../../src/lib/openapi/common'
import { holdBody } from './holds'

export const holdRecord = z
  .object({
    id,
    serviceId: id,
    bookingDate: z.iso.date(),
    bookingTime: z.string().meta({ example: '14:00' }),
    endTime: z.string().nullable().meta({ description: '`bookingTime` + the service’s duration; null without one' }),
    participants: z.int(),
    expiresAt: timestamp.meta({
      description: 'When the hold lapses by itself (`BOOKING_HOLD_SECONDS` after it was made)',
    }),
  })
  .meta({ id: 'Hold' })

export const holdPaths: ZodOpenApiPathsObject = {
  '/api/services/holds': {
    post: {
      tags: ['Bookings'],
      summary: 'Hold a start while you finish booking (any signed-in user)',
      description:
        'The public booking’s checks in their order; then, under the service’s lock, your own live hold of the same ' +
        'start (200, unchanged), at most three live holds, the daily cap and the overlap. While it lasts the hold ' +
        'counts as a pending booking for every other member (their bookings, holds and moves meet 409, the slots ' +
        'leave it out); your own booking or move to that start takes its place.',
      security: SESSION,
      requestBody: { content: { 'application/json': { schema: holdBody } } },
      responses: {
        '200': json(
          'You already hold this start: the same hold, `expiresAt` unchanged',
          z.object({ hold: holdRecord }),
        ),
        '201': json('Held', z.object({ hold: holdRecord })),
        ...errorResponses(
          'general',
          {
            400:
              '`invalid_body`, `invalid_request` (with `issues`; also `participants` above the service’s ' +
              '`maxParticipants`), or a booking rule: `service_not_active`, `booking_in_past`, `booking_too_soon`, ' +
              '`slot_unavailable`',
            401: '`unauthorized`: no session',
            404: '`not_found`: no such service',
            409:
              '`too_many_holds`: you already hold three starts; `day_full`: the date is at `maxBookingsPerDay` ' +
              'counting other members’ live holds; `slot_full`: the start’s participants would pass ' +
              '`seatsPerSlot`; `booking_conflict`: a pending or confirmed booking or another ' +
              'member’s live hold overlaps (spans widened by the buffers)',
          },
          { write: true },
        ),
      },
    },
    get: {
      tags: ['Bookings'],
      summary: 'Your live holds, soonest start first',
      security: SESSION,
      responses: {
        '200': json('Your live holds', z.object({ holds: z.array(holdRecord) })),
        ...errorResponses('general', { 401: '`unauthorized`: no session' }),
      },
    },
  },
  '/api/services/holds/{id}': {
    delete: {
      tags: ['Bookings'],
      summary: 'Let go of your hold: the start is free at once',
      security: SESSION,
      requestParams: { path: z.object({ id: z.string().meta({ description: 'The hold’s UUID' }) }) },
      responses: {
        '200': json('Released', z.object({ success: z.literal(true) })),
        ...errorResponses('general', {
          401: '`unauthorized`: no session',
          404: '`not_found`: no such hold, or another member’s',
        }),
      },
    },
  },
}
