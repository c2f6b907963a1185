// The one mapping between an availability document and the API's shape.
import type { RequiredDataFromCollectionSlug } from 'payload'

import { idOf } from '../../../domain/ids'
import type { ServiceAvailability } from '../../payload-types'

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

export function presentSlot(doc: ServiceAvailability): SlotView {
  return {
    id: String(doc.id),
    serviceId: idOf(doc.service) as string,
    dayOfWeek: doc.dayOfWeek,
    startTime: doc.startTime,
    endTime: doc.endTime,
    isAvailable: Boolean(doc.isAvailable),
  }
}

/** The fields `input` sets (a change: those it leaves out keep their value). */
export function slotData(input: SlotInput & { serviceId?: string }): Partial<ServiceAvailability> {
  const data: Partial<ServiceAvailability> = {}
  if (input.serviceId !== undefined) data.service = input.serviceId
  if (input.dayOfWeek !== undefined) data.dayOfWeek = input.dayOfWeek
  if (input.startTime !== undefined) data.startTime = input.startTime
  if (input.endTime !== undefined) data.endTime = input.endTime
  if (input.isAvailable !== undefined) data.isAvailable = input.isAvailable
  return data
}

/** A new slot of `serviceId`, available unless `input` says otherwise (the collection's default). */
export function newSlotData(
  input: Required<Pick<SlotInput, 'dayOfWeek' | 'startTime' | 'endTime'>> & SlotInput & { serviceId: string },
): RequiredDataFromCollectionSlug<'service-availability'> {
  return {
    ...slotData(input),
    service: input.serviceId,
    dayOfWeek: input.dayOfWeek,
    startTime: input.startTime,
    endTime: input.endTime,
    isAvailable: input.isAvailable ?? true,
  }
}
