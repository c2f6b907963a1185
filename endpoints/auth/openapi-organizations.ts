// The OpenAPI description of the organization routes (docs/api.md "Organizations (`/api/auth/organization/*`)"):
// request schemas are the ones the endpoints parse with.
import { z } from 'zod'

import { id, json, timestamp } from '../../src/lib/openapi/common'
import { familyDocs, type PathDocs } from '../../src/lib/openapi/routes'
import { accountOperation, type AccountRequest, INVALID } from './openapi-operation'
import {
  getInvitationQuery,
  invitationIdBody,
  inviteMemberBody,
  listInvitationsQuery,
} from './organization-invitations'
import {
  checkSlugBody,
  createOrganizationBody,
  fullOrganizationQuery,
  listMembersQuery,
  organizationIdBody,
  removeMemberBody,
  updateMemberRoleBody,
  updateOrganizationBody,
} from './organization-manage'

const role = z.enum(['owner', 'admin', 'member'])
const organization = z
  .object({
    id,
    name: z.string(),
    slug: z.string(),
    logo: z.string().nullable().meta({ description: 'A picture URL, or null' }),
    metadata: z
      .record(z.string(), z.unknown())
      .nullable()
      .meta({ description: 'The organization’s own JSON object (at most 10 kB), or null' }),
    createdAt: timestamp,
  })
  .meta({ id: 'Organization' })
const member = z
  .object({
    id,
    organizationId: id,
    userId: id,
    role,
    createdAt: timestamp,
    user: z.object({ id, name: z.string().nullable(), email: z.email(), image: z.string().nullable() }),
  })
  .meta({ id: 'OrganizationMember' })
const invitation = z
  .object({
    id,
    organizationId: id,
    email: z.email(),
    role,
    status: z.enum(['pending', 'accepted', 'rejected', 'canceled']),
    expiresAt: timestamp,
    inviterId: id.nullable(),
    createdAt: timestamp,
  })
  .meta({ id: 'OrganizationInvitation' })

const WHO = {
  401: '`unauthorized`: no session, or it was revoked',
  403: '`forbidden` (not a member, or a role too low for this; or the CSRF rule) or `banned_user`',
}
const ORG = {
  400: `${INVALID}, or \`no_active_organization\` (no organizationId and no active organization)`,
  404: '`organization_not_found`',
}

const operation = (
  summary: string,
  request: AccountRequest,
  ok: ReturnType<typeof json>,
  failures: Record<number, string> = {},
) => accountOperation(summary, request, ok, { 400: INVALID, ...WHO, ...failures })

const SETTLED = {
  404: '`invitation_not_found`',
  409: '`invitation_not_pending` (already accepted, rejected or canceled)',
  410: '`invitation_expired` (past its 48 hours)',
}

export const organizationDocs = familyDocs((): PathDocs => ({
  authOrganizationCreate: {
    post: operation(
      'Create an organization; the caller is its owner, and it becomes the session’s active organization unless `keepCurrentActiveOrganization` is true',
      { body: createOrganizationBody },
      json('Created', organization.extend({ members: z.array(member) })),
      { 409: '`slug_is_taken`' },
    ),
  },
  authOrganizationUpdate: {
    post: operation(
      'Change its name, slug, logo or metadata (owners and admins)',
      { body: updateOrganizationBody },
      json('Updated', organization),
      { ...ORG, 409: '`slug_is_taken`' },
    ),
  },
  authOrganizationDelete: {
    post: operation(
      'Delete it with its memberships and invitations, once no service belongs to it (owners)',
      { body: organizationIdBody },
      json('Deleted', organization),
      { ...ORG, 409: '`organization_has_services` (a service still belongs to it)' },
    ),
  },
  authOrganizationCheckSlug: {
    post: operation(
      'Is this slug free?',
      { body: checkSlugBody },
      json('Free', z.object({ status: z.literal(true) })),
      { 409: '`slug_is_taken`' },
    ),
  },
  authOrganizationGetFullOrganization: {
    get: operation(
      'The organization with its members and invitations (members); null when the query names none and the session has no active organization',
      { query: fullOrganizationQuery },
      json(
        'The organization, or null',
        organization.extend({ members: z.array(member), invitations: z.array(invitation) }).nullable(),
      ),
      { 400: INVALID, 404: ORG[404] },
    ),
  },
  authOrganizationListMembers: {
    get: operation(
      'Its members, oldest first (members)',
      { query: listMembersQuery },
      json('A page of members', z.object({ members: z.array(member), total: z.number().int() })),
      ORG,
    ),
  },
  authOrganizationGetActiveMember: {
    get: operation('The caller’s membership in the active organization', {}, json('The membership', member), ORG),
  },
  authOrganizationUpdateMemberRole: {
    post: operation(
      'Change a member’s role (owners and admins; only owners grant or change owner)',
      { body: updateMemberRoleBody },
      json('The member', member),
      {
        ...ORG,
        404: '`organization_not_found` or `member_not_found`',
        409: '`last_owner`: the organization would have no owner',
      },
    ),
  },
  authOrganizationRemoveMember: {
    post: operation(
      'Remove a member by membership id or email (owners and admins; only owners remove owners)',
      { body: removeMemberBody },
      json('Removed', z.object({ member })),
      {
        ...ORG,
        404: '`organization_not_found` or `member_not_found`',
        409: '`last_owner`',
      },
    ),
  },
  authOrganizationLeave: {
    post: operation('Leave an organization', { body: organizationIdBody }, json('The membership that ended', member), {
      ...ORG,
      409: '`last_owner`',
    }),
  },
  authOrganizationInviteMember: {
    post: operation(
      'Invite an email address (owners and admins; owners only for owner); mailed, valid 48 h',
      { body: inviteMemberBody },
      json('The invitation', invitation),
      {
        ...ORG,
        409: '`already_member` or `already_invited` (send `resend: true` to mail it again)',
      },
    ),
  },
  authOrganizationAcceptInvitation: {
    post: operation(
      'Accept an invitation addressed to one’s email; its organization becomes the session’s active one',
      { body: invitationIdBody },
      json('Accepted', z.object({ invitation, member })),
      {
        ...SETTLED,
        409: `${SETTLED[409]}, or \`already_member\``,
      },
    ),
  },
  authOrganizationRejectInvitation: {
    post: operation(
      'Reject an invitation addressed to one’s email',
      { body: invitationIdBody },
      json('Rejected', z.object({ invitation, member: z.null() })),
      SETTLED,
    ),
  },
  authOrganizationCancelInvitation: {
    post: operation(
      'Cancel a pending invitation (owners and admins)',
      { body: invitationIdBody },
      json('Canceled', invitation),
      { 404: SETTLED[404], 409: SETTLED[409] },
    ),
  },
  authOrganizationGetInvitation: {
    get: operation(
      'An invitation, for its recipient or a member',
      { query: getInvitationQuery },
      json(
        'The invitation',
        invitation.extend({
          organizationName: z.string(),
          organizationSlug: z.string(),
          inviterEmail: z.email().nullable(),
        }),
      ),
      { 404: SETTLED[404] },
    ),
  },
  authOrganizationListInvitations: {
    get: operation(
      'The organization’s invitations, newest first (members)',
      { query: listInvitationsQuery },
      json('Invitations', z.array(invitation)),
      ORG,
    ),
  },
  authOrganizationListUserInvitations: {
    get: operation('Pending, unexpired invitations to one’s email', {}, json('Invitations', z.array(invitation))),
  },
}))
