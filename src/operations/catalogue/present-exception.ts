// The one mapping between an availability-exception document and its API shape (docs/api.md
// "Exceptions: days off and extra hours").
import type { RequiredDataFromCollectionSlug } from 'payload'

import { idOf } from '../../../domain/ids'
import type { AvailabilityException } from '../../payload-types'

export interface ExceptionView {
  id: string
  serviceId: string
  date: string
  isAvailable: boolean
  startTime: string | null
  endTime: string | null
  reason: string | null
}

export interface ExceptionInput {
  date?: string
  isAvailable?: boolean
  startTime?: string | null
  endTime?: string | null
  reason?: string | null
}

const textOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)

export function presentException(doc: AvailabilityException): ExceptionView {
  return {
    id: String(doc.id),
    serviceId: idOf(doc.service) as string,
    date: doc.date,
    isAvailable: Boolean(doc.isAvailable),
    startTime: textOrNull(doc.startTime),
    endTime: textOrNull(doc.endTime),
    reason: textOrNull(doc.reason),
  }
}

/** The fields `input` sets (a change: those it leaves out keep their value). */
export function exceptionData(input: ExceptionInput & { serviceId?: string }): Partial<AvailabilityException> {
  const data: Partial<AvailabilityException> = {}
  if (input.serviceId !== undefined) data.service = input.serviceId
  if (input.date !== undefined) data.date = input.date
  if (input.isAvailable !== undefined) data.isAvailable = input.isAvailable
  if (input.startTime !== undefined) data.startTime = input.startTime
  if (input.endTime !== undefined) data.endTime = input.endTime
  if (input.reason !== undefined) data.reason = input.reason
  return data
}

/** A new exception of `serviceId` on `date`, a day off or extra hours. */
export function newExceptionData(
  input: ExceptionInput & { serviceId: string; date: string; isAvailable: boolean },
): RequiredDataFromCollectionSlug<'availability-exceptions'> {
  return { ...exceptionData(input), service: input.serviceId, date: input.date, isAvailable: input.isAvailable }
}
