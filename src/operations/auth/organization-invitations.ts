// Invitations to an organization (docs/api.md "Accounts beyond sign-in (/api/auth)"): sent
// by owners and admins by email (the mail queue), valid 48 hours, accepted or rejected by
// the invited address's account, canceled by owners and admins. Accepting is one
// conditional UPDATE (pending and unexpired
// → accepted), so two simultaneous accepts make one member; the organization joined becomes
// the accepting session's active one, in the same transaction.
import type { PayloadRequest } from 'payload'

import type { ActionsAfter } from '../../../domain/audit-actions'
import { INVITATION_LIFETIME_SECONDS } from '../../../domain/limits'
import { writeAudit } from '../../../hooks/shared/audit'
import type { Caller } from '../../lib/auth/current'
import {
  findInvitation,
  findMembership,
  findOrganization,
  type InvitationRow,
  listInvitations,
  listInvitationsTo,
  type MemberRow,
  type OrgRole,
} from '../../lib/auth/organization-rows'
import { apiError, forbidden } from '../../lib/http/errors'
import { queueMail } from '../../lib/mail-queue/queue-mail'
import { runIn, statement } from '../../lib/prepared'
import { settings } from '../../lib/settings'
import { inTransaction } from '../../lib/transaction'
import { organizationFor, requireRole } from './organization-manage'
import { activateInSession } from './organizations'

export const invitationNotFound = () => apiError('invitation_not_found')
export const invitationExpired = () => apiError('invitation_expired')
export const invitationNotPending = (status: string) =>
  apiError('invitation_not_pending', `This invitation was already ${status}`)
export const alreadyMember = () => apiError('already_member')
export const alreadyInvited = () => apiError('already_invited')

const PENDING_FOR = statement(
  'org-pending-invitation',
  `SELECT id FROM invitations WHERE organization_id = $1 AND email = $2 AND status = 'pending' AND expires_at > now() LIMIT 1`,
)
const MEMBER_BY_EMAIL = statement(
  'org-member-by-email',
  'SELECT m.id FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.organization_id = $1 AND u.email = $2',
)
// The one transition out of `pending`: whoever changes the row first decides its fate.
const SETTLE = statement(
  'org-settle-invitation',
  `UPDATE invitations SET status = $2, updated_at = now() WHERE id = $1 AND status = 'pending' AND ($3::boolean OR expires_at > now())
   RETURNING id, organization_id, email, role, status, expires_at, inviter_id, created_at`,
)
const EXTEND = statement(
  'org-extend-invitation',
  `UPDATE invitations SET expires_at = $2, role = $3, updated_at = now() WHERE id = $1`,
)

const expiry = () => new Date(Date.now() + INVITATION_LIFETIME_SECONDS * 1000).toISOString()

async function audit(
  req: PayloadRequest,
  action: ActionsAfter<'organization.invitation_'>,
  invitation: Pick<InvitationRow, 'id' | 'organization_id' | 'email' | 'role'>,
) {
  await writeAudit(req, {
    action: `organization.invitation_${action}` as const,
    targetType: 'invitations',
    targetId: String(invitation.id),
    data: { organizationId: String(invitation.organization_id), email: invitation.email, role: invitation.role },
  })
}

function invitationMail(
  req: PayloadRequest,
  to: string,
  organizationName: string,
  inviter: string,
  invitationId: string,
  role: OrgRole,
) {
  const link = `${settings().publicUrl}/api/auth/organization/get-invitation?id=${invitationId}`
  return queueMail(req, {
    to,
    subject: `You are invited to join ${organizationName}`,
    text: `${inviter} invites you to join ${organizationName} as ${role}. The invitation is valid for 48 hours.\nSign in with this email address and accept it (invitation ${invitationId}):\n${link}\nIf you do not know them, ignore this email.`,
  })
}

export async function inviteMember(
  req: PayloadRequest,
  caller: Caller,
  input: { email: string; role: OrgRole; organizationId?: string; resend?: boolean },
): Promise<InvitationRow> {
  const { organization, membership } = await organizationFor(req, caller, input.organizationId)
  requireRole(membership)
  if (input.role === 'owner' && membership.role !== 'owner') throw forbidden('Only owners may invite owners')
  const organizationId = String(organization.id)
  return inTransaction(req, async () => {
    if ((await runIn(req, MEMBER_BY_EMAIL, [organizationId, input.email])).rows.length) throw alreadyMember()
    const pending = (await runIn<{ id: string }>(req, PENDING_FOR, [organizationId, input.email])).rows[0]
    let id: string
    if (pending) {
      if (!input.resend) throw alreadyInvited()
      id = String(pending.id)
      await runIn(req, EXTEND, [id, expiry(), input.role])
    } else {
      const created = await req.payload.create({
        collection: 'invitations',
        data: {
          organization: organizationId,
          email: input.email,
          role: input.role,
          status: 'pending',
          expiresAt: expiry(),
          inviter: caller.user.id,
        } as never,
        overrideAccess: true,
        context: { skipAudit: true },
        req,
      })
      id = String(created.id)
    }
    const invitation = (await findInvitation(req, id))!
    await audit(req, pending ? 'resent' : 'sent', invitation)
    await invitationMail(req, input.email, organization.name, caller.user.name || caller.user.email, id, input.role)
    return invitation
  })
}

/** The invitation, which must be addressed to the caller's email. */
async function addressedToCaller(req: PayloadRequest, caller: Caller, invitationId: string): Promise<InvitationRow> {
  const invitation = await findInvitation(req, invitationId)
  if (!invitation) throw invitationNotFound()
  if (invitation.email !== caller.user.email) throw forbidden('This invitation is addressed to someone else')
  return invitation
}

async function settle(
  req: PayloadRequest,
  invitation: InvitationRow,
  status: 'accepted' | 'rejected' | 'canceled',
): Promise<InvitationRow> {
  const row = (await runIn<InvitationRow>(req, SETTLE, [String(invitation.id), status, status === 'canceled'])).rows[0]
  if (row) return row
  const now = (await findInvitation(req, String(invitation.id)))!
  if (now.status !== 'pending') throw invitationNotPending(now.status)
  throw invitationExpired()
}

export async function acceptInvitation(
  req: PayloadRequest,
  caller: Caller,
  invitationId: string,
): Promise<{ invitation: InvitationRow; member: MemberRow }> {
  const invitation = await addressedToCaller(req, caller, invitationId)
  return inTransaction(req, async () => {
    const accepted = await settle(req, invitation, 'accepted')
    const organizationId = String(accepted.organization_id)
    if (await findMembership(req, organizationId, caller.user.id)) throw alreadyMember()
    await req.payload.create({
      collection: 'memberships',
      data: { organization: organizationId, user: caller.user.id, role: accepted.role } as never,
      overrideAccess: true,
      context: { skipAudit: true },
      req,
    })
    // Better Auth makes the organization joined the session's active one.
    await activateInSession(req, caller.current.session.id, organizationId)
    await audit(req, 'accepted', accepted)
    return { invitation: accepted, member: (await findMembership(req, organizationId, caller.user.id))! }
  })
}

export async function rejectInvitation(
  req: PayloadRequest,
  caller: Caller,
  invitationId: string,
): Promise<InvitationRow> {
  const invitation = await addressedToCaller(req, caller, invitationId)
  return inTransaction(req, async () => {
    const rejected = await settle(req, invitation, 'rejected')
    await audit(req, 'rejected', rejected)
    return rejected
  })
}

export async function cancelInvitation(
  req: PayloadRequest,
  caller: Caller,
  invitationId: string,
): Promise<InvitationRow> {
  const invitation = await findInvitation(req, invitationId)
  if (!invitation) throw invitationNotFound()
  const { membership } = await organizationFor(req, caller, String(invitation.organization_id))
  requireRole(membership)
  return inTransaction(req, async () => {
    const canceled = await settle(req, invitation, 'canceled')
    await audit(req, 'canceled', canceled)
    return canceled
  })
}

/** For its recipient, or for a member of the organization; with the names Better Auth adds. */
export async function getInvitation(req: PayloadRequest, caller: Caller, invitationId: string) {
  const invitation = await findInvitation(req, invitationId)
  if (!invitation) throw invitationNotFound()
  const organizationId = String(invitation.organization_id)
  if (invitation.email !== caller.user.email && !(await findMembership(req, organizationId, caller.user.id)))
    throw forbidden('This invitation is addressed to someone else')
  const organization = (await findOrganization(req, organizationId))!
  const inviter = invitation.inviter_id
    ? await req.payload.findByID({
        collection: 'users',
        id: String(invitation.inviter_id),
        depth: 0,
        overrideAccess: true,
        req,
        disableErrors: true,
      })
    : null
  return {
    invitation,
    organizationName: organization.name,
    organizationSlug: organization.slug,
    inviterEmail: (inviter as { email?: string } | null)?.email ?? null,
  }
}

export async function invitationsOf(req: PayloadRequest, caller: Caller, idOrSlug: string | undefined) {
  const { organization } = await organizationFor(req, caller, idOrSlug)
  return listInvitations(req, String(organization.id))
}

export const invitationsToCaller = (req: PayloadRequest, caller: Caller) => listInvitationsTo(req, caller.user.email)
