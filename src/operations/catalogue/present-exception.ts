// The one mapping between an availability-exception document and its API shape (docs/api.md
// "Exceptions: days off and extra hours").
import { idOf } from '../../../domain/ids'

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

type Doc = Record<string, unknown>

const textOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)

export function presentException(doc: Doc): ExceptionView {
  return {
    id: String(doc.id),
    serviceId: idOf(doc.service) as string,
    date: doc.date as string,
    isAvailable: Boolean(doc.isAvailable),
    startTime: textOrNull(doc.startTime),
    endTime: textOrNull(doc.endTime),
    reason: textOrNull(doc.reason),
  }
}

export function exceptionData(input: ExceptionInput & { serviceId?: string }): Doc {
  const data: Doc = {}
  if (input.serviceId !== undefined) data.service = input.serviceId
  for (const key of ['date', 'isAvailable', 'startTime', 'endTime', 'reason'] as const) {
    if (input[key] !== undefined) data[key] = input[key]
  }
  return data
}
