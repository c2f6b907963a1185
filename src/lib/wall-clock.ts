// Booking times are the server's wall clock (local to the server, no time zone
// conversion): a date `YYYY-MM-DD` and a time `HH:MM` are never turned
// into an instant. For arithmetic and for the no-overlap constraint they become a minute
// number, "minutes since 1970-01-01 00:00 on the wall clock", computed with UTC calendar
// maths on the wall-clock fields (so no zone, DST rule or DateStyle can change it).
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/

const MINUTES_PER_DAY = 24 * 60
const MS_PER_MINUTE = 60_000

// Listing a service's bookable times asks for the minute of the same few dates and times for
// every candidate start (hundreds per request:, where parsing them again and
// again was most of the listing's cost). Pure functions of a string, so they are remembered;
// bounded (cleared when full), since any string may be asked.
const MEMO_MAX = 4096

function remembered<T>(compute: (key: string) => T): (key: string) => T {
  const known = new Map<string, T>()
  return (key) => {
    let value = known.get(key)
    if (value === undefined) {
      value = compute(key)
      if (known.size >= MEMO_MAX) known.clear()
      known.set(key, value)
    }
    return value
  }
}

/** A real calendar date in `YYYY-MM-DD` (2026-02-30 and 2026-13-01 are not). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !DATE_PATTERN.test(value)) return false
  const [year, month, day] = value.split('-').map(Number) as [number, number, number]
  if (year < 1970) return false
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

export const isClockTime = (value: unknown): value is string => typeof value === 'string' && TIME_PATTERN.test(value)

const dayNumber = remembered((date: string): number => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  return Date.UTC(year, month - 1, day) / (MINUTES_PER_DAY * MS_PER_MINUTE)
})

/** The date `days` after `date` (before it when negative), as YYYY-MM-DD. */
export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * MINUTES_PER_DAY * MS_PER_MINUTE).toISOString().slice(0, 10)
}

/** Dates from `from` to `to`, both included: 1 when they are the same day, 0 when `to` is before. */
export function datesInRange(from: string, to: string): number {
  return Math.max(0, dayNumber(to) - dayNumber(from) + 1)
}

/** Day names by `dayOfWeek` number: 0 = Sunday … 6 = Saturday. */
export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const

/** A weekly slot as people read it: `Monday 09:00–17:00`. */
export function weeklySlotLabel(dayOfWeek: unknown, startTime: unknown, endTime: unknown): string {
  const day = typeof dayOfWeek === 'number' ? DAY_NAMES[dayOfWeek] : undefined
  return `${day ?? '?'} ${String(startTime ?? '?')}–${String(endTime ?? '?')}`
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: string): number {
  // 1970-01-01 was a Thursday.
  return (((dayNumber(date) + 4) % 7) + 7) % 7
}

export const minuteOfDay = remembered((time: string): number => {
  const [hours, minutes] = time.split(':').map(Number) as [number, number]
  return hours * 60 + minutes
})

const formatClock = (inDay: number) =>
  `${String(Math.floor(inDay / 60)).padStart(2, '0')}:${String(inDay % 60).padStart(2, '0')}`

/** Every `HH:MM` of a day, by whole minute. */
const CLOCK_TIMES = Array.from({ length: MINUTES_PER_DAY }, (_, minute) => formatClock(minute))

/** `HH:MM` of a minute count, wrapping past midnight. */
export function clockTime(minutes: number): string {
  const inDay = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY
  return CLOCK_TIMES[inDay] ?? formatClock(inDay)
}

/** The wall-clock minute number of a date and time. */
export function wallClockMinute(date: string, time: string): number {
  return dayNumber(date) * MINUTES_PER_DAY + minuteOfDay(time)
}

/** Now on the server's wall clock, in (fractional) minutes on the same scale. */
export function nowWallClockMinute(now: Date = new Date()): number {
  const local = Date.UTC(
    now.getFullYear(),
    now.getMonth(),
    now.getDate(),
    now.getHours(),
    now.getMinutes(),
    now.getSeconds(),
    now.getMilliseconds(),
  )
  return local / MS_PER_MINUTE
}

/** Today on the server's wall clock, as YYYY-MM-DD (no time zones). */
export function wallClockToday(now = nowWallClockMinute()): string {
  return addDays('1970-01-01', Math.floor(now / MINUTES_PER_DAY))
}

export interface Schedule {
  /** `[startMinute, endMinute)`: what the exclusion constraint compares. */
  startMinute: number
  endMinute: number
  /** `HH:MM`, or null when the service has no duration. */
  endTime: string | null
}

/**
 * A booking occupies `[start, start + duration)`. Without a duration it still occupies its
 * starting minute, so two bookings at the same start always clash (docs/api.md "POST /api/services/bookings").
 */
export function scheduleOf(date: string, time: string, durationMinutes: number | null | undefined): Schedule {
  const startMinute = wallClockMinute(date, time)
  const duration = durationMinutes && durationMinutes > 0 ? durationMinutes : null
  return {
    startMinute,
    endMinute: startMinute + (duration ?? 1),
    endTime: duration ? clockTime(startMinute + duration) : null,
  }
}
