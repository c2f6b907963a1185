// Role guards of the endpoints. Every /api/admin/* route needs an admin session, answering 403
// `forbidden` otherwise, anonymous callers included. The catalogue's service, availability and
// booking routes also admit the owners and admins of organizations, for their organizations'
// services (docs/decisions.md "Organizations manage their services through the admin
// catalogue"): the guard hands the caller's scope to the operations, which hold every read and
// write to it.
import type { PayloadRequest } from 'payload'

import { hasRole } from '../domain/permissions'
import { type CatalogueScope, catalogueScope, managesAnything } from '../src/lib/catalogue-scope'
import { requireAllowed } from '../src/lib/http/guards'

export const requireAdmin = (req: PayloadRequest) =>
  requireAllowed(req, (user) => hasRole(user, 'admin'), 'Admin access required')

/** A platform admin (every service), or an owner or admin of at least one organization (its services); else 403. */
export async function requireCatalogueManager(req: PayloadRequest): Promise<CatalogueScope> {
  const scope = await catalogueScope(req)
  requireAllowed(
    req,
    () => managesAnything(scope),
    'Admin access, or the owner or admin role in an organization, required',
  )
  return scope
}
