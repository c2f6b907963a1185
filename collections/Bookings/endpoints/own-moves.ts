// POST /api/bookings/:id/cancel and /api/bookings/:id/reschedule (docs/api.md "Cancel and reschedule a
// booking"): collection endpoints, so Payload has resolved the caller; declared before the stock `/:id`
// routes, which (one segment) never match these paths anyway.
import type { Endpoint } from 'payload'

import { readJson } from '../../../src/lib/http/body'
import { defineEndpoint } from '../../../src/lib/http/endpoint'
import { json } from '../../../src/lib/http/respond'
import { READS_OWN_BODY } from '../../../src/lib/http/stock-json-body'
import { cancelOwnBooking } from '../../../src/operations/bookings/own-moves'

export const CANCEL_PATH = '/:id/cancel'

const ownBody = (endpoints: Endpoint[]): Endpoint[] => endpoints.map((endpoint) => ({ ...endpoint, custom: READS_OWN_BODY }))

export const ownMoveEndpoints = ownBody([
  ...defineEndpoint(CANCEL_PATH, 'post', async (req) =>
    json(await cancelOwnBooking(req, String(req.routeParams?.id ?? ''), () => readJson(req))),
  ),
])
