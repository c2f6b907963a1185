// GET /api/services/:id/slots?from=YYYY-MM-DD&to=YYYY-MM-DD → {serviceId, durationMinutes, slots: {"YYYY-MM-DD":
// ["HH:MM", …]}} Public (docs/api.md "Bookable times, calendar files and reminders"). 400 invalid_request
// for a missing or unreal date or `from` after `to`, 400 range_too_long past 62 dates, then
// 404 not_found for an id that names no active service (a non-UUID one included). Counted
// by the global rate limit like any request. The shell answers it without Payload's request setup.
import { defineRoute } from '../../src/lib/http/endpoint'
import { json } from '../../src/lib/http/respond'
import { slotsAnswer, slotsQuery } from '../../src/operations/bookings/slots-read'

export const publicSlotsEndpoints = [
  ...defineRoute({
    path: '/services/:id/slots',
    methods: 'get',
    query: slotsQuery,
    handler: async (req) => json(await slotsAnswer(req.payload, String(req.routeParams?.id ?? ''), req.searchParams)),
    shell: { answer: ({ payload, params, searchParams }) => slotsAnswer(payload, params.id ?? '', searchParams) },
  }),
]
