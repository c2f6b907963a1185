// Organization invitations, Better Auth's organization plugin path for path (docs/api.md "Organizations
// (`/api/auth/organization/*`)").
import type { PayloadRequest } from 'payload'
import { z } from 'zod'

import { type Caller, requireCaller } from '../../src/lib/auth/current'
import { parseAuthInput } from '../../src/lib/auth/errors'
import { presentInvitation, presentMember } from '../../src/lib/auth/organization-rows'
import { emailField } from '../../src/lib/auth/schemas'
import { readJson } from '../../src/lib/http/body'
import { defineEndpoint, type RouteDeclaration } from '../../src/lib/http/endpoint'
import { json } from '../../src/lib/http/respond'
import { familyDoc } from '../../src/lib/openapi/routes'
import * as invitations from '../../src/operations/auth/organization-invitations'
import { orgRoleField } from './organization-role'
import { withActiveOrganization } from './session-response'

const invitationId = z.uuid({ error: 'invitationId must be an invitation id' })

export const inviteMemberBody = z
  .object({
    email: emailField,
    role: orgRoleField,
    organizationId: z.string().min(1).max(100).optional(),
    resend: z.boolean().optional(),
  })
  .strict()
export const invitationIdBody = z.object({ invitationId }).strict()
export const getInvitationQuery = z.object({ id: invitationId }).strict()
export const listInvitationsQuery = z.object({ organizationId: z.string().min(1).max(100).optional() }).strict()

const queryOf = (req: PayloadRequest) => Object.fromEntries(new URL(req.url ?? '', 'http://x').searchParams)

function route<T extends z.ZodType>(
  path: string,
  method: 'get' | 'post',
  schema: T,
  handle: (req: PayloadRequest, caller: Caller, input: z.infer<T>) => Promise<unknown>,
  doc: RouteDeclaration['doc'],
) {
  return defineEndpoint(
    `/auth/organization/${path}`,
    method,
    async (req) => {
      const caller = await requireCaller(req)
      return json(
        await handle(req, caller, parseAuthInput(schema, method === 'get' ? queryOf(req) : await readJson(req))),
      )
    },
    doc,
  )
}

export const organizationInvitationEndpoints = [
  ...route(
    'invite-member',
    'post',
    inviteMemberBody,
    async (req, caller, body) => presentInvitation(await invitations.inviteMember(req, caller, body)),
    familyDoc('organizationDocs', 'authOrganizationInviteMember'),
  ),
  ...defineEndpoint(
    '/auth/organization/accept-invitation',
    'post',
    async (req) => {
      const caller = await requireCaller(req)
      const { invitation, member } = await invitations.acceptInvitation(
        req,
        caller,
        parseAuthInput(invitationIdBody, await readJson(req)).invitationId,
      )
      return withActiveOrganization(
        json({ invitation: presentInvitation(invitation), member: presentMember(member) }),
        caller,
        String(invitation.organization_id),
      )
    },
    familyDoc('organizationDocs', 'authOrganizationAcceptInvitation'),
  ),
  ...route(
    'reject-invitation',
    'post',
    invitationIdBody,
    async (req, caller, body) => ({
      invitation: presentInvitation(await invitations.rejectInvitation(req, caller, body.invitationId)),
      member: null,
    }),
    familyDoc('organizationDocs', 'authOrganizationRejectInvitation'),
  ),
  ...route(
    'cancel-invitation',
    'post',
    invitationIdBody,
    async (req, caller, body) => presentInvitation(await invitations.cancelInvitation(req, caller, body.invitationId)),
    familyDoc('organizationDocs', 'authOrganizationCancelInvitation'),
  ),
  ...route(
    'get-invitation',
    'get',
    getInvitationQuery,
    async (req, caller, query) => {
      const found = await invitations.getInvitation(req, caller, query.id)
      return {
        ...presentInvitation(found.invitation),
        organizationName: found.organizationName,
        organizationSlug: found.organizationSlug,
        inviterEmail: found.inviterEmail,
      }
    },
    familyDoc('organizationDocs', 'authOrganizationGetInvitation'),
  ),
  ...route(
    'list-invitations',
    'get',
    listInvitationsQuery,
    async (req, caller, query) =>
      (await invitations.invitationsOf(req, caller, query.organizationId)).map(presentInvitation),
    familyDoc('organizationDocs', 'authOrganizationListInvitations'),
  ),
  ...route(
    'list-user-invitations',
    'get',
    z.object({}).passthrough(),
    async (req, caller) => (await invitations.invitationsToCaller(req, caller)).map(presentInvitation),
    familyDoc('organizationDocs', 'authOrganizationListUserInvitations'),
  ),
]
