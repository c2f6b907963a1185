// The stock REST routes' half of docs/decisions.md "Organizations manage their
// services through the admin catalogue": an organization's owners and admins manage
// its services, their availability slots and their bookings, with the same rule the
// admin catalogue's operations apply (src/lib/catalogue-scope.ts). Each rule is
// combined with `isAdmin` by `anyOf`; for anyone who manages no organization it allows
// nothing.
import type { Access, PayloadRequest, Where } from 'payload'

import { idOf, isUuid } from '../domain/ids'
import {
  catalogueScope,
  inScope,
  managedOrganizations,
  serviceOwnership,
  serviceWriteRefusal,
} from '../src/lib/catalogue-scope'

type Data = Record<string, unknown> | undefined

/** The service named by `value` belongs to an organization the caller manages. */
async function managesService(req: PayloadRequest, value: unknown): Promise<boolean> {
  const id = idOf(value)
  if (!isUuid(id)) return false
  const service = await serviceOwnership(req, id)
  return service !== null && inScope(await catalogueScope(req), service.organization)
}

/** `where` for the caller's organizations, or false when they manage none. */
async function managed(req: PayloadRequest, where: (ids: string[]) => Where): Promise<Where | false> {
  const ids = await managedOrganizations(req)
  return ids.length > 0 ? where(ids) : false
}

const servicesWhere = (ids: string[]): Where => ({ organization: { in: ids } })
const ofServicesWhere = (ids: string[]): Where => ({ 'service.organization': { in: ids } })

// Services ------------------------------------------------------------------------------

/** Reading and deleting: the services of the caller's organizations. */
export const servicesOfManagedOrganizations: Access = ({ req }) => managed(req, servicesWhere)

/** Creating: only into an organization the caller manages, by the catalogue's rule. */
export const createsManagedService: Access = async ({ req, data }) => {
  const scope = await catalogueScope(req)
  if (scope.kind !== 'organizations' || scope.ids.length === 0) return false
  return (await serviceWriteRefusal(req, scope, (data as Data) ?? {}, null)) === null
}

/**
 * Updating: their organizations' services, and the change itself allowed by the catalogue's
 * rule (a move only between organizations they manage, curated flags untouched). A bulk
 * update (no id) may not touch the fields the rule judges against the stored service.
 */
export const updatesManagedService: Access = async ({ req, id, data }) => {
  const scope = await catalogueScope(req)
  if (scope.kind !== 'organizations' || scope.ids.length === 0) return false
  const changes = (data as Data) ?? {}
  const current = isUuid(id) ? await serviceOwnership(req, id) : null
  if (current && inScope(scope, current.organization)) {
    if (await serviceWriteRefusal(req, scope, changes, current)) return false
  } else if (
    !isUuid(id) &&
    ['organization', 'provider', 'isFeatured', 'displayInHome'].some((key) => changes[key] !== undefined)
  ) {
    return false
  }
  return servicesWhere([...scope.ids])
}

// Availability slots ----------------------------------------------------------------------

/** Reading, updating and deleting the slots of their services; a slot may not move to someone else's service. */
export const slotsOfManagedServices: Access = async ({ req, data }) => {
  const service = (data as Data)?.service
  if (service !== undefined && !(await managesService(req, service))) return false
  return managed(req, ofServicesWhere)
}

/** Creating a slot for one of their services. */
export const createsManagedSlot: Access = ({ req, data }) => managesService(req, (data as Data)?.service)

// Bookings ------------------------------------------------------------------------------

/** Reading and moving the bookings of their services; a booking may not move to someone else's service. */
export const bookingsOfManagedServices: Access = async ({ req, data }) => {
  const service = (data as Data)?.service
  if (service !== undefined && !(await managesService(req, service))) return false
  return managed(req, ofServicesWhere)
}
