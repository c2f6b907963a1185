// Sign-in (docs/api.md "Accounts (/api/auth)"): counted against the IP and, when it fails, against the email
// (a failure slot is taken before the password is checked and given back on success);
// the same answer and the same hashing time for an unknown email and a wrong password;
// `email_not_verified` and `banned_user` only once the password matched. Session and audit in one transaction;
// a ban whose time has passed is cleared in it (Better Auth does the same at sign-in).
import type { PayloadRequest } from 'payload'

import { writeAudit } from '../../../hooks/shared/audit'
import type { SessionSnapshot } from '../../lib/auth/cookies'
import { bannedUser, isBanned } from '../../lib/auth/current'
import { accountPendingApproval, emailNotVerified, invalidCredentials } from '../../lib/auth/errors'
import { limitSignInAttempt, releaseSignInFailure, reserveSignInFailure } from '../../lib/auth/limits'
import { verifyPassword } from '../../lib/auth/password-hash'
import { createSession, type SessionUser, snapshotOf } from '../../lib/auth/sessions'
import { PASSWORD_MAX_LENGTH } from '../../lib/password-rules'
import { runIn, statement } from '../../lib/prepared'
import { inTransaction } from '../../lib/transaction'
import { isPendingApproval } from './pending-approval'

export interface SignInResult {
  token: string
  tokenHash: string
  snapshot: SessionSnapshot
  user: SessionUser
}

// Only a ban that has run out: an admin banning again meanwhile (no expiry, or a later one) wins.
const CLEAR_EXPIRED_BAN = statement(
  'sign-in-clear-expired-ban',
  'UPDATE users SET banned = false, ban_reason = NULL, ban_expires = NULL, updated_at = now() WHERE id = $1 AND banned AND ban_expires <= now() RETURNING id',
)

// The failure was counted up front (reserveSignInFailure); a failed attempt keeps its slot.
async function fail(
  req: PayloadRequest,
  email: string,
  reason: string,
  userId: string | null,
  error: Error,
): Promise<never> {
  await writeAudit(req, {
    action: 'login_failed',
    userId,
    targetType: 'users',
    targetId: userId,
    data: { email, reason },
  })
  throw error
}

export async function signIn(req: PayloadRequest, email: string, password: string): Promise<SignInResult> {
  await limitSignInAttempt(req)
  await reserveSignInFailure(req, email)

  const { docs } = await req.payload.find({
    collection: 'users',
    where: { email: { equals: email } },
    limit: 1,
    pagination: false,
    depth: 0,
    overrideAccess: true,
    showHiddenFields: true,
    req,
  })
  const user = docs[0]
  // An over-long password cannot be right (sign-up refuses them): refused unhashed, whether
  // or not the email exists, so it tells nothing about accounts and costs no hashing work.
  const matches = [...password].length <= PASSWORD_MAX_LENGTH && (await verifyPassword(user?.passwordHash, password))
  if (!user || !matches)
    return fail(
      req,
      email,
      user ? 'wrong_password' : 'unknown_email',
      user ? String(user.id) : null,
      invalidCredentials(),
    )
  if (!user.emailVerified) return fail(req, email, 'email_not_verified', String(user.id), emailNotVerified())
  // A ban (docs/api.md "Accounts beyond sign-in (/api/auth)") is told only to whoever knows the
  // password, with its reason.
  const ban = {
    banned: Boolean(user.banned),
    banExpires: user.banExpires ? new Date(user.banExpires).toISOString() : null,
  }
  if (isBanned(ban)) return fail(req, email, 'banned', String(user.id), bannedUser(user.banReason ?? null))
  // Held by sign-up screening until an admin approves it (docs/api.md "Sign-up screening").
  if (await isPendingApproval(req, String(user.id)))
    return fail(req, email, 'pending_approval', String(user.id), accountPendingApproval())

  const result = await inTransaction(req, async () => {
    // An expired ban is lifted, so admin/get-user and admin/list-users stop showing it.
    if (ban.banned) {
      const cleared = await runIn(req, CLEAR_EXPIRED_BAN, [String(user.id)])
      if (cleared.rowCount > 0) {
        await writeAudit(req, {
          action: 'user.ban_expired',
          userId: String(user.id),
          targetType: 'users',
          targetId: String(user.id),
          data: { banReason: user.banReason ?? null, banExpires: ban.banExpires },
        })
      }
    }
    const { token, hash, doc } = await createSession(req, String(user.id))
    await writeAudit(req, {
      action: 'login_success',
      userId: String(user.id),
      targetType: 'sessions',
      targetId: String(doc.id),
      data: { sessionId: String(doc.id) },
    })
    return { token, tokenHash: hash, snapshot: snapshotOf(doc, user), user }
  })
  await releaseSignInFailure(req, email)
  return result
}
