// Users and credentials for tests. Tests authenticate only through `authHeaders`, so the
// way a session is obtained can change in one place.
import { randomBytes } from 'node:crypto'

import type { Role } from '../../domain/permissions'
import type { TestApp } from './test-app'

export const TEST_PASSWORD = 'Correct-Horse-42!'

export interface TestUser {
  id: string
  email: string
  password: string
  roles: Role[]
}

export async function createUser(app: TestApp, options: { roles?: Role[]; email?: string; verified?: boolean; name?: string } = {}): Promise<TestUser> {
  const email = options.email ?? `user-${randomBytes(5).toString('hex')}@example.test`
  const roles = options.roles ?? ['citizen']
  const user = await app.payload.create({
    collection: 'users',
    overrideAccess: true,
    data: { email, password: TEST_PASSWORD, roles, emailVerified: options.verified ?? true, name: options.name } as never,
  })
  return { id: String(user.id), email, password: TEST_PASSWORD, roles }
}

/** Signs in through the public API; the session token and cookie it handed out. */
export async function signIn(app: TestApp, user: Pick<TestUser, 'email' | 'password'>): Promise<{ token: string; cookie: string }> {
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
