// Whose services a caller manages in the catalogue, one rule for the admin routes and the stock routes,
// read from memberships on every request (docs/decisions.md "Organizations manage their services through
// the admin catalogue").
import type { PayloadRequest } from 'payload'

import { idOf } from '../../domain/ids'
import { hasRole } from '../../domain/permissions'
import { ApiError, forbidden, invalidRequest } from './http/errors'
import { runIn, statement } from './prepared'

export type CatalogueScope = { kind: 'everything' } | { kind: 'organizations'; ids: readonly string[] }

export const EVERYTHING: CatalogueScope = { kind: 'everything' }

/** The membership roles that manage an organization's services (`member` does not). */
export const SERVICE_MANAGER_ROLES = ['owner', 'admin'] as const

const MANAGED = statement(
  'catalogue-managed-organizations',
  `SELECT organization_id::text AS id FROM memberships WHERE user_id = $1 AND role IN ('owner', 'admin') ORDER BY organization_id`,
)
const SERVICE_OWNERSHIP = statement(
  'catalogue-service-ownership',
  `SELECT organization_id::text AS organization, provider_id::text AS provider, is_featured AS "isFeatured", display_in_home AS "displayInHome"
     FROM service_listings WHERE id = $1`,
)
const IS_MEMBER = statement(
  'catalogue-is-member',
  'SELECT 1 FROM memberships WHERE organization_id = $1 AND user_id = $2',
)

// One read per request however many access checks a request makes (a stock list runs the
// read rule once per relationship it populates); a new request reads again.
const managedByRequest = new WeakMap<object, Promise<string[]>>()

/** The organizations the caller is an owner or admin of; none for an anonymous caller. */
export function managedOrganizations(req: PayloadRequest): Promise<string[]> {
  const userId = req.user?.id
  if (!userId) return Promise.resolve([])
  let found = managedByRequest.get(req)
  if (!found) {
    found = runIn<{ id: string }>(req, MANAGED, [String(userId)]).then(({ rows }) => rows.map((row) => row.id))
    // A failed read is not remembered: the next check asks again.
    found.catch(() => managedByRequest.delete(req))
    managedByRequest.set(req, found)
  }
  return found
}

/** The caller's scope: everything for a platform admin, else the organizations they manage (maybe none). */
export async function catalogueScope(req: PayloadRequest): Promise<CatalogueScope> {
  if (hasRole(req.user, 'admin')) return EVERYTHING
  return { kind: 'organizations', ids: await managedOrganizations(req) }
}

export const managesAnything = (scope: CatalogueScope) => scope.kind === 'everything' || scope.ids.length > 0

/** Whether a service of `organizationId` (an id, a populated doc, or null) is within the scope. */
export function inScope(scope: CatalogueScope, organizationId: unknown): boolean {
  if (scope.kind === 'everything') return true
  const id = idOf(organizationId)
  return typeof id === 'string' && scope.ids.includes(id)
}

/** The stored fields a manager's write is judged against. */
export interface ServiceOwnership {
  organization: string | null
  provider: string | null
  isFeatured: boolean
  displayInHome: boolean
}

export async function serviceOwnership(req: PayloadRequest, serviceId: string): Promise<ServiceOwnership | null> {
  return (await runIn<ServiceOwnership>(req, SERVICE_OWNERSHIP, [serviceId])).rows[0] ?? null
}

/** Home-page curation stays the platform's: a manager may not change these flags. */
const CURATED = ['isFeatured', 'displayInHome'] as const

/**
 * Why a caller within `scope` may not write `data` (Payload field names) onto the stored
 * service `current` (null on create), or null when they may. Platform admins may write
 * anything. A manager's service must name one of their organizations (on create, and when
 * moved: only between organizations they manage), its provider must be a member of that
 * organization, and the curated flags keep their value.
 */
export async function serviceWriteRefusal(
  req: PayloadRequest,
  scope: CatalogueScope,
  data: Record<string, unknown>,
  current: ServiceOwnership | null,
): Promise<ApiError | null> {
  if (scope.kind === 'everything') return null
  const moving = data.organization !== undefined
  const organization = moving ? (idOf(data.organization) as string | null) : (current?.organization ?? null)
  if (!current && !organization) {
    return invalidRequest('organizationId is required: the organization you manage that the service belongs to', [
      { path: 'organizationId', message: 'Required: an organization you are an owner or admin of' },
    ])
  }
  if (moving && !inScope(scope, organization))
    return forbidden('You may only put a service in an organization you are an owner or admin of')
  for (const flag of CURATED) {
    if (data[flag] !== undefined && Boolean(data[flag]) !== Boolean(current?.[flag] ?? false)) {
      return forbidden(`Only platform admins change ${flag}`)
    }
  }
  const provider = data.provider !== undefined ? (idOf(data.provider) as string | null) : (current?.provider ?? null)
  if ((moving || data.provider !== undefined) && provider) {
    const { rows } = await runIn(req, IS_MEMBER, [organization, provider])
    if (rows.length === 0) {
      return invalidRequest('providerId: the provider must be a member of the service’s organization', [
        { path: 'providerId', message: 'Not a member of the service’s organization' },
      ])
    }
  }
  return null
}

/** Throws what `serviceWriteRefusal` found, for the catalogue's operations. */
export async function assertServiceWrite(
  req: PayloadRequest,
  scope: CatalogueScope,
  data: Record<string, unknown>,
  current: ServiceOwnership | null,
): Promise<void> {
  const refusal = await serviceWriteRefusal(req, scope, data, current)
  if (refusal) throw refusal
}
