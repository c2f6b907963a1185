// GET /api/services/:id/slots?from=YYYY-MM-DD&to=YYYY-MM-DD → {serviceId, durationMinutes, slots: {"YYYY-MM-DD": ["HH:MM", …]}}
// Public (API-CONTRACT §12). 400 invalid_request for a missing or unreal date or `from` after
// `to`, 400 range_too_long past 62 dates, then 404 not_found for an id that names no active
// service (a non-UUID one included). Counted by the global rate limit like any request.
import { z } from 'zod'

import { parseInput } from '../../src/lib/http/body'
import { defineEndpoint } from '../../src/lib/http/endpoint'
import { ApiError } from '../../src/lib/http/errors'
import { json } from '../../src/lib/http/respond'
import { bookableTimes, MAX_RANGE_DAYS } from '../../src/operations/bookings/bookable-times'
import { datesInRange, isCalendarDate } from '../../src/lib/wall-clock'

const date = (name: string) =>
  z.string({ error: `${name} is required: a date YYYY-MM-DD` }).refine(isCalendarDate, `${name} must be a real calendar date as YYYY-MM-DD`)

export const slotsQuery = z
  .object({ from: date('from'), to: date('to') })
  .refine(({ from, to }) => from <= to, { message: 'from must not be after to', path: ['to'] })

export type SlotsQuery = z.infer<typeof slotsQuery>

export const rangeTooLong = () => new ApiError(400, 'range_too_long', `A range covers at most ${MAX_RANGE_DAYS} dates (from and to included)`)

export const publicSlotsEndpoints = [
  ...defineEndpoint('/services/:id/slots', 'get', async (req) => {
    const params = req.searchParams
    const query = parseInput(slotsQuery, { from: params.get('from') ?? undefined, to: params.get('to') ?? undefined })
    if (datesInRange(query.from, query.to) > MAX_RANGE_DAYS) throw rangeTooLong()
    return json(await bookableTimes(req, String(req.routeParams?.id ?? ''), query.from, query.to))
  }),
]
