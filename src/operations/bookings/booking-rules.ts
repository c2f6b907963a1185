// The rules that decide whether a start time can be booked, in one place for the two doors
// that ask (docs/api.md "Bookable times, calendar files and reminders": "the two endpoints
// share one rule"): the public booking (create-booking.ts) refuses with them, the
// bookable-times query (bookable-times.ts) lists what passes them. Pure functions on
// wall-clock minutes (src/lib/wall-clock.ts), so both judge with the same arithmetic;
// tests/int/slots-property.test.ts checks that they agree.
import { clockTime, minuteOfDay, type Schedule, scheduleOf } from '../../lib/wall-clock'

/** An available slot of the booking's weekday, as the availability table keeps it. */
export interface OpenSlot {
  startTime: string
  endTime: string
}

/** A booking's time as the no-overlap constraint sees it: the half-open `[startMinute, endMinute)`. */
export type MinuteRange = Pick<Schedule, 'startMinute' | 'endMinute'>

/** What the booking occupies: `[start, start + duration)`, one minute without a duration. */
export const bookingRange = scheduleOf

/**
 * "In a slot" (docs/api.md "POST /api/services/bookings"): `startTime ≤ time < endTime` and, when the service has a
 * duration, `time + duration ≤ endTime` (so never past midnight: a slot ends by 23:59).
 */
export function inSlot(slot: OpenSlot, time: string, durationMinutes: number | null | undefined): boolean {
  const start = minuteOfDay(time)
  const slotEnd = minuteOfDay(slot.endTime)
  if (start < minuteOfDay(slot.startTime) || start >= slotEnd) return false
  return !durationMinutes || start + durationMinutes <= slotEnd
}

export const inSomeSlot = (
  slots: readonly OpenSlot[],
  time: string,
  durationMinutes: number | null | undefined,
): boolean => slots.some((slot) => inSlot(slot, time, durationMinutes))

export type TimingRefusal = 'booking_in_past' | 'booking_too_soon'

/** The service's terms the timing rules read: the booking and the slots list judge by the same ones. */
export interface TimingTerms {
  bookingAdvanceHours: number | null
}

export const timingTermsOf = (terms: TimingTerms): TimingTerms => ({ bookingAdvanceHours: terms.bookingAdvanceHours })

/**
 * "Not past" and "not too soon": a start before now is past; one before now +
 * `bookingAdvanceHours` is too soon. `now` is the wall-clock minute (fractional), so a start
 * at the current minute is already past.
 */
export function timingRefusal(startMinute: number, now: number, terms: TimingTerms): TimingRefusal | null {
  if (startMinute < now) return 'booking_in_past'
  if (startMinute < now + (terms.bookingAdvanceHours ?? 0) * 60) return 'booking_too_soon'
  return null
}

const TIMING_MESSAGES: Record<TimingRefusal, (terms: TimingTerms) => string> = {
  booking_in_past: () => 'The booking date and time are in the past',
  booking_too_soon: ({ bookingAdvanceHours: hours }) =>
    `This service must be booked at least ${hours ?? 0} hour${hours === 1 ? '' : 's'} in advance`,
}

/** The message of a timing refusal, naming the service's term it broke. */
export const timingMessage = (refusal: TimingRefusal, terms: TimingTerms) => TIMING_MESSAGES[refusal](terms)

/** "No overlap": the exclusion constraint's `numrange(start, end, '[)') &&`, back-to-back ranges fit. */
export const rangesOverlap = (a: MinuteRange, b: MinuteRange): boolean =>
  a.startMinute < b.endMinute && b.startMinute < a.endMinute

/**
 * Whether `range` overlaps one of `taken`, sorted by start. Ranges the constraint admitted
 * never overlap each other, so sorted by start they are sorted by end too: a binary search
 * finds the first one that ends after `range` starts, the only one that can overlap it first.
 */
export function overlapsAny(range: MinuteRange, taken: readonly MinuteRange[]): boolean {
  let low = 0
  let high = taken.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (taken[middle]!.endMinute <= range.startMinute) low = middle + 1
    else high = middle
  }
  return low < taken.length && rangesOverlap(range, taken[low]!)
}

// Days off, extra hours, buffers and daily caps (docs/api.md "Exceptions: days off and extra
// hours") --------------------------

/** The most minutes a service may keep free before or after a booking. */
export const MAX_BUFFER_MINUTES = 240

export interface Buffers {
  bufferBeforeMinutes: number
  bufferAfterMinutes: number
}

/**
 * What a booking occupies for conflicts: `[start − before, end + after)`, compared with the
 * same widened span of every pending or confirmed booking. The exclusion constraint compares
 * exactly this (src/migrations/*_bookings_buffered_overlap.ts), with each booking's own buffers.
 */
export function occupiedRange(
  date: string,
  time: string,
  durationMinutes: number | null | undefined,
  buffers: Buffers,
): MinuteRange {
  const range = bookingRange(date, time, durationMinutes)
  return {
    startMinute: range.startMinute - buffers.bufferBeforeMinutes,
    endMinute: range.endMinute + buffers.bufferAfterMinutes,
  }
}

/** An exception of one date, as the exceptions table keeps it. */
export interface DateException {
  isAvailable: boolean
  startTime: string | null
  endTime: string | null
}

/** `window` minus `[from, to)`: none, one or two pieces. */
function withoutWindow(window: OpenSlot, from: number, to: number): OpenSlot[] {
  const start = minuteOfDay(window.startTime)
  const end = minuteOfDay(window.endTime)
  if (to <= start || from >= end) return [window]
  const pieces: OpenSlot[] = []
  if (from > start) pieces.push({ startTime: window.startTime, endTime: clockTime(from) })
  if (to < end) pieces.push({ startTime: clockTime(to), endTime: window.endTime })
  return pieces
}

/** The openings of a date when it has any, else the weekly slots of its weekday: where its grid starts. */
export function baseWindows(weekly: readonly OpenSlot[], exceptions: readonly DateException[]): readonly OpenSlot[] {
  const openings = exceptions.filter((exception) => exception.isAvailable && exception.startTime && exception.endTime)
  return openings.length > 0
    ? openings.map(({ startTime, endTime }) => ({ startTime: startTime!, endTime: endTime! }))
    : weekly
}

/**
 * The windows open on one date: its base windows (above), then every closing takes its window
 * out, and a closing without times closes the date. A start is "in a slot" when it is in one
 * of these (`inSomeSlot`). The bookable-times grid still starts at each base window (a closed
 * hour takes its times out of the grid; it does not shift the times after it).
 */
export function openWindows(weekly: readonly OpenSlot[], exceptions: readonly DateException[]): OpenSlot[] {
  let windows = [...baseWindows(weekly, exceptions)]
  for (const closing of exceptions) {
    if (closing.isAvailable) continue
    if (!closing.startTime || !closing.endTime) return []
    const from = minuteOfDay(closing.startTime)
    const to = minuteOfDay(closing.endTime)
    windows = windows.flatMap((window) => withoutWindow(window, from, to))
  }
  return windows
}

/**
 * "At its cap": the date already holds `cap` pending or confirmed bookings (null: no cap), as the
 * slots list judges it. Every write judges the same `taken >= cap` under the service lock
 * (community_booking_refusal in booking-judge.ts; docs/decisions.md "One booking rule, whichever door").
 */
export const dayFull = (bookedThatDay: number, cap: number | null | undefined): boolean =>
  cap != null && bookedThatDay >= cap
