// Weekly availability slots of a service for the admin API. Time format, start < end and "no
// overlap within a service and day" are the collection's rules (shared with the admin panel);
// the overlap check holds the service row lock, so concurrent writers queue. Each use case
// takes the caller's scope (docs/decisions.md "Organizations manage their services through
// the admin catalogue"): a slot of a service outside it is 404.
import type { PayloadRequest } from 'payload'

import { idOf, isUuid } from '../../../domain/ids'
import { writeAudit } from '../../../hooks/shared/audit'
import type { CatalogueScope } from '../../lib/catalogue-scope'
import { apiError, notFound } from '../../lib/http/errors'
import type { ServiceAvailability } from '../../payload-types'
import { exceptionsOf } from './availability-exceptions'
import type { ExceptionView } from './present-exception'
import { newSlotData, presentSlot, slotData, type SlotInput, type SlotView } from './present-slot'
import { overlaps, SLOTS_COLLECTION, type SlotTimes } from './rules/slots'
import { findServiceDoc, SERVICES } from './services-read'
import { catalogueTransaction, lockServiceRow, withContext } from './transaction'

const ORDER = ['dayOfWeek', 'startTime']

async function requireService(req: PayloadRequest, scope: CatalogueScope, serviceId: string): Promise<void> {
  if (!(await findServiceDoc(req, scope, serviceId))) throw notFound('Service not found')
}

/** A slot of a service within the scope (another's is as missing as none). */
async function existing(req: PayloadRequest, scope: CatalogueScope, id: string): Promise<ServiceAvailability> {
  const doc = isUuid(id)
    ? await req.payload.findByID({
        collection: SLOTS_COLLECTION,
        id,
        depth: 0,
        disableErrors: true,
        overrideAccess: false,
        req,
      })
    : null
  if (!doc) throw notFound('Slot not found')
  // Slots of active services are public: readable is not manageable.
  if (scope.kind !== 'everything' && !(await findServiceDoc(req, scope, idOf(doc.service) ?? '')))
    throw notFound('Slot not found')
  return doc
}

async function slotsOf(req: PayloadRequest, serviceId: string): Promise<SlotView[]> {
  const { docs } = await req.payload.find({
    collection: SLOTS_COLLECTION,
    where: { service: { equals: serviceId } },
    sort: ORDER,
    depth: 0,
    pagination: false,
    overrideAccess: false,
    req,
  })
  return docs.map(presentSlot)
}

/** The weekly slots and the exceptions (docs/api.md "Exceptions: days off and extra hours";
 * `from`/`to` filter the exceptions).
 */
export async function listSlots(
  req: PayloadRequest,
  scope: CatalogueScope,
  serviceId: string,
  range: { from?: string; to?: string } = {},
): Promise<{ slots: SlotView[]; exceptions: ExceptionView[] }> {
  await requireService(req, scope, serviceId)
  return { slots: await slotsOf(req, serviceId), exceptions: await exceptionsOf(req, serviceId, range) }
}

export function createSlot(
  req: PayloadRequest,
  scope: CatalogueScope,
  input: Required<Pick<SlotInput, 'dayOfWeek' | 'startTime' | 'endTime'>> & SlotInput & { serviceId: string },
): Promise<{ slot: SlotView }> {
  return catalogueTransaction(req, async () => {
    await requireService(req, scope, input.serviceId)
    const doc = await req.payload.create({
      collection: SLOTS_COLLECTION,
      data: newSlotData(input),
      depth: 0,
      overrideAccess: false,
      req,
    })
    return { slot: presentSlot(doc) }
  })
}

export function updateSlot(
  req: PayloadRequest,
  scope: CatalogueScope,
  id: string,
  input: SlotInput,
): Promise<{ slot: SlotView }> {
  return catalogueTransaction(req, async () => {
    await existing(req, scope, id)
    const doc = await req.payload.update({
      collection: SLOTS_COLLECTION,
      id,
      data: slotData(input),
      depth: 0,
      overrideAccess: false,
      req,
    })
    return { slot: presentSlot(doc) }
  })
}

export function deleteSlot(req: PayloadRequest, scope: CatalogueScope, id: string): Promise<{ success: true }> {
  return catalogueTransaction(req, async () => {
    await existing(req, scope, id)
    await req.payload.delete({ collection: SLOTS_COLLECTION, id, depth: 0, overrideAccess: false, req })
    return { success: true as const }
  })
}

/** The first pair of slots in `slots` that overlap, if any. */
function firstOverlap(slots: SlotTimes[]): [SlotTimes, SlotTimes] | undefined {
  for (let i = 0; i < slots.length; i++) {
    for (let j = i + 1; j < slots.length; j++) if (overlaps(slots[i]!, slots[j]!)) return [slots[i]!, slots[j]!]
  }
  return undefined
}

/**
 * Replaces every slot of a service, all or nothing: one invalid or overlapping slot and the
 * service keeps the slots it had. One audit entry, `service_availability.bulk_set`.
 */
export function bulkSetSlots(
  req: PayloadRequest,
  scope: CatalogueScope,
  serviceId: string,
  slots: Array<SlotTimes & { isAvailable?: boolean }>,
): Promise<{ slots: SlotView[] }> {
  return catalogueTransaction(req, async () => {
    await requireService(req, scope, serviceId)
    const clash = firstOverlap(slots)
    if (clash) {
      const [a, b] = clash
      throw apiError(
        'slot_overlap',
        `Slots ${a.startTime}–${a.endTime} and ${b.startTime}–${b.endTime} overlap on day ${a.dayOfWeek}`,
      )
    }
    // Held to the end: a slot written meanwhile by someone else can neither survive the
    // replacement unseen nor slip in between the delete and the inserts.
    await lockServiceRow(req, serviceId)
    const previous = await slotsOf(req, serviceId)
    await withContext(req, { skipAudit: true }, async () => {
      const removed = await req.payload.delete({
        collection: SLOTS_COLLECTION,
        where: { service: { equals: serviceId } },
        depth: 0,
        overrideAccess: false,
        req,
      })
      // A bulk delete reports per-document failures instead of throwing.
      if (removed.errors.length > 0)
        throw new Error(`bulkSet could not remove slots: ${removed.errors.map((error) => error.message).join('; ')}`)
      for (const slot of slots) {
        await req.payload.create({
          collection: SLOTS_COLLECTION,
          data: newSlotData({ ...slot, serviceId }),
          depth: 0,
          overrideAccess: false,
          req,
        })
      }
    })
    const current = await slotsOf(req, serviceId)
    await writeAudit(req, {
      action: 'service_availability.bulk_set',
      targetType: SERVICES,
      targetId: serviceId,
      data: { previous: previous.map(withoutIds), slots: current.map(withoutIds) },
    })
    return { slots: current }
  })
}

const withoutIds = ({ id: _id, serviceId: _serviceId, ...slot }: SlotView) => slot
