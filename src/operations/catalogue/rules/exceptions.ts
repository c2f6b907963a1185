// Exceptions to a service's weekly slots (docs/api.md "Exceptions: days off and extra
// hours"): a date closed whole, a window closed, or a window opened. Field rules (date
// today..+730 days, times as a pair, an opening needs its times, reason ≤ 200) are shared by
// the admin API's zod bodies and the collection; "no two windows of one kind overlap on one
// date" runs with the service row locked, so two writers cannot both pass it (the slots'
// rule, rules/slots.ts).
import { type CollectionBeforeChangeHook, type TextFieldSingleValidation, ValidationError } from 'payload'

import { idOf, isUuid } from '../../../../domain/ids'
import { addDays, isCalendarDate, isClockTime, wallClockToday } from '../../../lib/wall-clock'
import type { AvailabilityException } from '../../../payload-types'
import { RuleViolation } from '../errors'
import { lockServiceRow } from '../transaction'

export const EXCEPTIONS_COLLECTION = 'availability-exceptions'
/** The furthest date an exception may name, in days after today. */
export const MAX_DAYS_AHEAD = 730
export const REASON_MAX = 200

/** Why `date` cannot carry an exception, or null: a real date, today or later, at most 730 days ahead. */
export function exceptionDateProblem(date: unknown, today = wallClockToday()): string | null {
  if (!isCalendarDate(date)) return 'A real date as YYYY-MM-DD'
  if (date < today) return 'The date must be today or later'
  if (date > addDays(today, MAX_DAYS_AHEAD)) return `The date may be at most ${MAX_DAYS_AHEAD} days ahead`
  return null
}

export interface ExceptionTimes {
  isAvailable: boolean
  startTime?: string | null
  endTime?: string | null
}

/** Why the times do not make an exception, or null (path, message). */
export function exceptionTimesProblem(exception: ExceptionTimes): { path: string; message: string } | null {
  const { startTime, endTime } = exception
  const hasStart = startTime != null
  const hasEnd = endTime != null
  if (hasStart !== hasEnd)
    return { path: hasStart ? 'endTime' : 'startTime', message: 'Send both startTime and endTime, or neither' }
  if (!hasStart)
    return exception.isAvailable
      ? { path: 'startTime', message: 'An opening (isAvailable: true) needs startTime and endTime' }
      : null
  if (!isClockTime(startTime) || !isClockTime(endTime))
    return {
      path: isClockTime(startTime) ? 'endTime' : 'startTime',
      message: 'Use HH:MM, 24-hour, from 00:00 to 23:59',
    }
  if (startTime >= endTime) return { path: 'endTime', message: 'The end time must be after the start time' }
  return null
}

export const validateExceptionDate: TextFieldSingleValidation = (value, { operation, previousValue }) => {
  // An exception whose date has passed stays editable (its reason, say) without moving it.
  if (operation === 'update' && value === previousValue) return true
  return exceptionDateProblem(value) ?? true
}

export const validateOptionalTime: TextFieldSingleValidation = (value) =>
  value == null || value === '' || isClockTime(value) ? true : 'Use HH:MM, 24-hour, from 00:00 to 23:59'

/** Two windows of one kind on one date; a whole-date closing covers the day. */
const windowsOverlap = (a: ExceptionTimes, b: ExceptionTimes) =>
  (a.startTime ?? '00:00') < (b.endTime ?? '24:00') && (b.startTime ?? '00:00') < (a.endTime ?? '24:00')

/** On the merged exception (an update may send one field): field rules, then no overlap of one kind. */
export const validExceptionWithoutOverlap: CollectionBeforeChangeHook<AvailabilityException> = async ({
  data,
  originalDoc,
  req,
}) => {
  // The panel sends empty strings for cleared times: they mean "no time".
  for (const key of ['startTime', 'endTime'] as const) if (data[key] === '') data[key] = null
  const exception = { ...originalDoc, ...data } as ExceptionTimes & { service?: unknown; date?: unknown }
  exception.isAvailable = Boolean(exception.isAvailable)
  const serviceId = idOf(exception.service)
  if (!isUuid(serviceId) || !isCalendarDate(exception.date)) return data
  const problem = exceptionTimesProblem(exception)
  if (problem) throw new ValidationError({ collection: EXCEPTIONS_COLLECTION, errors: [problem] })
  await lockServiceRow(req, serviceId)
  const { docs } = await req.payload.find({
    collection: EXCEPTIONS_COLLECTION,
    where: {
      and: [
        { service: { equals: serviceId } },
        { date: { equals: exception.date } },
        { isAvailable: { equals: exception.isAvailable } },
        ...(originalDoc?.id ? [{ id: { not_equals: originalDoc.id } }] : []),
      ],
    },
    depth: 0,
    pagination: false,
    overrideAccess: true,
    req,
  })
  const clash = docs.find((other) => windowsOverlap(exception, other))
  if (clash) {
    const window = clash.startTime ? `${clash.startTime}–${clash.endTime}` : 'the whole day'
    throw new RuleViolation(
      'slot_overlap',
      { collection: EXCEPTIONS_COLLECTION, path: 'startTime' },
      `Overlaps the exception ${window} of the same kind on ${String(exception.date)}`,
    )
  }
  return data
}
