// The current user's organizations and the session's active one (docs/api.md "Accounts (/api/auth)").
import type { PayloadRequest } from 'payload'

import { writeAudit } from '../../../hooks/shared/audit'
import { sessionOf } from '../../lib/auth/sessions'
import { forbidden, unauthorized } from '../../lib/http/errors'
import { inTransaction } from '../../lib/transaction'
import type { Membership } from '../../payload-types'

export interface MemberOrganization {
  id: string
  name: string
  slug: string
  role: string
  createdAt: string
}

function present(membership: Membership): MemberOrganization | null {
  const org = membership.organization
  if (!org || typeof org !== 'object') return null
  return { id: String(org.id), name: org.name, slug: org.slug, role: membership.role, createdAt: org.createdAt }
}

export async function listOrganizations(req: PayloadRequest): Promise<MemberOrganization[]> {
  if (!req.user) throw unauthorized()
  const { docs } = await req.payload.find({
    collection: 'memberships',
    where: { user: { equals: req.user.id } },
    depth: 1,
    limit: 0,
    pagination: false,
    sort: 'createdAt',
    overrideAccess: true,
    req,
  })
  return docs.map(present).filter((org): org is MemberOrganization => org !== null)
}

/**
 * Makes `organizationId` (null: none) the active organization of the session `sessionId`, in
 * the caller's transaction. By `where`, not `id`: a cookie client trusted from its cache may
 * hold a session that was revoked meanwhile, which is 401, not a NotFound thrown as a 500.
 */
export async function activateInSession(
  req: PayloadRequest,
  sessionId: string,
  organizationId: string | null,
): Promise<void> {
  const { docs } = await req.payload.update({
    collection: 'sessions',
    where: { id: { equals: sessionId } },
    data: { activeOrganization: organizationId } as never,
    overrideAccess: true,
    req,
  })
  if (docs.length === 0) throw unauthorized('Your session has ended; sign in again')
}

async function membershipIn(
  req: PayloadRequest,
  userId: string,
  organizationId: string,
): Promise<MemberOrganization | null> {
  const { docs } = await req.payload.find({
    collection: 'memberships',
    where: { and: [{ user: { equals: userId } }, { organization: { equals: organizationId } }] },
    depth: 1,
    limit: 1,
    pagination: false,
    overrideAccess: true,
    req,
  })
  return docs[0] ? present(docs[0]) : null
}

async function organizationIdOfSlug(req: PayloadRequest, slug: string): Promise<string | null> {
  const { docs } = await req.payload.find({
    collection: 'organizations',
    where: { slug: { equals: slug } },
    depth: 0,
    limit: 1,
    pagination: false,
    overrideAccess: true,
    req,
  })
  return docs[0] ? String(docs[0].id) : null
}

export interface SetActiveInput {
  /** An organization's id; null clears the active organization. */
  organizationId?: string | null
  /** Its slug, used when organizationId is not given (Better Auth's alternative). */
  organizationSlug?: string
}

/**
 * Better Auth's set-active: by id or slug (the id wins when both are given), `null` clears,
 * and neither answers the current active organization (or null) without changing anything.
 * An unknown organization is refused like one the caller is not in (403), so outsiders learn
 * nothing about which exist.
 */
export async function setActiveOrganization(req: PayloadRequest, input: SetActiveInput) {
  const current = sessionOf(req)
  if (!req.user || !current) throw unauthorized()
  const userId = String(req.user.id)
  const notMember = () => forbidden('You are not a member of this organization')
  if (input.organizationId === undefined && input.organizationSlug === undefined) {
    const active = current.session.activeOrganizationId
    if (!active) return { organization: null, session: current.session, changed: false }
    const organization = await membershipIn(req, userId, active)
    if (!organization) throw notMember()
    return { organization, session: current.session, changed: false }
  }
  let organizationId: string | null = input.organizationId ?? null
  if (input.organizationId === undefined) {
    organizationId = await organizationIdOfSlug(req, input.organizationSlug!)
    if (!organizationId) throw notMember()
  }
  let organization: MemberOrganization | null = null
  if (organizationId !== null) {
    organization = await membershipIn(req, userId, organizationId)
    if (!organization) throw notMember()
  }
  await inTransaction(req, async () => {
    await activateInSession(req, current.session.id, organizationId)
    await writeAudit(req, {
      action: 'organization.set_active',
      targetType: 'organizations',
      targetId: organizationId,
      data: { sessionId: current.session.id, organizationId },
    })
  })
  return { organization, session: { ...current.session, activeOrganizationId: organizationId }, changed: true }
}
