// The one mapping between an availability document and the API's shape.
import { idOf } from '../../../domain/ids'

export interface SlotView {
  id: string
  serviceId: string
  dayOfWeek: number
  startTime: string
  endTime: string
  isAvailable: boolean
}

export interface SlotInput {
  dayOfWeek?: number
  startTime?: string
  endTime?: string
  isAvailable?: boolean
}

type Doc = Record<string, unknown>

export function presentSlot(doc: Doc): SlotView {
  return {
    id: String(doc.id),
    serviceId: idOf(doc.service) as string,
    dayOfWeek: doc.dayOfWeek as number,
    startTime: doc.startTime as string,
    endTime: doc.endTime as string,
    isAvailable: Boolean(doc.isAvailable),
  }
}

export function slotData(input: SlotInput & { serviceId?: string }): Doc {
  const data: Doc = {}
  if (input.serviceId !== undefined) data.service = input.serviceId
  for (const key of ['dayOfWeek', 'startTime', 'endTime', 'isAvailable'] as const) {
    if (input[key] !== undefined) data[key] = input[key]
  }
  return data
}
