// The coming weeks of a service as its page shows them (docs/api.md "Exceptions: days off and extra hours"): per date,
// the hours it is open (its weekly slots, or its extra hours instead), what its exceptions
// close, and the bookable starts GET /api/services/:id/slots lists. The open windows come from
// booking-rules.ts `openWindows`, the rule the booking and the slots apply: the panel says
// what the server will do, it does not guess.
import { addDays, dayOfWeek } from '../lib/wall-clock'
import { type OpenSlot, openWindows } from '../operations/bookings/booking-rules'
import { panelText } from './i18n/index'

/** A weekly slot as GET /api/admin/services/availability answers it. */
export interface SlotItem {
  dayOfWeek: number
  startTime: string
  endTime: string
  isAvailable: boolean
}

/** An exception as the same answer gives it. */
export interface ExceptionItem {
  id: string
  date: string
  isAvailable: boolean
  startTime: string | null
  endTime: string | null
  reason: string | null
}

export interface CalendarDay {
  date: string
  /** Closed the whole date (a closing without times). */
  closed: boolean
  /** The windows open that date, after its exceptions (empty: nobody can book it). */
  open: OpenSlot[]
  /** Extra hours replacing the weekly slots that date. */
  extraHours: OpenSlot[]
  /** Closed windows (the whole-date closing aside). */
  closedWindows: OpenSlot[]
  /** Why it is closed, as the exceptions say (private: staff only see this page). */
  reasons: string[]
  /** The bookable starts; null when the service lists none (not active). */
  starts: string[] | null
}

const window = (exception: ExceptionItem): OpenSlot | null =>
  exception.startTime && exception.endTime ? { startTime: exception.startTime, endTime: exception.endTime } : null

/** `days` dates from `from`, each with its hours, exceptions and bookable starts. */
export function calendarDays(
  from: string,
  days: number,
  slots: readonly SlotItem[],
  exceptions: readonly ExceptionItem[],
  starts: Record<string, string[]> | null,
): CalendarDay[] {
  return Array.from({ length: days }, (_, offset) => {
    const date = addDays(from, offset)
    const weekly = slots
      .filter((slot) => slot.isAvailable && slot.dayOfWeek === dayOfWeek(date))
      .sort((a, b) => (a.startTime < b.startTime ? -1 : 1))
    const own = exceptions.filter((exception) => exception.date === date)
    const closings = own.filter((exception) => !exception.isAvailable)
    return {
      date,
      closed: closings.some((exception) => !window(exception)),
      open: openWindows(weekly, own),
      extraHours: own.filter((exception) => exception.isAvailable).flatMap((exception) => window(exception) ?? []),
      closedWindows: closings.flatMap((exception) => window(exception) ?? []),
      reasons: own.flatMap((exception) => (exception.reason ? [exception.reason] : [])),
      starts: starts ? (starts[date] ?? []) : null,
    }
  })
}

/** `HH:MM–HH:MM, HH:MM–HH:MM` */
export const windowsText = (windows: readonly OpenSlot[]): string =>
  windows.map((open) => `${open.startTime}–${open.endTime}`).join(', ')

/** What an exception does, in words: "Closed all day", "Closed 12:00–13:00", "Extra hours 18:00–21:00". */
export function exceptionText(
  exception: Pick<ExceptionItem, 'isAvailable' | 'startTime' | 'endTime'>,
  language = 'en',
): string {
  const { t } = panelText(language)
  const hours = exception.startTime && exception.endTime ? `${exception.startTime}–${exception.endTime}` : null
  if (exception.isAvailable) return t('calendar.extraHours', { hours: hours ?? '' }).trim()
  return hours ? t('calendar.closedHours', { hours }) : t('calendar.closedDay')
}
