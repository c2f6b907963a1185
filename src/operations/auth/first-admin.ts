// The admin panel's "create first user" screen: allowed only while no user exists; that
// person becomes a verified admin and is signed in. A transaction-scoped advisory lock makes
// two simultaneous first registrations impossible.
import type { PayloadRequest } from 'payload'

import { writeAudit } from '../../../hooks/shared/audit'
import { invalidInput, weakPassword } from '../../lib/auth/errors'
import { hashPassword } from '../../lib/auth/password-hash'
import { createSession, snapshotOf } from '../../lib/auth/sessions'
import { forbidden } from '../../lib/http/errors'
import { checkPasswordRules } from '../../lib/password-rules'
import { execute, sql } from '../../lib/sql'
import { inTransaction } from '../../lib/transaction'
import { insertAccount } from './insert-account'
import type { SignInResult } from './sign-in'
import { usernameBase } from './usernames'

const FIRST_USER_LOCK = 424242

export async function registerFirstAdmin(
  req: PayloadRequest,
  input: { email: string; password: string; name?: string },
): Promise<SignInResult> {
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email)) throw invalidInput('email is not a valid address')
  const rule = checkPasswordRules(input.password)
  if (rule) throw weakPassword(rule)
  const passwordHash = await hashPassword(input.password)

  return inTransaction(req, async () => {
    await execute(req, sql`SELECT pg_advisory_xact_lock(${FIRST_USER_LOCK})`)
    const { totalDocs } = await req.payload.count({ collection: 'users', overrideAccess: true, req })
    if (totalDocs > 0) throw forbidden('An admin already exists; sign in instead')
    const username = usernameBase(input.email)
    const { id: userId } = await insertAccount(req, {
      email: input.email,
      name: input.name ?? null,
      username,
      roles: ['admin'],
      emailVerified: true,
      passwordHash,
    })
    await writeAudit(req, {
      action: 'user.first_admin',
      userId,
      targetType: 'users',
      targetId: userId,
      data: { email: input.email },
    })
    const { token, hash, doc } = await createSession(req, userId)
    const user = { id: userId, email: input.email, name: input.name ?? null, emailVerified: true, roles: ['admin'] }
    return { token, tokenHash: hash, snapshot: snapshotOf(doc, user), user }
  })
}
