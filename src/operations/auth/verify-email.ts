// Email verification: a live token, spent once. An `email_verification` token marks the user
// verified; an `email_change` token (docs/api.md "Accounts beyond sign-in (/api/auth)"
// change-email) makes the address it was mailed to the user's email, verified, unless
// another account took it meanwhile (409).
import type { PayloadRequest } from 'payload'

import { writeAudit } from '../../../hooks/shared/audit'
import { invalidToken, userAlreadyExists } from '../../lib/auth/errors'
import { consumeTokenRow } from '../../lib/auth/one-time-tokens'
import { inTransaction } from '../../lib/transaction'
import { isUniqueViolation } from '../../lib/unique-violation'

type VerifiedUser = { id: string; email: string; name?: string | null; emailVerified: boolean }

export async function verifyEmail(req: PayloadRequest, token: string): Promise<VerifiedUser> {
  return inTransaction(req, async () => {
    const verification = await consumeTokenRow(req, token, 'email_verification')
    const change = verification ? null : await consumeTokenRow(req, token, 'email_change')
    const userId = verification?.userId ?? change?.userId
    if (!userId) throw invalidToken()
    const data = change?.newEmail ? { email: change.newEmail, emailVerified: true } : { emailVerified: true }
    let user: VerifiedUser
    try {
      user = await req.payload.update({
        collection: 'users',
        id: userId,
        data,
        overrideAccess: true,
        context: { skipAudit: true },
        req,
      })
    } catch (error) {
      if (change && isUniqueViolation(error, 'email')) throw userAlreadyExists()
      throw error
    }
    await writeAudit(req, {
      action: change ? 'user.email_changed' : 'email_verified',
      userId,
      targetType: 'users',
      targetId: userId,
      data: { email: user.email },
    })
    return user
  })
}
