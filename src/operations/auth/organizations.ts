// The current user's organizations and the session's active one (API-CONTRACT §2).
import type { PayloadRequest } from 'payload'

import { writeAudit } from '../../../hooks/shared/audit'
import { sessionOf } from '../../lib/auth/sessions'
import { forbidden, unauthorized } from '../../lib/http/errors'
import { inTransaction } from '../../lib/transaction'

export interface MemberOrganization {
  id: string
  name: string
  slug: string
  role: string
  createdAt: string
}

interface MembershipDoc {
  role: string
  organization: { id: string; name: string; slug: string; createdAt: string } | string
}

function present(membership: MembershipDoc): MemberOrganization | null {
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
  return (docs as unknown as MembershipDoc[]).map(present).filter((org): org is MemberOrganization => org !== null)
}

export async function setActiveOrganization(req: PayloadRequest, organizationId: string | null) {
  const current = sessionOf(req)
  if (!req.user || !current) throw unauthorized()
  let organization: MemberOrganization | null = null
  if (organizationId !== null) {
    const { docs } = await req.payload.find({
      collection: 'memberships',
      where: { and: [{ user: { equals: req.user.id } }, { organization: { equals: organizationId } }] },
      depth: 1,
      limit: 1,
      pagination: false,
      overrideAccess: true,
      req,
    })
    organization = docs[0] ? present(docs[0] as unknown as MembershipDoc) : null
    if (!organization) throw forbidden('You are not a member of this organization')
  }
  await inTransaction(req, async () => {
    // By `where`, not `id`: a cookie client trusted from its cache may hold a session that
    // was revoked meanwhile, which is 401, not a NotFound thrown as a 500.
    const { docs } = await req.payload.update({
      collection: 'sessions',
      where: { id: { equals: current.session.id } },
      data: { activeOrganization: organizationId } as never,
      overrideAccess: true,
      req,
    })
    if (docs.length === 0) throw unauthorized('Your session has ended; sign in again')
    await writeAudit(req, { action: 'organization.set_active', targetType: 'organizations', targetId: organizationId, data: { sessionId: current.session.id, organizationId } })
  })
  return { organization, session: { ...current.session, activeOrganizationId: organizationId } }
}
