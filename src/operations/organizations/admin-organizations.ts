// Every organization, for the platform's admins (docs/api.md "Admin organizations:
// /api/admin/organizations"): the list with member and service counts, one organization with
// its members, and the changes an admin tool makes, each one transaction with its audit
// entry `organization.<action>`. The rules of docs/api.md "Accounts beyond sign-in
// (/api/auth)" hold: an organization keeps at least one owner (decided under a lock on its
// membership rows, as the member routes decide it), a user is a member once, and an
// organization that owns services is not deleted.
import type { PayloadRequest } from 'payload'

import type { ActionsAfter, AuditData } from '../../../domain/audit-actions'
import { isUuid } from '../../../domain/ids'
import { writeAudit } from '../../../hooks/shared/audit'
import { lockMembers, type OrgRole } from '../../lib/auth/organization-rows'
import { apiError, invalidRequest, notFound } from '../../lib/http/errors'
import { paginated, type Pagination } from '../../lib/http/pagination'
import { execute, sql } from '../../lib/sql'
import { inTransaction } from '../../lib/transaction'
import { isUniqueViolation } from '../../lib/unique-violation'
import { lastOwner } from '../auth/organization-manage'
import { removeOrganization } from './delete-organization'

export const slugTaken = () => apiError('slug_taken')
export const alreadyMember = () => apiError('already_member', 'This user is already a member of the organization')

type Row = Record<string, unknown>
const iso = (value: unknown) => new Date(value as string).toISOString()

export interface OrganizationSummary {
  id: string
  name: string
  slug: string
  memberCount: number
  serviceCount: number
  createdAt: string
}

export interface OrganizationMember {
  userId: string
  email: string
  name: string | null
  role: OrgRole
  createdAt: string
}

const summaryOf = (row: Row): OrganizationSummary => ({
  id: String(row.id),
  name: String(row.name),
  slug: String(row.slug),
  memberCount: Number(row.member_count),
  serviceCount: Number(row.service_count),
  createdAt: iso(row.created_at),
})

const SUMMARY = sql`SELECT o.id, o.name, o.slug, o.created_at,
       (SELECT count(*) FROM memberships m WHERE m.organization_id = o.id)::int AS member_count,
       (SELECT count(*) FROM service_listings s WHERE s.organization_id = o.id)::int AS service_count
  FROM organizations o`

export async function listOrganizations(req: PayloadRequest, q: string | undefined, page: Pagination) {
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
  const filter = sql`(${pattern}::text IS NULL OR o.name ILIKE ${pattern} OR o.slug ILIKE ${pattern})`
  const [rows, total] = await Promise.all([
    execute(
      req,
      sql`${SUMMARY} WHERE ${filter} ORDER BY o.created_at DESC, o.id DESC LIMIT ${page.perPage} OFFSET ${(page.page - 1) * page.perPage}`,
    ),
    execute(req, sql`SELECT count(*)::int AS n FROM organizations o WHERE ${filter}`),
  ])
  return paginated('organizations', rows.map(summaryOf), Number(total[0]?.n ?? 0), page)
}

async function members(req: PayloadRequest, id: string): Promise<OrganizationMember[]> {
  const rows = await execute(
    req,
    sql`SELECT m.user_id, u.email, u.name, m.role, m.created_at FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.organization_id = ${id} ORDER BY m.created_at, m.id`,
  )
  return rows.map((row) => ({
    userId: String(row.user_id),
    email: String(row.email),
    name: (row.name as string | null) ?? null,
    role: row.role as OrgRole,
    createdAt: iso(row.created_at),
  }))
}

export async function getOrganization(
  req: PayloadRequest,
  id: string,
): Promise<{ organization: OrganizationSummary & { members: OrganizationMember[] } }> {
  const rows = isUuid(id) ? await execute(req, sql`${SUMMARY} WHERE o.id = ${id}`) : []
  if (!rows[0]) throw notFound('Organization not found')
  return { organization: { ...summaryOf(rows[0]), members: await members(req, id) } }
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

async function slugIsFree(req: PayloadRequest, slug: string, exceptId?: string): Promise<boolean> {
  const rows = await execute(
    req,
    sql`SELECT 1 FROM organizations WHERE slug = ${slug} AND (${exceptId ?? null}::uuid IS NULL OR id <> ${exceptId ?? null}::uuid)`,
  )
  return rows.length === 0
}

async function writeSlug<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error, 'slug')) throw slugTaken()
    throw error
  }
}

async function userExists(req: PayloadRequest, userId: string, path: string): Promise<void> {
  const rows = isUuid(userId) ? await execute(req, sql`SELECT 1 FROM users WHERE id = ${userId}`) : []
  if (rows.length === 0) throw invalidRequest(`${path}: no such user`, [{ path, message: 'No user with this id' }])
}

/** The organization's row locked for the rest of the transaction, or 404. */
async function lockOrganization(req: PayloadRequest, id: string): Promise<Row> {
  const rows = isUuid(id)
    ? await execute(req, sql`SELECT id, name, slug FROM organizations WHERE id = ${id} FOR UPDATE`)
    : []
  if (!rows[0]) throw notFound('Organization not found')
  return rows[0]
}

export function createOrganization(req: PayloadRequest, input: { name: string; slug: string; ownerId: string }) {
  return inTransaction(req, async () => {
    await userExists(req, input.ownerId, 'ownerId')
    if (!(await slugIsFree(req, input.slug))) throw slugTaken()
    const created = await writeSlug(() =>
      req.payload.create({
        collection: 'organizations',
        data: { name: input.name, slug: input.slug } as never,
        overrideAccess: true,
        context: { skipAudit: true },
        req,
      }),
    )
    const id = String(created.id)
    await req.payload.create({
      collection: 'memberships',
      data: { organization: id, user: input.ownerId, role: 'owner' } as never,
      overrideAccess: true,
      context: { skipAudit: true },
      req,
    })
    await audit(req, 'create', id, { ...input })
    return getOrganization(req, id)
  })
}

export function updateOrganization(req: PayloadRequest, id: string, input: { name?: string; slug?: string }) {
  return inTransaction(req, async () => {
    const before = await lockOrganization(req, id)
    if (input.slug !== undefined && input.slug !== before.slug && !(await slugIsFree(req, input.slug, id)))
      throw slugTaken()
    await writeSlug(() =>
      req.payload.update({
        collection: 'organizations',
        id,
        data: input as never,
        overrideAccess: true,
        context: { skipAudit: true },
        req,
      }),
    )
    await audit(req, 'update', id, { ...input, previous: { name: before.name, slug: before.slug } })
    return getOrganization(req, id)
  })
}

const owners = (rows: Array<{ role: OrgRole }>) => rows.filter((row) => row.role === 'owner').length

async function membershipOf(
  req: PayloadRequest,
  organizationId: string,
  userId: string,
): Promise<{ id: string; role: OrgRole } | null> {
  if (!isUuid(userId)) return null
  const rows = await execute(
    req,
    sql`SELECT id, role FROM memberships WHERE organization_id = ${organizationId} AND user_id = ${userId}`,
  )
  return rows[0] ? { id: String(rows[0].id), role: rows[0].role as OrgRole } : null
}

const memberNotFound = () => apiError('not_found', 'This user is not a member of the organization')

export function addMember(req: PayloadRequest, id: string, userId: string, role: OrgRole) {
  return inTransaction(req, async () => {
    await lockOrganization(req, id)
    await userExists(req, userId, 'userId')
    if (await membershipOf(req, id, userId)) throw alreadyMember()
    try {
      await req.payload.create({
        collection: 'memberships',
        data: { organization: id, user: userId, role } as never,
        overrideAccess: true,
        context: { skipAudit: true },
        req,
      })
    } catch (error) {
      if (isUniqueViolation(error, 'user')) throw alreadyMember()
      throw error
    }
    await audit(req, 'add_member', id, { userId, role })
    return getOrganization(req, id)
  })
}

export function setMemberRole(req: PayloadRequest, id: string, userId: string, role: OrgRole) {
  return inTransaction(req, async () => {
    await lockOrganization(req, id)
    const locked = await lockMembers(req, id)
    const member = await membershipOf(req, id, userId)
    if (!member) throw memberNotFound()
    if (member.role === 'owner' && role !== 'owner' && owners(locked) <= 1) throw lastOwner()
    await req.payload.update({
      collection: 'memberships',
      id: member.id,
      data: { role } as never,
      overrideAccess: true,
      context: { skipAudit: true },
      req,
    })
    await audit(req, 'set_role', id, { userId, role, previous: member.role })
    return getOrganization(req, id)
  })
}

export function removeMember(req: PayloadRequest, id: string, userId: string) {
  return inTransaction(req, async () => {
    await lockOrganization(req, id)
    const locked = await lockMembers(req, id)
    const member = await membershipOf(req, id, userId)
    if (!member) throw memberNotFound()
    if (member.role === 'owner' && owners(locked) <= 1) throw lastOwner()
    await req.payload.delete({
      collection: 'memberships',
      id: member.id,
      overrideAccess: true,
      context: { skipAudit: true },
      req,
    })
    // A session that had this organization active no longer may (as docs/api.md "Accounts beyond
    // sign-in (/api/auth)"'s remove-member).
    await execute(
      req,
      sql`UPDATE sessions SET active_organization_id = NULL WHERE user_id = ${userId} AND active_organization_id = ${id}`,
    )
    await audit(req, 'remove_member', id, { userId, role: member.role })
    return getOrganization(req, id)
  })
}

/** The one delete of docs/api.md "Admin organizations: /api/admin/organizations", answered as the admin API does. */
export async function deleteOrganization(req: PayloadRequest, id: string): Promise<{ success: true; id: string }> {
  await removeOrganization(req, id)
  return { success: true as const, id }
}
