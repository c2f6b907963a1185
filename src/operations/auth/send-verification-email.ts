// Re-sends the verification email. The answer never says whether the email has an account,
// and the mail is sent by the mail queue after the response is decided, so timing says little either.
import type { PayloadRequest } from 'payload'

import { queueVerificationEmail } from '../../lib/auth/mails'
import { issueToken } from '../../lib/auth/one-time-tokens'
import { VERIFICATION_TOKEN_LIFETIME } from '../../lib/auth/timing'
import { inTransaction } from '../../lib/transaction'

export async function resendVerification(req: PayloadRequest, email: string): Promise<void> {
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
  if (!user || user.emailVerified) return
  await inTransaction(req, async () => {
    const token = await issueToken(req, String(user.id), 'email_verification', VERIFICATION_TOKEN_LIFETIME)
    await queueVerificationEmail(req, email, token)
  })
}
