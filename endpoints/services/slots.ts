// GET /api/services/:id/slots?from=YYYY-MM-DD&to=YYYY-MM-DD → {serviceId, durationMinutes, slots: {"YYYY-MM-DD":
// ["HH:MM", …]}} Public (docs/api.md "Bookable times, calendar files and reminders"). 400 invalid_request
// for a missing or unreal date or `from` after `to`, 400 range_too_long past 62 dates, then
// 404 not_found for an id that names no active service (a non-UUID one included). Counted
// by the global rate limit like any request. The shell answers it without Payload's request setup.
import { z } from 'zod'

import { defineRoute } from '../../src/lib/http/endpoint'
import { json } from '../../src/lib/http/respond'
import { errorResponses, id, json as jsonAnswer } from '../../src/lib/openapi/common'
import { slotsAnswer, slotsQuery } from '../../src/operations/bookings/slots-read'

export const publicSlotsEndpoints = [
  ...defineRoute({
    path: '/services/:id/slots',
    methods: 'get',
    query: slotsQuery,
    handler: async (req) => json(await slotsAnswer(req.payload, String(req.routeParams?.id ?? ''), req.searchParams)),
    shell: { answer: ({ payload, params, searchParams }) => slotsAnswer(payload, params.id ?? '', searchParams) },
    doc: () => ({
      tags: ['Bookings'],
      summary: 'Bookable start times of a service, per date (public)',
      description:
        'Every date from `from` to `to` (both included, at most 62) is a key; its times are those a public booking made now, alone, would accept: each window open on the date (its weekly slots, or its opening exceptions, minus its closing exceptions) start plus multiples of the service’s duration (60 minutes without one), inside a window, not past, not sooner than `bookingAdvanceHours`, its span widened by the buffers overlapping no pending or confirmed booking’s; nothing on a date at its `maxBookingsPerDay`. Times are the server’s wall clock (no time zones).',
      requestParams: {
        path: z.object({ id: z.string().meta({ description: 'The service’s UUID (anything else: 404)' }) }),
        // The query as a client writes it: the declared schema's refinements are not OpenAPI's.
        query: z.object({
          from: z.string().meta({ description: 'First date, YYYY-MM-DD', example: '2026-12-07' }),
          to: z
            .string()
            .meta({ description: 'Last date, YYYY-MM-DD (from ≤ to; at most 62 dates in all)', example: '2026-12-13' }),
        }),
      },
      responses: {
        '200': jsonAnswer(
          'The bookable times, every date of the range a key',
          z.object({
            serviceId: id,
            durationMinutes: z
              .int()
              .meta({ description: 'The service’s duration, 60 when it has none: the grid step' }),
            slots: z
              .record(z.iso.date(), z.array(z.string().regex(/^\d{2}:\d{2}$/)))
              .meta({ example: { '2026-12-07': ['09:00', '10:00'], '2026-12-08': [] } }),
            seatsLeft: z
              .record(z.iso.date(), z.record(z.string(), z.int()))
              .optional()
              .meta({
                description: 'Only for a service with more than one seat: the seats left at each listed start',
                example: { '2026-12-07': { '09:00': 12, '10:00': 3 }, '2026-12-08': {} },
              }),
          }),
        ),
        ...errorResponses('general', {
          400: '`invalid_request` (with `issues`): `from` or `to` missing or not a real date, or `from` after `to`; `range_too_long`: more than 62 dates',
          404: '`not_found`: no active service with that id (a non-UUID id, a draft, suspended, archived or deleted service)',
        }),
      },
    }),
  }),
]
