// GET /api/services/:id/slots answered by the shell (docs/decisions.md "Hot signed-in reads
// answered by the shell"), as the profile family's hot reads are: public, one prepared
// statement, and before this Payload's request setup cost it about as much as the listing.
// The Payload endpoint (endpoints/services/slots.ts) stays the reference and runs the same
// `slotsAnswer`; the shell passes on what it does not recognise exactly as Payload's router
// would (HEAD, a malformed %-escape, another number of segments).
import type { RequestHandler } from 'express'
import type { Payload } from 'payload'
import { z } from 'zod'

import { parseInput } from '../../lib/http/body'
import { apiError } from '../../lib/http/errors'
import { shellAnswer } from '../../lib/http/shell-answer'
import { datesInRange, isCalendarDate } from '../../lib/wall-clock'
import { type BookableTimes, bookableTimes, MAX_RANGE_DAYS } from './bookable-times'

const date = (name: string) =>
  z
    .string({ error: `${name} is required: a date YYYY-MM-DD` })
    .refine(isCalendarDate, `${name} must be a real calendar date as YYYY-MM-DD`)

const slotsQuery = z
  .object({ from: date('from'), to: date('to') })
  .refine(({ from, to }) => from <= to, { message: 'from must not be after to', path: ['to'] })

const rangeTooLong = () =>
  apiError('range_too_long', `A range covers at most ${MAX_RANGE_DAYS} dates (from and to included)`)

/** The answer for `serviceId` and the query's `from`/`to`: 400 for the range first, then 404. */
export async function slotsAnswer(
  payload: Payload,
  serviceId: string,
  params: URLSearchParams,
): Promise<BookableTimes> {
  const query = parseInput(slotsQuery, { from: params.get('from') ?? undefined, to: params.get('to') ?? undefined })
  if (datesInRange(query.from, query.to) > MAX_RANGE_DAYS) throw rangeTooLong()
  return bookableTimes(payload, serviceId, query.from, query.to)
}

/** `/api/services/<id>/slots`, trailing slashes dropped, the literals compared ignoring case (path-to-regexp's way). */
const SLOTS = /^\/api\/services\/([^/]+)\/slots\/*$/i

export const SLOTS_READ_PATH = /^\/api\/services\/[^/]+\/slots/i

export function slotsReadRoute(payload: Payload): RequestHandler {
  return async (req, res, next) => {
    try {
      if (req.method !== 'GET') return next()
      const url = new URL(req.originalUrl, 'http://localhost')
      const match = SLOTS.exec(url.pathname)
      if (!match) return next()
      let serviceId: string
      try {
        serviceId = decodeURIComponent(match[1]!)
      } catch {
        return next() // Payload's router answers a malformed escape
      }
      await shellAnswer(payload, req, res, url.pathname.replace(/\/+$/, ''), () =>
        slotsAnswer(payload, serviceId, url.searchParams),
      )
    } catch (error) {
      next(error)
    }
  }
}
