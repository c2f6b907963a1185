// Password reset: request (always the same answer; a 1-hour single-use token mailed to a
// link under `redirectTo`) and reset (new password, every session of the user revoked).
import type { PayloadRequest } from 'payload'

import { writeAudit } from '../../../hooks/shared/audit'
import { invalidRedirect, invalidToken, weakPassword } from '../../lib/auth/errors'
import { queueResetEmail, resetLink } from '../../lib/auth/mails'
import { consumeToken, issueToken } from '../../lib/auth/one-time-tokens'
import { revokeAllSessions } from '../../lib/auth/sessions'
import { RESET_TOKEN_LIFETIME } from '../../lib/auth/timing'
import { checkPasswordRules } from '../../lib/password-rules'
import { settings } from '../../lib/settings'
import { inTransaction } from '../../lib/transaction'
import { setUserPassword } from '../../lib/user-password'

/** `redirectTo` must be an http(s) URL on a trusted origin: reset links never lead elsewhere. */
export function checkRedirect(redirectTo: string): string {
  let url: URL
  try {
    url = new URL(redirectTo)
  } catch {
    throw invalidRedirect()
  }
  if (!['http:', 'https:'].includes(url.protocol) || !settings().trustedOrigins.includes(url.origin))
    throw invalidRedirect()
  return url.toString()
}

export async function requestPasswordReset(req: PayloadRequest, email: string, redirectTo: string): Promise<void> {
  const target = checkRedirect(redirectTo)
  const { docs } = await req.payload.find({
    collection: 'users',
    where: { email: { equals: email } },
    limit: 1,
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
  })
  const user = docs[0]
  if (!user) return
  await inTransaction(req, async () => {
    const token = await issueToken(req, String(user.id), 'password_reset', RESET_TOKEN_LIFETIME)
    await writeAudit(req, {
      action: 'password_reset_requested',
      userId: String(user.id),
      targetType: 'users',
      targetId: String(user.id),
      data: { email },
    })
    await queueResetEmail(req, email, resetLink(target, token))
  })
}

export async function resetPassword(req: PayloadRequest, token: string, password: string): Promise<void> {
  const rule = checkPasswordRules(password)
  if (rule) throw weakPassword(rule)
  await inTransaction(req, async () => {
    const userId = await consumeToken(req, token, 'password_reset')
    if (!userId) throw invalidToken()
    await setUserPassword(req.payload, userId, password, req)
    await revokeAllSessions(req, userId)
    await writeAudit(req, { action: 'password_reset', userId, targetType: 'users', targetId: userId, data: {} })
  })
}
