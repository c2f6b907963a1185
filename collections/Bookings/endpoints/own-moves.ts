// POST /api/bookings/:id/cancel and /api/bookings/:id/reschedule (docs/api.md "Cancel and reschedule a
// booking"): collection endpoints, so Payload has resolved the caller; declared before the stock `/:id`
// routes, which (one segment) never match these paths anyway.
import type { Endpoint } from 'payload'
import { z } from 'zod'

import { bookingDate, bookingTime } from '../../../endpoints/services/bookings'
import { readJson } from '../../../src/lib/http/body'
import { parseInput } from '../../../src/lib/http/body'
import { defineEndpoint } from '../../../src/lib/http/endpoint'
import { json } from '../../../src/lib/http/respond'
import { READS_OWN_BODY } from '../../../src/lib/http/stock-json-body'
import { cancelOwnBooking, rescheduleBooking } from '../../../src/operations/bookings/own-moves'

export const CANCEL_PATH = '/:id/cancel'
export const RESCHEDULE_PATH = '/:id/reschedule'

// `holdId`: the caller's hold of the new start (docs/api.md "Holds").
export const rescheduleBody = z
  .object({ bookingDate, bookingTime, holdId: z.string({ error: 'holdId must be a string' }).nullish() })
  .strict()

const ownBody = (endpoints: Endpoint[]): Endpoint[] =>
  endpoints.map((endpoint) => ({ ...endpoint, custom: { ...endpoint.custom, ...READS_OWN_BODY } }))

export const ownMoveEndpoints = ownBody([
  ...defineEndpoint(CANCEL_PATH, 'post', async (req) =>
    json(await cancelOwnBooking(req, String(req.routeParams?.id ?? ''), () => readJson(req))),
  ),
  ...defineEndpoint(RESCHEDULE_PATH, 'post', async (req) =>
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
  ),
])
