// The bookable times of a service, listed by the very rules the public booking applies (booking-rules.ts),
// in one statement per request whatever the range.
import type { Payload } from 'payload'

import { isUuid } from '../../../domain/ids'
import { notFound } from '../../lib/http/errors'
import { runPublic, statement } from '../../lib/prepared'
import {
  addDays,
  clockTime,
  datesInRange,
  dayOfWeek,
  minuteOfDay,
  nowWallClockMinute,
  wallClockMinute,
} from '../../lib/wall-clock'
import {
  baseWindows,
  type Buffers,
  type DateException,
  dayFull,
  inSomeSlot,
  type MinuteRange,
  occupiedRange,
  type OpenSlot,
  openWindows,
  overlapsAny,
  timingRefusal,
  type TimingTerms,
  timingTermsOf,
} from './booking-rules'
import { COLUMNS, termsOf, type TermsRow } from './service-terms'

/** The grid step when the service has no duration. */
export const DEFAULT_STEP_MINUTES = 60
/** The longest range one request may ask for, in dates (both ends included). */
export const MAX_RANGE_DAYS = 62

interface WeeklySlot extends OpenSlot {
  dayOfWeek: number
}

interface DatedException extends DateException {
  date: string
}

export interface BookableRow extends TermsRow {
  slots: WeeklySlot[]
  exceptions: DatedException[]
  seats_per_slot: string | number | null
  /**
   * `[buffered start, buffered end, start, participants, made with seats]` of each pending or confirmed booking
   * and live hold (a hold shares its start whenever the service has seats).
   */
  taken: Array<[number | string, number | string, number | string, number | string, boolean]>
}

const MINUTES_PER_DAY = 24 * 60

// `numrange(start_minute - before, end_minute + after, '[)') &&` and `status IN ('pending',
// 'confirmed')` are the exclusion constraint's own expression and predicate
// (src/migrations/*_bookings_buffered_overlap), so PostgreSQL can answer from its index
// (`npm run bench -- slots` measures it); live holds are taken as pending bookings are (docs/api.md
// "Holds"). The range ($2, $3) is widened by the service's buffers: a candidate's buffered span may
// reach into the day before or after.
export const BOOKABLE_TIMES = statement(
  'bookable-times-held',
  `SELECT ${COLUMNS}, s.seats_per_slot,
     (SELECT coalesce(json_agg(json_build_object('dayOfWeek', a.day_of_week, 'startTime', a.start_time, 'endTime', a.end_time)), '[]'::json)
      FROM service_availability a WHERE a.service_id = s.id AND a.is_available) AS slots,
     (SELECT coalesce(json_agg(json_build_object('date', e.date, 'isAvailable', e.is_available, 'startTime', e.start_time, 'endTime', e.end_time)), '[]'::json)
      FROM availability_exceptions e WHERE e.service_id = s.id AND e.date BETWEEN $4 AND $5) AS exceptions,
     (SELECT coalesce(json_agg(json_build_array(t.low, t.high, t.start, t.party, t.shared) ORDER BY t.low), '[]'::json) FROM (
        SELECT b.start_minute - coalesce(b.buffer_before_minutes, 0) AS low,
          b.end_minute + coalesce(b.buffer_after_minutes, 0) AS high, b.start_minute AS start,
          b.participants AS party, b.seats_per_slot > 1 AS shared
        FROM bookings b
        WHERE b.service_id = s.id AND b.status IN ('pending', 'confirmed')
          AND numrange(b.start_minute - coalesce(b.buffer_before_minutes, 0), b.end_minute + coalesce(b.buffer_after_minutes, 0), '[)')
            && numrange($2::numeric - s.buffer_before_minutes, $3::numeric + s.buffer_after_minutes, '[)')
        UNION ALL
        SELECT h.start_minute - h.buffer_before_minutes, h.end_minute + h.buffer_after_minutes, h.start_minute,
          h.participants, true
        FROM booking_holds h
        WHERE h.service_id = s.id AND h.expires_at > now()
          AND h.start_minute < $3::numeric + s.buffer_after_minutes + h.buffer_before_minutes
          AND h.end_minute > $2::numeric - s.buffer_before_minutes - h.buffer_after_minutes) t) AS taken
   FROM service_listings s WHERE s.id = $1`,
)

export interface BookableTimes {
  serviceId: string
  durationMinutes: number
  slots: Record<string, string[]>
  /** With more than one seat: the seats left at each listed start. */
  seatsLeft?: Record<string, Record<string, number>>
}

/** The bookings and holds of one start that share it (a seated service), as one span. */
export interface SharedStart extends MinuteRange {
  start: number
  participants: number
}

export interface BookableTerms extends Buffers, TimingTerms {
  durationMinutes: number | null
  maxBookingsPerDay: number | null
  slots: readonly WeeklySlot[]
  /** The exceptions of the range's dates. */
  exceptions: readonly DatedException[]
  /** The buffered spans of pending and confirmed bookings and live holds, merged where they meet, sorted. */
  taken: readonly MinuteRange[]
  /** The service's seats per start: more than one lets bookings of one start share it. */
  seatsPerSlot: number
  /** With seats: the starts shared by bookings made with seats and by holds, sorted (kept out of `taken`). */
  shared: readonly SharedStart[]
  /** Pending and confirmed bookings and live holds by the wall-clock day number of their start. */
  bookedByDay: ReadonlyMap<number, number>
}

/**
 * The seats left at `start` for a candidate span, or 0 when a shared start other than `start` overlaps it
 * (different starts never share). Shared starts do not overlap each other, so those overlapping the span are
 * consecutive from the first that ends after it begins.
 */
export function seatsLeftAt(range: MinuteRange, start: number, shared: readonly SharedStart[], seats: number): number {
  let low = 0
  let high = shared.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (shared[middle]!.endMinute <= range.startMinute) low = middle + 1
    else high = middle
  }
  let left = seats
  for (let index = low; index < shared.length && shared[index]!.startMinute < range.endMinute; index++) {
    if (shared[index]!.start !== start) return 0
    left -= shared[index]!.participants
  }
  return left
}

/**
 * The listing itself, a pure function of the terms, the range and the wall-clock minute `now`; with seats,
 * `seatsLeft` (when given) receives the seats left at each listed start.
 */
export function listBookableTimes(
  terms: BookableTerms,
  from: string,
  to: string,
  now: number,
  seatsLeft?: Record<string, Record<string, number>>,
): Record<string, string[]> {
  const step = terms.durationMinutes || DEFAULT_STEP_MINUTES
  const byDay = new Map<number, WeeklySlot[]>()
  for (const slot of terms.slots) byDay.set(slot.dayOfWeek, [...(byDay.get(slot.dayOfWeek) ?? []), slot])
  const exceptionsByDate = new Map<string, DatedException[]>()
  for (const exception of terms.exceptions)
    exceptionsByDate.set(exception.date, [...(exceptionsByDate.get(exception.date) ?? []), exception])
  const listing: Record<string, string[]> = {}
  for (let offset = 0, days = datesInRange(from, to); offset < days; offset++) {
    const date = addDays(from, offset)
    const weekly = byDay.get(dayOfWeek(date)) ?? []
    const exceptions = exceptionsByDate.get(date) ?? []
    const windows = exceptions.length > 0 ? openWindows(weekly, exceptions) : weekly
    const times = new Set<string>()
    const left: Record<string, number> = {}
    if (
      !dayFull(terms.bookedByDay.get(wallClockMinute(date, '00:00') / MINUTES_PER_DAY) ?? 0, terms.maxBookingsPerDay)
    ) {
      for (const window of baseWindows(weekly, exceptions)) {
        for (let minute = minuteOfDay(window.startTime); minute < minuteOfDay(window.endTime); minute += step) {
          const time = clockTime(minute)
          if (!inSomeSlot(windows, time, terms.durationMinutes)) continue
          if (timingRefusal(wallClockMinute(date, time), now, terms)) continue
          const range = occupiedRange(date, time, terms.durationMinutes, terms)
          if (overlapsAny(range, terms.taken)) continue
          if (terms.seatsPerSlot > 1) {
            const start = range.startMinute + terms.bufferBeforeMinutes
            const seats = seatsLeftAt(range, start, terms.shared, terms.seatsPerSlot)
            if (seats < 1) continue
            left[time] = seats
          }
          times.add(time)
        }
      }
    }
    // Several windows of one day may give the same time; HH:MM sorts as text.
    listing[date] = [...times].sort()
    if (seatsLeft && terms.seatsPerSlot > 1) seatsLeft[date] = left
  }
  return listing
}

/**
 * Sorted spans joined where they overlap: a hold may overlap its own holder's booking (a hold never blocks its
 * holder), and `overlapsAny` searches spans that do not overlap each other.
 */
export function mergedRanges(sorted: readonly MinuteRange[]): MinuteRange[] {
  const merged: MinuteRange[] = []
  for (const range of sorted) {
    const last = merged.at(-1)
    if (last && range.startMinute < last.endMinute) last.endMinute = Math.max(last.endMinute, range.endMinute)
    else merged.push({ ...range })
  }
  return merged
}

/** The row's terms, or null when the service is not bookable at all (not active, provider gone). */
export function bookableTermsOf(row: BookableRow | undefined): BookableTerms | null {
  const terms = termsOf(row)
  if (!row || !terms || terms.status !== 'active' || !terms.providerId) return null
  const bookedByDay = new Map<number, number>()
  const seatsPerSlot = Number(row.seats_per_slot ?? 1)
  const exclusive: MinuteRange[] = []
  const shared: SharedStart[] = []
  const sharedByStart = new Map<number, SharedStart>()
  for (const [low, high, start, party, seated] of row.taken) {
    const day = Math.floor(Number(start) / MINUTES_PER_DAY)
    bookedByDay.set(day, (bookedByDay.get(day) ?? 0) + 1)
    const range = { startMinute: Number(low), endMinute: Number(high) }
    if (seatsPerSlot <= 1 || !seated) {
      exclusive.push(range)
      continue
    }
    const same = sharedByStart.get(Number(start))
    if (same) {
      same.participants += Number(party)
      same.startMinute = Math.min(same.startMinute, range.startMinute)
      same.endMinute = Math.max(same.endMinute, range.endMinute)
    } else {
      const entry = { ...range, start: Number(start), participants: Number(party) }
      shared.push(entry)
      sharedByStart.set(entry.start, entry)
    }
  }
  shared.sort((a, b) => a.startMinute - b.startMinute)
  return {
    durationMinutes: terms.durationMinutes,
    ...timingTermsOf(terms),
    bufferBeforeMinutes: terms.bufferBeforeMinutes,
    bufferAfterMinutes: terms.bufferAfterMinutes,
    maxBookingsPerDay: terms.maxBookingsPerDay,
    slots: row.slots,
    exceptions: row.exceptions,
    taken: mergedRanges(exclusive),
    seatsPerSlot,
    shared,
    bookedByDay,
  }
}

/**
 * The statement's parameters for a range: the service, the range as `[first minute, last minute + 1)`, and its dates.
 */
export const bookableTimesValues = (serviceId: string, from: string, to: string) => [
  serviceId,
  wallClockMinute(from, '00:00'),
  wallClockMinute(to, '00:00') + MINUTES_PER_DAY,
  from,
  to,
]

/** 404 for a service that is not bookable at all: no such id, not active, or its provider gone (as the booking). */
export async function bookableTimes(
  payload: Payload,
  serviceId: string,
  from: string,
  to: string,
): Promise<BookableTimes> {
  if (!isUuid(serviceId)) throw notFound('Service not found')
  const { rows } = await runPublic<BookableRow>(payload, BOOKABLE_TIMES, bookableTimesValues(serviceId, from, to))
  const terms = bookableTermsOf(rows[0])
  if (!terms) throw notFound('Service not found')
  const seatsLeft = terms.seatsPerSlot > 1 ? {} : undefined
  const slots = listBookableTimes(terms, from, to, nowWallClockMinute(), seatsLeft)
  return {
    serviceId,
    durationMinutes: terms.durationMinutes || DEFAULT_STEP_MINUTES,
    slots,
    ...(seatsLeft ? { seatsLeft } : {}),
  }
}
