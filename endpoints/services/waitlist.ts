// POST /api/services/waitlist {serviceId, bookingDate, bookingTime, participants?} → 201 {entry}; GET
// /api/services/waitlist → {entries}; DELETE /api/services/waitlist/:id → {success: true}. Signed in; checks in
// the order of docs/api.md "Waitlist".
import { parseInput, readJson } from '../../src/lib/http/body'
import { defineRoute } from '../../src/lib/http/endpoint'
import { requireUser } from '../../src/lib/http/guards'
import { json } from '../../src/lib/http/respond'
import { familyDoc } from '../../src/lib/openapi/routes'
import { joinWaitlist, leaveWaitlist, listWaitlist } from '../../src/operations/bookings/waitlist'
import { holdBody } from './holds'

export const WAITLIST_PATH = '/services/waitlist'

/** The same fields as a hold's: the start waited for and its party. */
export const waitlistBody = holdBody

export const waitlistEndpoints = [
  ...defineRoute({
    path: WAITLIST_PATH,
    methods: 'post',
    body: waitlistBody,
    handler: async (req) => {
      const user = requireUser(req)
      const input = parseInput(waitlistBody, await readJson(req))
      return json(await joinWaitlist(req, String(user.id), input), 201)
    },
    doc: familyDoc('waitlistDocs', 'servicesWaitlist'),
  }),
  ...defineRoute({
    path: WAITLIST_PATH,
    methods: 'get',
    handler: async (req) => json(await listWaitlist(req, String(requireUser(req).id))),
    doc: familyDoc('waitlistDocs', 'servicesWaitlist'),
  }),
  ...defineRoute({
    path: `${WAITLIST_PATH}/:id`,
    methods: 'delete',
    handler: async (req) =>
      json(await leaveWaitlist(req, String(requireUser(req).id), String(req.routeParams?.id ?? ''))),
    doc: familyDoc('waitlistDocs', 'servicesWaitlistId'),
  }),
]
