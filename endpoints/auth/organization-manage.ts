// Organizations (API-CONTRACT §11), Better Auth's organization plugin path for path. Every
// route needs a session checked against the database; roles are the caller's membership's.
// POST /api/auth/organization/create {name, slug, keepCurrentActiveOrganization?} → organization + members
// POST /api/auth/organization/update {data:{name?, slug?}, organizationId?}       → organization
// POST /api/auth/organization/delete {organizationId}                              → organization
// POST /api/auth/organization/check-slug {slug}                                     → {status: true} | 409 slug_is_taken
// GET  /api/auth/organization/get-full-organization ?organizationId|organizationSlug → organization + members + invitations
// GET  /api/auth/organization/list-members ?organizationId&limit&offset            → {members, total}
// GET  /api/auth/organization/get-active-member                                    → member
// POST /api/auth/organization/update-member-role {memberId, role, organizationId?} → member
// POST /api/auth/organization/remove-member {memberIdOrEmail, organizationId?}     → {member}
// POST /api/auth/organization/leave {organizationId}                               → member
import type { PayloadRequest } from 'payload'
import { z } from 'zod'

import { MEMBERSHIP_ROLES } from '../../collections/Memberships'
import { requireCaller, type Caller } from '../../src/lib/auth/current'
import { parseAuthInput } from '../../src/lib/auth/errors'
import { listInvitations, listMembers, presentInvitation, presentMember, presentOrganization } from '../../src/lib/auth/organization-rows'
import { readJson } from '../../src/lib/http/body'
import { defineEndpoint } from '../../src/lib/http/endpoint'
import { json } from '../../src/lib/http/respond'
import * as orgs from '../../src/operations/auth/organization-manage'
import { slugTaken } from '../../src/operations/auth/organization-manage'

export const orgSlugField = z
  .string({ error: 'slug must be a string' })
  .min(1, 'slug is required')
  .max(100, 'slug is at most 100 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug may contain lower-case letters, digits and single hyphens')
const orgName = z.string({ error: 'name must be a string' }).trim().min(1, 'name is required').max(200, 'name is at most 200 characters')
const organizationRef = z.string({ error: 'organizationId must be a string' }).min(1).max(100)
export const orgRoleField = z.enum(MEMBERSHIP_ROLES, { error: `role must be one of ${MEMBERSHIP_ROLES.join(', ')}` })

export const createOrganizationBody = z.object({ name: orgName, slug: orgSlugField, keepCurrentActiveOrganization: z.boolean().optional() }).strict()
export const updateOrganizationBody = z
  .object({ organizationId: organizationRef.optional(), data: z.object({ name: orgName.optional(), slug: orgSlugField.optional() }).strict().refine((d) => d.name !== undefined || d.slug !== undefined, 'data: no field to update') })
  .strict()
export const organizationIdBody = z.object({ organizationId: organizationRef }).strict()
export const checkSlugBody = z.object({ slug: orgSlugField }).strict()
export const fullOrganizationQuery = z.object({ organizationId: organizationRef.optional(), organizationSlug: organizationRef.optional(), membersLimit: z.coerce.number().int().min(1).max(1000).optional() }).strict()
export const listMembersQuery = z
  .object({ organizationId: organizationRef.optional(), organizationSlug: organizationRef.optional(), limit: z.coerce.number().int().min(1).max(1000).default(100), offset: z.coerce.number().int().min(0).default(0) })
  .passthrough()
export const updateMemberRoleBody = z.object({ memberId: z.string().min(1).max(100), role: orgRoleField, organizationId: organizationRef.optional() }).strict()
export const removeMemberBody = z.object({ memberIdOrEmail: z.string().min(1).max(254), organizationId: organizationRef.optional() }).strict()

const queryOf = (req: PayloadRequest) => Object.fromEntries(new URL(req.url ?? '', 'http://x').searchParams)

function post<T extends z.ZodType>(path: string, schema: T, handle: (req: PayloadRequest, caller: Caller, body: z.infer<T>) => Promise<unknown>) {
  return defineEndpoint(`/auth/organization/${path}`, 'post', async (req) => {
    // Who is asking comes before what they sent: an anonymous caller learns only 401.
    const caller = await requireCaller(req)
    return json(await handle(req, caller, parseAuthInput(schema, await readJson(req))))
  })
}

function get<T extends z.ZodType>(path: string, schema: T, handle: (req: PayloadRequest, caller: Caller, query: z.infer<T>) => Promise<unknown>) {
  return defineEndpoint(`/auth/organization/${path}`, 'get', async (req) => {
    const caller = await requireCaller(req)
    return json(await handle(req, caller, parseAuthInput(schema, queryOf(req))))
  })
}

export const organizationManageEndpoints = [
  ...post('create', createOrganizationBody, async (req, caller, { name, slug }) => {
    const { organization, membership } = await orgs.createOrganization(req, caller, { name, slug })
    return { ...presentOrganization(organization), members: [presentMember(membership)] }
  }),
  ...post('update', updateOrganizationBody, async (req, caller, body) => presentOrganization(await orgs.updateOrganization(req, caller, body.organizationId, body.data))),
  ...post('delete', organizationIdBody, async (req, caller, body) => presentOrganization(await orgs.deleteOrganization(req, caller, body.organizationId))),
  ...post('check-slug', checkSlugBody, async (req, _caller, body) => {
    if (!(await orgs.slugIsFree(req, body.slug))) throw slugTaken()
    return { status: true }
  }),
  ...get('get-full-organization', fullOrganizationQuery, async (req, caller, query) => {
    const { organization } = await orgs.organizationFor(req, caller, query.organizationId ?? query.organizationSlug)
    const id = String(organization.id)
    const { members } = await listMembers(req, id, query.membersLimit ?? 1000, 0)
    return { ...presentOrganization(organization), members: members.map(presentMember), invitations: (await listInvitations(req, id)).map(presentInvitation) }
  }),
  ...get('list-members', listMembersQuery, async (req, caller, query) => {
    const { organization } = await orgs.organizationFor(req, caller, query.organizationId ?? query.organizationSlug)
    const { members, total } = await listMembers(req, String(organization.id), query.limit, query.offset)
    return { members: members.map(presentMember), total }
  }),
  ...get('get-active-member', z.object({}).strict(), async (req, caller) => presentMember((await orgs.organizationFor(req, caller, undefined)).membership)),
  ...post('update-member-role', updateMemberRoleBody, async (req, caller, body) => presentMember(await orgs.updateMemberRole(req, caller, body.organizationId, body.memberId, body.role))),
  ...post('remove-member', removeMemberBody, async (req, caller, body) => ({ member: presentMember(await orgs.removeMember(req, caller, body.organizationId, body.memberIdOrEmail)) })),
  ...post('leave', organizationIdBody, async (req, caller, body) => presentMember(await orgs.leaveOrganization(req, caller, body.organizationId))),
]
