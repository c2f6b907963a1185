import { type Access, type CollectionBeforeOperationHook, ValidationError } from 'payload'

import { isAdminUser } from '../domain/permissions'
import { canUseAdminPanel } from './canUseAdminPanel'

// Payload's own `payload-locked-documents` (who is editing what in the admin panel) is open to
// any signed-in user by default: a citizen could list what admins edit, or lock any document
// against them. Only panel users take locks; admins see and clear all, a moderator their own.
export const takeEditLock: Access = ({ req }) => canUseAdminPanel({ req })

export const ownEditLocks: Access = ({ req }) => {
  if (isAdminUser(req)) return true
  if (!req.user || !canUseAdminPanel({ req })) return false
  return { 'user.value': { equals: req.user.id } }
}

/** A lock taken over HTTP is the caller's, whoever the body names. */
export const lockOwnedByCaller: CollectionBeforeOperationHook = ({ args, operation, overrideAccess, req }) => {
  if (operation !== 'create' || overrideAccess || !req.user) return args
  const create = args as { data?: Record<string, unknown> }
  create.data = { ...create.data, user: { relationTo: 'users', value: req.user.id } }
  return args
}

/**
 * A lock names its document as `{relationTo, value}` of a collection, or none (a global's lock).
 * Anything else reached Payload's relationship hooks, which threw a TypeError: a 500 (fuzzer,
 * docs/reliability.md). Checked before any hook runs.
 */
export const lockNamesADocument: CollectionBeforeOperationHook = ({ args, collection, operation, req }) => {
  if (operation !== 'create' && operation !== 'update') return args
  const document = (args as { data?: Record<string, unknown> }).data?.document
  if (document === undefined || document === null) return args
  const { relationTo, value } = (typeof document === 'object' && !Array.isArray(document) ? document : {}) as Record<
    string,
    unknown
  >
  const known = typeof relationTo === 'string' && Object.hasOwn(req.payload.collections, relationTo)
  if (!known || !(typeof value === 'string' || typeof value === 'number')) {
    throw new ValidationError({
      collection: collection.slug,
      errors: [{ path: 'document', message: 'document must be {"relationTo": <a collection>, "value": <its id>}' }],
    })
  }
  return args
}
