// Changing one's email (docs/api.md "Accounts beyond sign-in (/api/auth)"): a verification link
// goes to the new address and the change happens only when it is opened (verify-email,
// src/operations/auth/verify-email.ts). Credentials change here, so the session must be fresh.
import type { PayloadRequest } from 'payload'

import { writeAudit } from '../../../hooks/shared/audit'
import type { Caller } from '../../lib/auth/current'
import { invalidInput, sessionNotFresh, userAlreadyExists } from '../../lib/auth/errors'
import { queueEmailChangeEmail } from '../../lib/auth/mails'
import { issueToken } from '../../lib/auth/one-time-tokens'
import { isFresh } from '../../lib/auth/sessions'
import { VERIFICATION_TOKEN_LIFETIME } from '../../lib/auth/timing'
import { inTransaction } from '../../lib/transaction'

export async function requestEmailChange(req: PayloadRequest, caller: Caller, newEmail: string): Promise<void> {
  if (!isFresh(caller.current)) throw sessionNotFresh()
  if (newEmail === caller.user.email) throw invalidInput('newEmail: it is already your email')
  await inTransaction(req, async () => {
    const taken = await req.payload.count({
      collection: 'users',
      where: { email: { equals: newEmail } },
      overrideAccess: true,
      req,
    })
    if (taken.totalDocs > 0) throw userAlreadyExists()
    const token = await issueToken(req, caller.user.id, 'email_change', VERIFICATION_TOKEN_LIFETIME, newEmail)
    await writeAudit(req, {
      action: 'user.email_change_requested',
      userId: caller.user.id,
      targetType: 'users',
      targetId: caller.user.id,
      data: { email: caller.user.email, newEmail },
    })
    await queueEmailChangeEmail(req, newEmail, token)
  })
}
