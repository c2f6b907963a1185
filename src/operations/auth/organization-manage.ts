// Organizations as their members run them (docs/api.md "Accounts beyond sign-in
// (/api/auth)", Better Auth's organization plugin): create (the creator is its
// owner, and it becomes the session's active organization unless asked not to),
// update (owners and admins), delete (owners), slug checks, members and their
// roles, leaving. Roles owner > admin > member; an organization always keeps an
// owner, decided under a lock on its membership rows.
import type { PayloadRequest } from 'payload'

import type { ActionsAfter, AuditData } from '../../../domain/audit-actions'
import { writeAudit } from '../../../hooks/shared/audit'
import type { Caller } from '../../lib/auth/current'
import {
  findMember,
  findMembership,
  findOrganization,
  lockMembers,
  type MemberRow,
  type OrganizationRow,
  type OrgRole,
} from '../../lib/auth/organization-rows'
import { apiError, forbidden } from '../../lib/http/errors'
import { inTransaction } from '../../lib/transaction'
import { isUniqueViolation } from '../../lib/unique-violation'
import { removeOrganization } from '../organizations/delete-organization'
import { activateInSession } from './organizations'

export const organizationNotFound = () => apiError('organization_not_found')
export const memberNotFound = () => apiError('member_not_found')
export const slugTaken = () => apiError('slug_is_taken')
export const lastOwner = () => apiError('last_owner')
export const noActiveOrganization = () => apiError('no_active_organization')

const MANAGERS: readonly OrgRole[] = ['owner', 'admin']

/** The organization named (or the session's active one) and the caller's membership in it. */
export async function organizationFor(
  req: PayloadRequest,
  caller: Caller,
  idOrSlug: string | undefined | null,
): Promise<{ organization: OrganizationRow; membership: MemberRow }> {
  const wanted = idOrSlug ?? caller.current.session.activeOrganizationId
  if (!wanted) throw noActiveOrganization()
  const organization = await findOrganization(req, wanted)
  if (!organization) throw organizationNotFound()
  const membership = await findMembership(req, String(organization.id), caller.user.id)
  // Outsiders learn no more than that they are not members.
  if (!membership) throw forbidden('You are not a member of this organization')
  return { organization, membership }
}

export function requireRole(membership: MemberRow, roles: readonly OrgRole[] = MANAGERS): void {
  if (!roles.includes(membership.role)) throw forbidden(`Only ${roles.join(' or ')}s of this organization may do this`)
}

async function audit<S extends ActionsAfter<'organization.'>>(
  req: PayloadRequest,
  action: S,
  organizationId: string,
  data: AuditData<`organization.${S}`>,
) {
  await writeAudit(req, {
    action: `organization.${action}` as const,
    targetType: 'organizations',
    targetId: organizationId,
    data,
  })
}

async function writeOrganization(write: () => Promise<unknown>): Promise<void> {
  try {
    await write()
  } catch (error) {
    if (isUniqueViolation(error, 'slug')) throw slugTaken()
    throw error
  }
}

export async function slugIsFree(req: PayloadRequest, slug: string): Promise<boolean> {
  return (await findOrganization(req, slug)) === null
}

/** What an organization's owners and admins may set: Better Auth's organization fields. */
export interface OrganizationData {
  name?: string
  slug?: string
  logo?: string | null
  metadata?: Record<string, unknown> | null
}

export async function createOrganization(
  req: PayloadRequest,
  caller: Caller,
  input: OrganizationData & { name: string; slug: string },
  options: { activate: boolean },
): Promise<{ organization: OrganizationRow; membership: MemberRow }> {
  return inTransaction(req, async () => {
    if (!(await slugIsFree(req, input.slug))) throw slugTaken()
    let id = ''
    await writeOrganization(async () => {
      id = String(
        (
          await req.payload.create({
            collection: 'organizations',
            data: input as never,
            overrideAccess: true,
            context: { skipAudit: true },
            req,
          })
        ).id,
      )
    })
    await req.payload.create({
      collection: 'memberships',
      data: { organization: id, user: caller.user.id, role: 'owner' } as never,
      overrideAccess: true,
      context: { skipAudit: true },
      req,
    })
    // Better Auth makes the new organization the session's active one (unless
    // keepCurrentActiveOrganization): in this transaction, so both happen or neither.
    if (options.activate) await activateInSession(req, caller.current.session.id, id)
    await audit(req, 'create', id, { ...input, activeInSession: options.activate })
    return {
      organization: (await findOrganization(req, id))!,
      membership: (await findMembership(req, id, caller.user.id))!,
    }
  })
}

export async function updateOrganization(
  req: PayloadRequest,
  caller: Caller,
  idOrSlug: string | undefined,
  data: OrganizationData,
): Promise<OrganizationRow> {
  const { organization, membership } = await organizationFor(req, caller, idOrSlug)
  requireRole(membership)
  return inTransaction(req, async () => {
    if (data.slug && data.slug !== organization.slug && !(await slugIsFree(req, data.slug))) throw slugTaken()
    await writeOrganization(() =>
      req.payload.update({
        collection: 'organizations',
        id: String(organization.id),
        data: data as never,
        overrideAccess: true,
        context: { skipAudit: true },
        req,
      }),
    )
    await audit(req, 'update', String(organization.id), { ...data })
    return (await findOrganization(req, String(organization.id)))!
  })
}

/** Owners only; the same delete as the admin API's (refusals, side effects, audit). */
export function deleteOrganization(req: PayloadRequest, caller: Caller, idOrSlug: string): Promise<OrganizationRow> {
  return inTransaction(req, async () => {
    const { organization, membership } = await organizationFor(req, caller, idOrSlug)
    requireRole(membership, ['owner'])
    await removeOrganization(req, String(organization.id))
    return organization
  })
}

const owners = (rows: Array<{ role: OrgRole }>) => rows.filter((row) => row.role === 'owner').length

export async function updateMemberRole(
  req: PayloadRequest,
  caller: Caller,
  idOrSlug: string | undefined,
  memberId: string,
  role: OrgRole,
): Promise<MemberRow> {
  const { organization, membership } = await organizationFor(req, caller, idOrSlug)
  requireRole(membership)
  const organizationId = String(organization.id)
  return inTransaction(req, async () => {
    const locked = await lockMembers(req, organizationId)
    // Read again under the lock: the caller's own role may have just changed.
    const me = await findMembership(req, organizationId, caller.user.id)
    if (!me) throw forbidden('You are not a member of this organization')
    requireRole(me)
    const member = await findMember(req, organizationId, memberId)
    if (!member) throw memberNotFound()
    // Only owners make owners or touch an owner.
    if ((role === 'owner' || member.role === 'owner') && me.role !== 'owner')
      throw forbidden('Only owners may grant or change the owner role')
    if (member.role === 'owner' && role !== 'owner' && owners(locked) <= 1) throw lastOwner()
    await req.payload.update({
      collection: 'memberships',
      id: String(member.id),
      data: { role } as never,
      overrideAccess: true,
      context: { skipAudit: true },
      req,
    })
    await audit(req, 'member_role_updated', organizationId, {
      memberId: String(member.id),
      userId: String(member.user_id),
      role,
      previous: member.role,
    })
    return { ...member, role }
  })
}

async function removeMembership(
  req: PayloadRequest,
  organizationId: string,
  member: MemberRow,
  action: 'member_removed' | 'member_left',
): Promise<void> {
  const locked = await lockMembers(req, organizationId)
  if (member.role === 'owner' && owners(locked) <= 1) throw lastOwner()
  await req.payload.delete({
    collection: 'memberships',
    id: String(member.id),
    overrideAccess: true,
    context: { skipAudit: true },
    req,
  })
  // A session that had this organization active no longer may.
  await req.payload.update({
    collection: 'sessions',
    where: { and: [{ user: { equals: String(member.user_id) } }, { activeOrganization: { equals: organizationId } }] },
    data: { activeOrganization: null } as never,
    overrideAccess: true,
    req,
  })
  await audit(req, action, organizationId, {
    memberId: String(member.id),
    userId: String(member.user_id),
    role: member.role,
  })
}

export async function removeMember(
  req: PayloadRequest,
  caller: Caller,
  idOrSlug: string | undefined,
  memberIdOrEmail: string,
): Promise<MemberRow> {
  const { organization, membership } = await organizationFor(req, caller, idOrSlug)
  requireRole(membership)
  const organizationId = String(organization.id)
  return inTransaction(req, async () => {
    await lockMembers(req, organizationId)
    const me = await findMembership(req, organizationId, caller.user.id)
    if (!me) throw forbidden('You are not a member of this organization')
    requireRole(me)
    const member = await findMember(req, organizationId, memberIdOrEmail)
    if (!member) throw memberNotFound()
    if (member.role === 'owner' && me.role !== 'owner') throw forbidden('Only owners may remove an owner')
    await removeMembership(req, organizationId, member, 'member_removed')
    return member
  })
}

export async function leaveOrganization(req: PayloadRequest, caller: Caller, idOrSlug: string): Promise<MemberRow> {
  const { organization } = await organizationFor(req, caller, idOrSlug)
  const organizationId = String(organization.id)
  return inTransaction(req, async () => {
    await lockMembers(req, organizationId)
    const me = await findMembership(req, organizationId, caller.user.id)
    if (!me) throw forbidden('You are not a member of this organization')
    await removeMembership(req, organizationId, me, 'member_left')
    return me
  })
}
