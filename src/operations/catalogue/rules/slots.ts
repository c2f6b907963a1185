// Weekly availability slots: `HH:MM` 00:00–23:59, start before end, day 0..6 (0 = Sunday),
// and no two slots of one service overlapping on one day (touching is fine: 09–12, 12–15).
// The overlap check runs with the service row locked, so two writers cannot both pass it.
import {
  type CollectionBeforeChangeHook,
  type NumberFieldSingleValidation,
  type TextFieldSingleValidation,
  ValidationError,
} from 'payload'

import { isUuid } from '../../../../domain/ids'
import { isClockTime } from '../../../lib/wall-clock'
import type { ServiceAvailability } from '../../../payload-types'
import { RuleViolation } from '../errors'
import { lockServiceRow } from '../transaction'

export const SLOTS_COLLECTION = 'service-availability'

export const validateTime: TextFieldSingleValidation = (value) =>
  isClockTime(value) ? true : 'Use HH:MM, 24-hour, from 00:00 to 23:59'

const END_BEFORE_START = 'The end time must be after the start time'

// In the admin form (whole slot at hand); partial updates are checked by the hook below.
export const validateEndTime: TextFieldSingleValidation = (value, { siblingData }) => {
  if (!isClockTime(value)) return 'Use HH:MM, 24-hour, from 00:00 to 23:59'
  const start = (siblingData as { startTime?: unknown }).startTime
  return isClockTime(start) && start >= value ? END_BEFORE_START : true
}

export const validateDayOfWeek: NumberFieldSingleValidation = (value) =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 6
    ? true
    : 'A whole number from 0 (Sunday) to 6 (Saturday)'

export interface SlotTimes {
  dayOfWeek: number
  startTime: string
  endTime: string
}

/** Half-open intervals: [09:00, 12:00) and [12:00, 15:00) do not overlap. */
export const overlaps = (a: SlotTimes, b: SlotTimes) =>
  a.dayOfWeek === b.dayOfWeek && a.startTime < b.endTime && b.startTime < a.endTime

const idOf = (value: unknown) =>
  value && typeof value === 'object' ? (value as { id: string }).id : (value as string | undefined)

/** On the merged slot (an update may send one time only): start before end, then no overlap. */
export const validSlotWithoutOverlap: CollectionBeforeChangeHook<ServiceAvailability> = async ({
  data,
  originalDoc,
  req,
}) => {
  const slot = { ...originalDoc, ...data } as SlotTimes & { service?: unknown }
  const serviceId = idOf(slot.service)
  // Malformed values are left to the field validations, which run after this hook.
  if (
    !isUuid(serviceId) ||
    !isClockTime(slot.startTime) ||
    !isClockTime(slot.endTime) ||
    !Number.isInteger(slot.dayOfWeek)
  )
    return data
  if (slot.startTime >= slot.endTime) {
    throw new ValidationError({
      collection: SLOTS_COLLECTION,
      errors: [{ path: 'endTime', message: END_BEFORE_START }],
    })
  }
  await lockServiceRow(req, serviceId)
  const { docs } = await req.payload.find({
    collection: SLOTS_COLLECTION,
    where: {
      and: [
        { service: { equals: serviceId } },
        { dayOfWeek: { equals: slot.dayOfWeek } },
        { startTime: { less_than: slot.endTime } },
        { endTime: { greater_than: slot.startTime } },
        ...(originalDoc?.id ? [{ id: { not_equals: originalDoc.id } }] : []),
      ],
    },
    limit: 1,
    depth: 0,
    pagination: false,
    overrideAccess: true,
    req,
  })
  const clash: SlotTimes | undefined = docs[0]
  if (clash) {
    throw new RuleViolation(
      'slot_overlap',
      { collection: SLOTS_COLLECTION, path: 'startTime' },
      `Overlaps the slot ${clash.startTime}–${clash.endTime} on the same day`,
    )
  }
  return data
}
