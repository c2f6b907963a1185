// The bookable times of a service (API-CONTRACT §12): for every date of a range, the start
// times a public booking made now, alone, would accept. Candidates are each available
// slot's start plus multiples of the service's duration (60 minutes without one); a
// candidate is listed exactly when it passes the rules the booking itself applies
// (booking-rules.ts: in a slot, not past, not too soon, no overlap).
// One statement per request, whatever the range: the service's terms, all its available
// slots, and its pending and confirmed bookings that overlap the range, found through the
// no-overlap exclusion constraint's GiST index (same expression, same partial predicate).
import type { PayloadRequest } from 'payload'

import { isUuid } from '../../../domain/ids'
import { notFound } from '../../lib/http/errors'
import { run, statement } from '../../lib/prepared'
import { addDays, clockTime, datesInRange, dayOfWeek, minuteOfDay, nowWallClockMinute, wallClockMinute } from '../../lib/wall-clock'
import { bookingRange, inSomeSlot, overlapsAny, timingRefusal, type MinuteRange, type OpenSlot } from './booking-rules'
import { COLUMNS, termsOf, type TermsRow } from './service-terms'

/** The grid step when the service has no duration. */
export const DEFAULT_STEP_MINUTES = 60
/** The longest range one request may ask for, in dates (both ends included). */
export const MAX_RANGE_DAYS = 62

interface WeeklySlot extends OpenSlot {
  dayOfWeek: number
}

export interface BookableRow extends TermsRow {
  slots: WeeklySlot[]
  taken: Array<[number | string, number | string]>
}

// `numrange(start_minute, end_minute, '[)') &&` and `status IN ('pending', 'confirmed')` are
// the exclusion constraint's own expression and predicate (src/migrations/*_bookings_no_overlap),
// so PostgreSQL can answer from its index (bench/explain-slots.ts shows the plan).
export const BOOKABLE_TIMES = statement(
  'bookable-times',
  `SELECT ${COLUMNS},
     (SELECT coalesce(json_agg(json_build_object('dayOfWeek', a.day_of_week, 'startTime', a.start_time, 'endTime', a.end_time)), '[]'::json)
      FROM service_availability a WHERE a.service_id = s.id AND a.is_available) AS slots,
     (SELECT coalesce(json_agg(json_build_array(b.start_minute, b.end_minute) ORDER BY b.start_minute), '[]'::json)
      FROM bookings b
      WHERE b.service_id = s.id AND b.status IN ('pending', 'confirmed')
        AND numrange(b.start_minute, b.end_minute, '[)') && numrange($2::numeric, $3::numeric, '[)')) AS taken
   FROM service_listings s WHERE s.id = $1`,
)

export interface BookableTimes {
  serviceId: string
  durationMinutes: number
  slots: Record<string, string[]>
}

export interface BookableTerms {
  durationMinutes: number | null
  bookingAdvanceHours: number | null
  slots: readonly WeeklySlot[]
  /** Pending and confirmed bookings' ranges, sorted by start. */
  taken: readonly MinuteRange[]
}

/** The listing itself, a pure function of the terms, the range and the wall-clock minute `now`. */
export function listBookableTimes(terms: BookableTerms, from: string, to: string, now: number): Record<string, string[]> {
  const step = terms.durationMinutes || DEFAULT_STEP_MINUTES
  const byDay = new Map<number, WeeklySlot[]>()
  for (const slot of terms.slots) byDay.set(slot.dayOfWeek, [...(byDay.get(slot.dayOfWeek) ?? []), slot])
  const listing: Record<string, string[]> = {}
  for (let offset = 0, days = datesInRange(from, to); offset < days; offset++) {
    const date = addDays(from, offset)
    const slots = byDay.get(dayOfWeek(date)) ?? []
    const times = new Set<string>()
    for (const slot of slots) {
      for (let minute = minuteOfDay(slot.startTime); minute < minuteOfDay(slot.endTime); minute += step) {
        const time = clockTime(minute)
        if (!inSomeSlot(slots, time, terms.durationMinutes)) continue
        const range = bookingRange(date, time, terms.durationMinutes)
        if (timingRefusal(range.startMinute, now, terms.bookingAdvanceHours)) continue
        if (overlapsAny(range, terms.taken)) continue
        times.add(time)
      }
    }
    // Several slots of one day may give the same time; HH:MM sorts as text.
    listing[date] = [...times].sort()
  }
  return listing
}

/** The row's terms, or null when the service is not bookable at all (not active, provider gone). */
export function bookableTermsOf(row: BookableRow | undefined): BookableTerms | null {
  const terms = termsOf(row)
  if (!row || !terms || terms.status !== 'active' || !terms.providerId) return null
  return {
    durationMinutes: terms.durationMinutes,
    bookingAdvanceHours: terms.bookingAdvanceHours,
    slots: row.slots,
    taken: row.taken.map(([start, end]) => ({ startMinute: Number(start), endMinute: Number(end) })),
  }
}

/** The statement's parameters for a range: the service, and the range as `[first minute, last minute + 1)`. */
export const bookableTimesValues = (serviceId: string, from: string, to: string) => [serviceId, wallClockMinute(from, '00:00'), wallClockMinute(to, '00:00') + 24 * 60]

/** 404 for a service that is not bookable at all: no such id, not active, or its provider gone (as the booking). */
export async function bookableTimes(req: PayloadRequest, serviceId: string, from: string, to: string): Promise<BookableTimes> {
  if (!isUuid(serviceId)) throw notFound('Service not found')
  const { rows } = await run<BookableRow>(req.payload, BOOKABLE_TIMES, bookableTimesValues(serviceId, from, to))
  const terms = bookableTermsOf(rows[0])
  if (!terms) throw notFound('Service not found')
  return {
    serviceId,
    durationMinutes: terms.durationMinutes || DEFAULT_STEP_MINUTES,
    slots: listBookableTimes(terms, from, to, nowWallClockMinute()),
  }
}
