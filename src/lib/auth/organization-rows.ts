// Reads of organizations, memberships and invitations for the organization routes
// (docs/api.md "Accounts beyond sign-in (/api/auth)"), and the shapes Better Auth's organization plugin answers with.
import type { PayloadRequest } from 'payload'

import { runIn, statement } from '../prepared'

export type OrgRole = 'owner' | 'admin' | 'member'

export interface OrganizationRow {
  id: string
  name: string
  slug: string
  logo: string | null
  metadata: Record<string, unknown> | null
  created_at: Date
}
export interface MemberRow {
  id: string
  organization_id: string
  user_id: string
  role: OrgRole
  created_at: Date
  name: string | null
  email: string
  image: string | null
}
export interface InvitationRow {
  id: string
  organization_id: string
  email: string
  role: OrgRole
  status: string
  expires_at: Date
  inviter_id: string | null
  created_at: Date
}

const ORGANIZATION = statement(
  'org-by-id-or-slug',
  'SELECT id, name, slug, logo, metadata, created_at FROM organizations WHERE id::text = $1 OR slug = $1',
)
const MEMBERS = `SELECT m.id, m.organization_id, m.user_id, m.role, m.created_at, u.name, u.email, u.image
                   FROM memberships m JOIN users u ON u.id = m.user_id`
const MEMBER_OF = statement('org-member-of', `${MEMBERS} WHERE m.organization_id = $1 AND m.user_id = $2`)
const MEMBER_BY_ID = statement(
  'org-member-by-id',
  `${MEMBERS} WHERE m.organization_id = $1 AND (m.id::text = $2 OR u.email = lower($2))`,
)
const MEMBERS_OF = statement(
  'org-members',
  `${MEMBERS} WHERE m.organization_id = $1 ORDER BY m.created_at, m.id LIMIT $2 OFFSET $3`,
)
const MEMBER_COUNT = statement(
  'org-member-count',
  'SELECT count(*)::int AS n FROM memberships WHERE organization_id = $1',
)
// Every membership row of the organization, locked: role changes, removals and leaving run
// one at a time per organization, so "is this the last owner?" has one answer (two owners
// demoting each other at once: the second sees one owner left and is refused).
const LOCK_MEMBERS = statement(
  'org-lock-members',
  'SELECT id, role FROM memberships WHERE organization_id = $1 ORDER BY id FOR UPDATE',
)
const INVITATION = statement(
  'org-invitation',
  'SELECT id, organization_id, email, role, status, expires_at, inviter_id, created_at FROM invitations WHERE id::text = $1',
)
const INVITATIONS_OF = statement(
  'org-invitations',
  'SELECT id, organization_id, email, role, status, expires_at, inviter_id, created_at FROM invitations WHERE organization_id = $1 ORDER BY created_at DESC LIMIT 1000',
)
const INVITATIONS_TO = statement(
  'org-invitations-to',
  `SELECT i.id, i.organization_id, i.email, i.role, i.status, i.expires_at, i.inviter_id, i.created_at, o.name AS organization_name, o.slug AS organization_slug
     FROM invitations i JOIN organizations o ON o.id = i.organization_id
    WHERE i.email = $1 AND i.status = 'pending' AND i.expires_at > now() ORDER BY i.created_at DESC LIMIT 1000`,
)

const first = async <T>(req: PayloadRequest, s: Parameters<typeof runIn>[1], values: unknown[]) =>
  (await runIn<T>(req, s, values)).rows[0] ?? null

export const findOrganization = (req: PayloadRequest, idOrSlug: string) =>
  first<OrganizationRow>(req, ORGANIZATION, [idOrSlug])
export const findMembership = (req: PayloadRequest, organizationId: string, userId: string) =>
  first<MemberRow>(req, MEMBER_OF, [organizationId, userId])
export const findMember = (req: PayloadRequest, organizationId: string, idOrEmail: string) =>
  first<MemberRow>(req, MEMBER_BY_ID, [organizationId, idOrEmail])
export const findInvitation = (req: PayloadRequest, id: string) => first<InvitationRow>(req, INVITATION, [id])
export const lockMembers = async (req: PayloadRequest, organizationId: string) =>
  (await runIn<{ id: string; role: OrgRole }>(req, LOCK_MEMBERS, [organizationId])).rows
export const listMembers = async (req: PayloadRequest, organizationId: string, limit: number, offset: number) => ({
  members: (await runIn<MemberRow>(req, MEMBERS_OF, [organizationId, limit, offset])).rows,
  total: Number((await first<{ n: number }>(req, MEMBER_COUNT, [organizationId]))!.n),
})
export const listInvitations = async (req: PayloadRequest, organizationId: string) =>
  (await runIn<InvitationRow>(req, INVITATIONS_OF, [organizationId])).rows
export const listInvitationsTo = async (req: PayloadRequest, email: string) =>
  (await runIn<InvitationRow & { organization_name: string; organization_slug: string }>(req, INVITATIONS_TO, [email]))
    .rows

const iso = (date: Date) => new Date(date).toISOString()

export const presentOrganization = (row: OrganizationRow) => ({
  id: String(row.id),
  name: row.name,
  slug: row.slug,
  logo: row.logo ?? null,
  metadata: row.metadata ?? null,
  createdAt: iso(row.created_at),
})

export const presentMember = (row: MemberRow) => ({
  id: String(row.id),
  organizationId: String(row.organization_id),
  userId: String(row.user_id),
  role: row.role,
  createdAt: iso(row.created_at),
  user: { id: String(row.user_id), name: row.name, email: row.email, image: row.image },
})

export const presentInvitation = (row: InvitationRow) => ({
  id: String(row.id),
  organizationId: String(row.organization_id),
  email: row.email,
  role: row.role,
  status: row.status,
  expiresAt: iso(row.expires_at),
  inviterId: row.inviter_id ? String(row.inviter_id) : null,
  createdAt: iso(row.created_at),
})
