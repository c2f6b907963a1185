// POST /api/services/holds {serviceId, bookingDate, bookingTime, participants?} → 201 {hold} (200: the same
// member's live hold of that start); GET /api/services/holds → {holds}; DELETE /api/services/holds/:id →
// {success: true}. Signed in; checks in the order of docs/api.md "Holds".
import { z } from 'zod'

import { parseInput, readJson } from '../../src/lib/http/body'
import { defineEndpoint, defineRoute } from '../../src/lib/http/endpoint'
import { requireUser } from '../../src/lib/http/guards'
import { json } from '../../src/lib/http/respond'
import { bookingDate, bookingTime } from '../../src/lib/http/wall-clock-fields'
import { errorResponses, json as jsonAnswer, SESSION } from '../../src/lib/openapi/common'
import { createHold, listHolds, releaseHold } from '../../src/operations/bookings/holds'
import { uuid } from '../admin/services/actions'
import { participants } from './bookings'
import { holdRecord } from './openapi-holds'

export const HOLDS_PATH = '/services/holds'

export const holdBody = z.object({ serviceId: uuid('serviceId'), bookingDate, bookingTime, participants }).strict()

export const holdEndpoints = [
  ...defineRoute({
    path: HOLDS_PATH,
    methods: 'post',
    body: holdBody,
    handler: async (req) => {
      const user = requireUser(req)
      const input = parseInput(holdBody, await readJson(req))
      const { status, hold } = await createHold(req, String(user.id), input)
      return json({ hold }, status)
    },
    doc: () => ({
      tags: ['Bookings'],
      summary: 'Hold a start while you finish booking (any signed-in user)',
      description:
        'The public booking’s checks in their order; then, under the service’s lock, your own live hold of the same ' +
        'start (200, unchanged), at most three live holds, the daily cap and the overlap. While it lasts the hold ' +
        'counts as a pending booking for every other member (their bookings, holds and moves meet 409, the slots ' +
        'leave it out); your own booking or move to that start takes its place.',
      security: SESSION,
      responses: {
        '200': jsonAnswer(
          'You already hold this start: the same hold, `expiresAt` unchanged',
          z.object({ hold: holdRecord }),
        ),
        '201': jsonAnswer('Held', z.object({ hold: holdRecord })),
        ...errorResponses(
          'general',
          {
            400:
              '`invalid_body`, `invalid_request` (with `issues`; also `participants` above the service’s ' +
              '`maxParticipants`), or a booking rule: `service_not_active`, `booking_in_past`, `booking_too_soon`, ' +
              '`slot_unavailable`',
            401: '`unauthorized`: no session',
            403: '`forbidden`: the service’s provider blocks you',
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
    }),
  }),
  ...defineEndpoint(
    HOLDS_PATH,
    'get',
    async (req) => json(await listHolds(req, String(requireUser(req).id))),
    () => ({
      tags: ['Bookings'],
      summary: 'Your live holds, soonest start first',
      security: SESSION,
      responses: {
        '200': jsonAnswer('Your live holds', z.object({ holds: z.array(holdRecord) })),
        ...errorResponses('general', { 401: '`unauthorized`: no session' }),
      },
    }),
  ),
  ...defineEndpoint(
    `${HOLDS_PATH}/:id`,
    'delete',
    async (req) => json(await releaseHold(req, String(requireUser(req).id), String(req.routeParams?.id ?? ''))),
    () => ({
      tags: ['Bookings'],
      summary: 'Let go of your hold: the start is free at once',
      security: SESSION,
      requestParams: { path: z.object({ id: z.string().meta({ description: 'The hold’s UUID' }) }) },
      responses: {
        '200': jsonAnswer('Released', z.object({ success: z.literal(true) })),
        ...errorResponses('general', {
          401: '`unauthorized`: no session',
          404: '`not_found`: no such hold, or another member’s',
        }),
      },
    }),
  ),
]
