// A service's bookable times for GET /api/services/:id/slots (endpoints/services/slots.ts), which both the
// shell and Payload's handler answer with.
import type { Payload } from 'payload'
import { z } from 'zod'

import { parseInput } from '../../lib/http/body'
import { apiError } from '../../lib/http/errors'
import { datesInRange, isCalendarDate } from '../../lib/wall-clock'
import { type BookableTimes, bookableTimes, MAX_RANGE_DAYS } from './bookable-times'

const date = (name: string) =>
  z
    .string({ error: `${name} is required: a date YYYY-MM-DD` })
    .refine(isCalendarDate, `${name} must be a real calendar date as YYYY-MM-DD`)

export const slotsQuery = z
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
