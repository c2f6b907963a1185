// Email verification: a live `email_verification` token, spent once, marks the user verified.
import type { PayloadRequest } from 'payload'

import { writeAudit } from '../../../hooks/shared/audit'
import { invalidToken } from '../../lib/auth/errors'
import { consumeToken } from '../../lib/auth/one-time-tokens'
import { inTransaction } from '../../lib/transaction'

export async function verifyEmail(req: PayloadRequest, token: string) {
  return inTransaction(req, async () => {
    const userId = await consumeToken(req, token, 'email_verification')
    if (!userId) throw invalidToken()
    const user = await req.payload.update({
      collection: 'users',
      id: userId,
      data: { emailVerified: true } as never,
      overrideAccess: true,
      context: { skipAudit: true },
      req,
    })
    await writeAudit(req, { action: 'email_verified', userId, targetType: 'users', targetId: userId, data: { email: user.email } })
    return user as unknown as { id: string; email: string; name?: string | null; emailVerified: boolean }
  })
}
