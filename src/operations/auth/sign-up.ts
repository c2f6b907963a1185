// Sign-up (docs/api.md "Accounts (/api/auth)"): user (citizen, unverified), profile with a unique username,
// wallet (0.00 EUR), verification token, audit `user.sign_up` and the queued verification
// email in one transaction; the mail queue sends it after commit.
import type { PayloadRequest } from 'payload'

import { writeAudit } from '../../../hooks/shared/audit'
import { emitEvent } from '../../../hooks/shared/webhookEvents'
import { signupBlocked, userAlreadyExists, usernameTaken, weakPassword } from '../../lib/auth/errors'
import { queueVerificationEmail } from '../../lib/auth/mails'
import { issueToken } from '../../lib/auth/one-time-tokens'
import { hashPassword } from '../../lib/auth/password-hash'
import { VERIFICATION_TOKEN_LIFETIME } from '../../lib/auth/timing'
import { requestIp } from '../../lib/client-ip'
import { ApiError } from '../../lib/http/errors'
import { checkPasswordRules } from '../../lib/password-rules'
import { inTransaction } from '../../lib/transaction'
import { isUniqueViolation } from '../../lib/unique-violation'
import { screen } from '../moderation/screening'
import { insertAccount } from './insert-account'
import { holdForApproval } from './pending-approval'
import { uniqueUsername, usernameUnavailable } from './usernames'

export interface SignUpInput {
  email: string
  password: string
  name?: string
  username?: string
}

export interface CreatedUser {
  id: string
  email: string
  name: string | null
  username: string
  emailVerified: boolean
  createdAt: string
}

// Simultaneous sign-ups can derive the same username; the unique index decides and the
// losers derive again (a username the caller chose is never replaced: that is a 409).
const DERIVED_USERNAME_ATTEMPTS = 10

export async function signUp(req: PayloadRequest, input: SignUpInput): Promise<CreatedUser> {
  // Screening comes before any look at existing accounts, so a blocked sign-up answers alike for every email.
  const screening = await screen(req, input.email, requestIp(req.headers))
  if (screening.effect === 'block') throw signupBlocked()
  const holdingEntry = screening.effect === 'require_approval' ? screening.matches[0]!.id : null
  const rule = checkPasswordRules(input.password)
  if (rule) throw weakPassword(rule)
  const passwordHash = await hashPassword(input.password)

  for (let attempt = 1; ; attempt++) {
    try {
      return await createAccount(req, input, passwordHash, holdingEntry)
    } catch (error) {
      const lostUsernameRace = !input.username && error instanceof ApiError && error.code === 'username_taken'
      if (!lostUsernameRace || attempt >= DERIVED_USERNAME_ATTEMPTS) throw error
    }
  }
}

async function createAccount(
  req: PayloadRequest,
  input: SignUpInput,
  passwordHash: string,
  holdingEntry: string | null,
): Promise<CreatedUser> {
  const user = await inTransaction(req, async () => {
    const existing = await req.payload.count({
      collection: 'users',
      where: { email: { equals: input.email } },
      overrideAccess: true,
      req,
    })
    if (existing.totalDocs > 0) throw userAlreadyExists()
    let username: string
    if (input.username) {
      if (await usernameUnavailable(req, input.username)) throw usernameTaken()
      username = input.username
    } else {
      username = await uniqueUsername(req, input.email)
    }

    // The user row, profile and wallet (insert-account.ts; no PBKDF2 of Payload's). Fields
    // are validated above; audit is explicit below.
    let created: { id: string; createdAt: string }
    try {
      created = await insertAccount(req, {
        email: input.email,
        name: input.name || null,
        username,
        roles: ['citizen'],
        emailVerified: false,
        passwordHash,
      })
    } catch (error) {
      if (isUniqueViolation(error, 'email')) throw userAlreadyExists()
      if (isUniqueViolation(error, 'username')) throw usernameTaken()
      throw error
    }
    const userId = created.id
    if (holdingEntry) await holdForApproval(req, userId, holdingEntry)
    const verification = await issueToken(req, userId, 'email_verification', VERIFICATION_TOKEN_LIFETIME)
    await writeAudit(req, {
      action: 'user.sign_up',
      userId,
      targetType: 'users',
      targetId: userId,
      data: { email: input.email, username },
    })
    await queueVerificationEmail(req, input.email, verification)
    const user = {
      id: userId,
      email: input.email,
      name: input.name || null,
      username,
      emailVerified: false,
      createdAt: new Date(String(created.createdAt)).toISOString(),
    }
    await emitEvent(req, 'user.created', { type: 'users', id: userId }, { ...user, roles: ['citizen'] })
    return user
  })
  return user
}
