// Users and credentials for tests. Tests authenticate only through `authHeaders`, so the
// way a session is obtained can change in one place.
import { randomBytes } from 'node:crypto'

import { createLocalReq } from 'payload'

import type { Role } from '../../domain/permissions'
import { writeAudit } from '../../hooks/shared/audit'
import { hashPassword, PASSWORD_HASH_OPTIONS } from '../../src/lib/auth/password-hash'
import { inTransaction } from '../../src/lib/transaction'
import { isUniqueViolation } from '../../src/lib/unique-violation'
import { insertAccount } from '../../src/operations/auth/insert-account'
import { uniqueUsername } from '../../src/operations/auth/usernames'
import type { TestApp } from './test-app'

export const TEST_PASSWORD = 'Correct-Horse-42!'

export interface TestUser {
  id: string
  email: string
  password: string
  roles: Role[]
}

// One argon2id hash of TEST_PASSWORD per file: every test user has that password, and a
// hash per user (≈ 30 ms of CPU each) proves nothing a test checks. Sign-up, password
// changes and resets still hash through the routes that do it, at the service's own cost.
// This one is made at argon2's cheapest cost (1 MiB, one pass), as Django's test settings
// use a fast hasher: sign-in verifies with the cost written in the hash, so each test
// user's sign-in runs the same code for about 1 ms of CPU instead of 15–20 (≈ 6 % of a
// sign-in-heavy file's CPU; docs/decisions.md "What the test run pays for that no test checks").
const TEST_HASH_COST = { ...PASSWORD_HASH_OPTIONS, memoryCost: 1024, timeCost: 1 }
let testPasswordHash: Promise<string> | undefined

/**
 * A user as it exists after any account creation: user row, profile and wallet through the
 * service's own account insertion (src/operations/auth/insert-account.ts, the one sign-up
 * and the first admin use), a derived unique username and its `user.create` audit entry, in
 * one transaction. Not Payload's create: its local strategy would add a PBKDF2 hash
 * (600,000 iterations, ≈ 0.2 s of CPU) of a throwaway password for every test user. The
 * admin routes that create users (POST /api/users, /api/admin/users) have tests of their own.
 */
export async function createUser(
  app: TestApp,
  options: { roles?: Role[]; email?: string; verified?: boolean; name?: string } = {},
): Promise<TestUser> {
  const email = options.email ?? `user-${randomBytes(5).toString('hex')}@example.test`
  const roles = options.roles ?? ['citizen']
  testPasswordHash ??= hashPassword(TEST_PASSWORD, TEST_HASH_COST)
  const passwordHash = await testPasswordHash
  for (let attempt = 1; ; attempt++) {
    const req = await createLocalReq({}, app.payload)
    try {
      const id = await inTransaction(req, async () => {
        const username = await uniqueUsername(req, email)
        const { id } = await insertAccount(req, {
          email,
          name: options.name ?? null,
          username,
          roles,
          emailVerified: options.verified ?? true,
          passwordHash,
        })
        await writeAudit(req, {
          action: 'user.create',
          userId: null,
          targetType: 'users',
          targetId: id,
          data: { email, roles },
        })
        return id
      })
      return { id, email, password: TEST_PASSWORD, roles }
    } catch (error) {
      // Users made side by side may derive the same username: the unique index decides.
      if (!isUniqueViolation(error, 'username') || attempt >= 5) throw error
    }
  }
}

/** Signs in through the public API; the session token and cookie it handed out. */
export async function signIn(
  app: TestApp,
  user: Pick<TestUser, 'email' | 'password'>,
): Promise<{ token: string; cookie: string }> {
  const response = await app.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  })
  if (response.status !== 200) throw new Error(`test sign-in failed: ${response.status} ${await response.text()}`)
  const { token } = (await response.json()) as { token: string }
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ')
  return { token, cookie }
}

/** Headers that authenticate as `user` (a fresh bearer session each call). */
export async function authHeaders(app: TestApp, user: TestUser): Promise<Record<string, string>> {
  const { token } = await signIn(app, user)
  return { authorization: `Bearer ${token}` }
}

export async function createAdmin(app: TestApp): Promise<TestUser & { headers: Record<string, string> }> {
  const user = await createUser(app, { roles: ['admin'] })
  return { ...user, headers: await authHeaders(app, user) }
}
