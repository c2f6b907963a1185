// Organizations, Better Auth's organization plugin path for path (docs/api.md "Organizations
// (`/api/auth/organization/*`)"): every route checks the session in the database, and roles are the
// caller's membership's.
import type { PayloadRequest } from 'payload'
import { z } from 'zod'

import {
  ORGANIZATION_LOGO_MAX_LENGTH,
  ORGANIZATION_METADATA_MAX_BYTES,
  organizationMetadataProblem,
} from '../../collections/Organizations'
import { type Caller, requireCaller } from '../../src/lib/auth/current'
import { parseAuthInput } from '../../src/lib/auth/errors'
import {
  listInvitations,
  listMembers,
  presentInvitation,
  presentMember,
  presentOrganization,
} from '../../src/lib/auth/organization-rows'
import { readJson, refineWith } from '../../src/lib/http/body'
import { defineEndpoint, type RouteDeclaration } from '../../src/lib/http/endpoint'
import { json } from '../../src/lib/http/respond'
import { familyDoc } from '../../src/lib/openapi/routes'
import * as orgs from '../../src/operations/auth/organization-manage'
import { slugTaken } from '../../src/operations/auth/organization-manage'
import { orgRoleField } from './organization-role'
import { withActiveOrganization } from './session-response'

export const orgSlugField = z
  .string({ error: 'slug must be a string' })
  .min(1, 'slug is required')
  .max(100, 'slug is at most 100 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug may contain lower-case letters, digits and single hyphens')
const orgName = z
  .string({ error: 'name must be a string' })
  .trim()
  .min(1, 'name is required')
  .max(200, 'name is at most 200 characters')
const organizationRef = z.string({ error: 'organizationId must be a string' }).min(1).max(100)
const orgLogo = z
  .string({ error: 'logo must be a string or null' })
  .max(ORGANIZATION_LOGO_MAX_LENGTH, `logo is at most ${ORGANIZATION_LOGO_MAX_LENGTH} characters`)
  .nullable()
  .meta({ description: 'A picture URL; null clears it' })
const orgMetadata = z
  .record(z.string(), z.unknown(), { error: 'metadata must be an object or null' })
  .nullable()
  .superRefine(refineWith(organizationMetadataProblem))
  .meta({
    description: `A JSON object of the organization's own, at most ${ORGANIZATION_METADATA_MAX_BYTES} bytes serialised; null clears it`,
  })

export const createOrganizationBody = z
  .object({
    name: orgName,
    slug: orgSlugField,
    logo: orgLogo.optional(),
    metadata: orgMetadata.optional(),
    keepCurrentActiveOrganization: z.boolean({ error: 'keepCurrentActiveOrganization must be a boolean' }).optional(),
  })
  .strict()
export const updateOrganizationBody = z
  .object({
    organizationId: organizationRef.optional(),
    data: z
      .object({
        name: orgName.optional(),
        slug: orgSlugField.optional(),
        logo: orgLogo.optional(),
        metadata: orgMetadata.optional(),
      })
      .strict()
      .refine((d) => Object.values(d).some((value) => value !== undefined), 'data: no field to update'),
  })
  .strict()
export const organizationIdBody = z.object({ organizationId: organizationRef }).strict()
export const checkSlugBody = z.object({ slug: orgSlugField }).strict()
export const fullOrganizationQuery = z
  .object({
    organizationId: organizationRef.optional(),
    organizationSlug: organizationRef.optional(),
    membersLimit: z.coerce.number().int().min(1).max(1000).optional(),
  })
  .strict()
export const listMembersQuery = z
  .object({
    organizationId: organizationRef.optional(),
    organizationSlug: organizationRef.optional(),
    limit: z.coerce.number().int().min(1).max(1000).default(100),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .passthrough()
export const updateMemberRoleBody = z
  .object({ memberId: z.string().min(1).max(100), role: orgRoleField, organizationId: organizationRef.optional() })
  .strict()
export const removeMemberBody = z
  .object({ memberIdOrEmail: z.string().min(1).max(254), organizationId: organizationRef.optional() })
  .strict()

const queryOf = (req: PayloadRequest) => Object.fromEntries(new URL(req.url ?? '', 'http://x').searchParams)

function post<T extends z.ZodType>(
  path: string,
  schema: T,
  handle: (req: PayloadRequest, caller: Caller, body: z.infer<T>) => Promise<unknown>,
  doc: RouteDeclaration['doc'],
) {
  return defineEndpoint(
    `/auth/organization/${path}`,
    'post',
    async (req) => {
      // Who is asking comes before what they sent: an anonymous caller learns only 401.
      const caller = await requireCaller(req)
      return json(await handle(req, caller, parseAuthInput(schema, await readJson(req))))
    },
    doc,
  )
}

function get<T extends z.ZodType>(
  path: string,
  schema: T,
  handle: (req: PayloadRequest, caller: Caller, query: z.infer<T>) => Promise<unknown>,
  doc: RouteDeclaration['doc'],
) {
  return defineEndpoint(
    `/auth/organization/${path}`,
    'get',
    async (req) => {
      const caller = await requireCaller(req)
      return json(await handle(req, caller, parseAuthInput(schema, queryOf(req))))
    },
    doc,
  )
}

export const organizationManageEndpoints = [
  ...defineEndpoint(
    '/auth/organization/create',
    'post',
    async (req) => {
      const caller = await requireCaller(req)
      const { keepCurrentActiveOrganization, ...input } = parseAuthInput(createOrganizationBody, await readJson(req))
      const activate = !keepCurrentActiveOrganization
      const { organization, membership } = await orgs.createOrganization(req, caller, input, { activate })
      const body = json({ ...presentOrganization(organization), members: [presentMember(membership)] })
      if (!activate) return body
      return withActiveOrganization(body, caller, String(organization.id))
    },
    familyDoc('organizationDocs', 'authOrganizationCreate'),
  ),
  ...post(
    'update',
    updateOrganizationBody,
    async (req, caller, body) =>
      presentOrganization(await orgs.updateOrganization(req, caller, body.organizationId, body.data)),
    familyDoc('organizationDocs', 'authOrganizationUpdate'),
  ),
  ...post(
    'delete',
    organizationIdBody,
    async (req, caller, body) => presentOrganization(await orgs.deleteOrganization(req, caller, body.organizationId)),
    familyDoc('organizationDocs', 'authOrganizationDelete'),
  ),
  ...post(
    'check-slug',
    checkSlugBody,
    async (req, _caller, body) => {
      if (!(await orgs.slugIsFree(req, body.slug))) throw slugTaken()
      return { status: true }
    },
    familyDoc('organizationDocs', 'authOrganizationCheckSlug'),
  ),
  ...get(
    'get-full-organization',
    fullOrganizationQuery,
    async (req, caller, query) => {
      // Better Auth answers null when nothing names an organization and none is active.
      if (!query.organizationId && !query.organizationSlug && !caller.current.session.activeOrganizationId) return null
      const { organization } = await orgs.organizationFor(req, caller, query.organizationId ?? query.organizationSlug)
      const id = String(organization.id)
      const { members } = await listMembers(req, id, query.membersLimit ?? 1000, 0)
      return {
        ...presentOrganization(organization),
        members: members.map(presentMember),
        invitations: (await listInvitations(req, id)).map(presentInvitation),
      }
    },
    familyDoc('organizationDocs', 'authOrganizationGetFullOrganization'),
  ),
  ...get(
    'list-members',
    listMembersQuery,
    async (req, caller, query) => {
      const { organization } = await orgs.organizationFor(req, caller, query.organizationId ?? query.organizationSlug)
      const { members, total } = await listMembers(req, String(organization.id), query.limit, query.offset)
      return { members: members.map(presentMember), total }
    },
    familyDoc('organizationDocs', 'authOrganizationListMembers'),
  ),
  ...get(
    'get-active-member',
    z.object({}).strict(),
    async (req, caller) => presentMember((await orgs.organizationFor(req, caller, undefined)).membership),
    familyDoc('organizationDocs', 'authOrganizationGetActiveMember'),
  ),
  ...post(
    'update-member-role',
    updateMemberRoleBody,
    async (req, caller, body) =>
      presentMember(await orgs.updateMemberRole(req, caller, body.organizationId, body.memberId, body.role)),
    familyDoc('organizationDocs', 'authOrganizationUpdateMemberRole'),
  ),
  ...post(
    'remove-member',
    removeMemberBody,
    async (req, caller, body) => ({
      member: presentMember(await orgs.removeMember(req, caller, body.organizationId, body.memberIdOrEmail)),
    }),
    familyDoc('organizationDocs', 'authOrganizationRemoveMember'),
  ),
  ...post(
    'leave',
    organizationIdBody,
    async (req, caller, body) => presentMember(await orgs.leaveOrganization(req, caller, body.organizationId)),
    familyDoc('organizationDocs', 'authOrganizationLeave'),
  ),
]
