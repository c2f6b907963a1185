// Self-service on one's own account (docs/api.md "Accounts beyond sign-in
// (/api/auth)"): name, image and username; password change with the current password;
// deleting the account with the password. Each is one transaction with its audit entry;
// the caller is checked against the database first.
import type { PayloadRequest } from 'payload'

import { writeAudit } from '../../../hooks/shared/audit'
import { type Caller, passwordHashOf } from '../../lib/auth/current'
import { invalidInput, invalidPassword, usernameTaken, weakPassword } from '../../lib/auth/errors'
import { verifyPassword } from '../../lib/auth/password-hash'
import { announceStale } from '../../lib/auth/session-events'
import { revokeSessionsOf } from '../../lib/auth/session-rows'
import { createSession, snapshotOf } from '../../lib/auth/sessions'
import { assertRemovable } from '../../lib/auth/user-removal'
import { checkPasswordRules, PASSWORD_MAX_LENGTH } from '../../lib/password-rules'
import { inTransaction } from '../../lib/transaction'
import { isUniqueViolation } from '../../lib/unique-violation'
import { setUserPassword } from '../../lib/user-password'
import type { SignInResult } from './sign-in'
import { usernameUnavailable } from './usernames'

export interface ProfileChanges {
  name?: string
  image?: string | null
  username?: string
}

/** Writes name, image and username (unique) of the caller; the changed fields are audited. */
export async function updateOwnUser(
  req: PayloadRequest,
  caller: Caller,
  changes: ProfileChanges,
): Promise<Caller['user']> {
  const data = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined))
  if (Object.keys(data).length === 0) throw invalidInput('No fields to update')
  return inTransaction(req, async () => {
    if (data.username !== undefined && data.username !== caller.user.username) {
      if (await usernameUnavailable(req, String(data.username), caller.user.id)) throw usernameTaken()
    }
    try {
      await req.payload.update({
        collection: 'users',
        id: caller.user.id,
        data: data as never,
        overrideAccess: true,
        context: { skipAudit: true },
        req,
      })
    } catch (error) {
      // Two people claiming one username at once: the unique index decides.
      if (isUniqueViolation(error, 'username')) throw usernameTaken()
      throw error
    }
    await writeAudit(req, {
      action: 'user.profile_updated',
      userId: caller.user.id,
      targetType: 'users',
      targetId: caller.user.id,
      data,
    })
    return { ...caller.user, ...data } as Caller['user']
  })
}

async function checkPassword(req: PayloadRequest, caller: Caller, password: string): Promise<void> {
  const ok =
    [...password].length <= PASSWORD_MAX_LENGTH &&
    (await verifyPassword(await passwordHashOf(req, caller.user.id), password))
  if (!ok) throw invalidPassword()
}

/**
 * A new password, given the current one. With `revokeOtherSessions` every session of the
 * user ends and a new one is handed out (Better Auth's behaviour): its token, else null.
 */
export async function changeOwnPassword(
  req: PayloadRequest,
  caller: Caller,
  input: { currentPassword: string; newPassword: string; revokeOtherSessions?: boolean },
): Promise<SignInResult | null> {
  await checkPassword(req, caller, input.currentPassword)
  const rule = checkPasswordRules(input.newPassword)
  if (rule) throw weakPassword(rule)
  return inTransaction(req, async () => {
    await setUserPassword(req.payload, caller.user.id, input.newPassword, req)
    let issued: SignInResult | null = null
    let revoked: string[] = []
    if (input.revokeOtherSessions) {
      revoked = await revokeSessionsOf(req, caller.user.id)
      await announceStale(req, caller.user.id)
      const { token, hash, doc } = await createSession(req, caller.user.id)
      issued = { token, tokenHash: hash, snapshot: snapshotOf(doc, caller.user), user: caller.user }
    }
    await writeAudit(req, {
      action: 'user.password_changed',
      userId: caller.user.id,
      targetType: 'users',
      targetId: caller.user.id,
      data: {
        revokeOtherSessions: Boolean(input.revokeOtherSessions),
        sessionsRevoked: revoked.length,
        ...(issued ? { sessionId: String(issued.snapshot.session.id) } : {}),
      },
    })
    return issued
  })
}

/**
 * Removes the account, its sessions and dependents (collections/Users hooks); audit entries
 * stay. Refused with 409 while it provides services or is an organization's last owner
 * (docs/decisions.md "Deleting an account that others depend on is refused"), after the
 * password was checked; nothing changes then.
 */
export async function deleteOwnUser(req: PayloadRequest, caller: Caller, password: string): Promise<void> {
  await checkPassword(req, caller, password)
  await inTransaction(req, async () => {
    const checked = await assertRemovable(req, caller.user.id)
    await writeAudit(req, {
      action: 'user.deleted',
      userId: caller.user.id,
      targetType: 'users',
      targetId: caller.user.id,
      data: { email: caller.user.email, by: 'self' },
    })
    await req.payload.delete({
      collection: 'users',
      id: caller.user.id,
      overrideAccess: true,
      context: { skipAudit: true, ...checked },
      req,
    })
    await announceStale(req, caller.user.id)
  })
}
