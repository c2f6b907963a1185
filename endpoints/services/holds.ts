// POST /api/services/holds {serviceId, bookingDate, bookingTime, participants?} → 201 {hold} (200: the same
// member's live hold of that start); GET /api/services/holds → {holds}; DELETE /api/services/holds/:id →
// {success: true}. Signed in; checks in the order of docs/api.md "Holds".
import { z } from 'zod'

import { parseInput, readJson } from '../../src/lib/http/body'
import { defineEndpoint } from '../../src/lib/http/endpoint'
import { requireUser } from '../../src/lib/http/guards'
import { json } from '../../src/lib/http/respond'
import { bookingDate, bookingTime } from '../../src/lib/http/wall-clock-fields'
import { createHold, listHolds, releaseHold } from '../../src/operations/bookings/holds'
import { uuid } from '../admin/services/actions'
import { participants } from './bookings'

export const HOLDS_PATH = '/services/holds'

export const holdBody = z.object({ serviceId: uuid('serviceId'), bookingDate, bookingTime, participants }).strict()

export const holdEndpoints = [
  ...defineEndpoint(HOLDS_PATH, 'post', async (req) => {
    const user = requireUser(req)
    const input = parseInput(holdBody, await readJson(req))
    const { status, hold } = await createHold(req, String(user.id), input)
    return json({ hold }, status)
  }),
  ...defineEndpoint(HOLDS_PATH, 'get', async (req) => json(await listHolds(req, String(requireUser(req).id)))),
  ...defineEndpoint(`${HOLDS_PATH}/:id`, 'delete', async (req) =>
    json(await releaseHold(req, String(requireUser(req).id), String(req.routeParams?.id ?? ''))),
  ),
]
