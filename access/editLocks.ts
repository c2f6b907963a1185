import type { Access, CollectionBeforeOperationHook } from 'payload'

import { canUseAdminPanel } from './canUseAdminPanel'
import { isAdminUser } from './isAdmin'

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
