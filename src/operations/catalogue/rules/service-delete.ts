// Deleting a service: refused while pending or confirmed bookings exist (409
// `service_has_bookings`); its slots go with it. Past bookings stay, with `service` emptied by
// the foreign key, as the history of what happened.
import type { CollectionBeforeDeleteHook } from 'payload'

import { RuleRefusal } from '../errors'
import { lockServiceRow } from '../transaction'
import { EXCEPTIONS_COLLECTION } from './exceptions'
import { SLOTS_COLLECTION } from './slots'

export const OPEN_BOOKING_STATUSES = ['pending', 'confirmed']

export const refuseWithOpenBookingsAndDropSlots: CollectionBeforeDeleteHook = async ({ id, req }) => {
  // A booking being created for this service waits for the delete to finish, and vice versa.
  await lockServiceRow(req, String(id))
  const { totalDocs } = await req.payload.count({
    collection: 'bookings',
    where: { and: [{ service: { equals: id } }, { status: { in: OPEN_BOOKING_STATUSES } }] },
    overrideAccess: true,
    req,
  })
  if (totalDocs > 0) {
    throw new RuleRefusal(
      'service_has_bookings',
      `This service has ${totalDocs} pending or confirmed booking${totalDocs === 1 ? '' : 's'}; finish or cancel them first`,
    )
  }
  // Adapter-level delete: no hooks, so no audit entry per slot; the service's own entry says it.
  await req.payload.db.deleteMany({ collection: SLOTS_COLLECTION, where: { service: { equals: id } }, req })
  await req.payload.db.deleteMany({ collection: EXCEPTIONS_COLLECTION, where: { service: { equals: id } }, req })
}
