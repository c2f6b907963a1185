// GET /api/auth-client/config (docs/api.md "Auth client: GET /api/auth-client/config") and
// get-session's roles (docs/api.md "Accounts (/api/auth)"): the configuration is public,
// cacheable and secret-free, and Better Auth's own client, set up from it alone, signs in,
// reads the session with `roles` and `role`, and sees a role an admin set with admin.setRole
// on that user's next get-session (bearer, and cookie with its cache).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createAuthClient } from 'better-auth/client'
import { adminClient, organizationClient } from 'better-auth/client/plugins'

import { setEnv } from '../helpers/env'
import { checkedFetch } from '../helpers/openapi-check'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { createUser, signIn, type TestUser } from '../helpers/users'

let app: TestApp

beforeAll(async () => {
  app = await startTestApp()
  setEnv({ PUBLIC_URL: app.url })
})

afterAll(async () => {
  setEnv({ PUBLIC_URL: undefined })
  await app?.stop()
})

interface Config {
  baseURL: string
  basePath: string
  plugins: Array<'organization' | 'admin'>
}

/** Better Auth's client built from nothing but the published configuration (bearer, as a Node app). */
async function clientFromConfig() {
  const config = (await (await app.request('/api/auth-client/config')).json()) as Config
  let token: string | undefined
  const client = createAuthClient({
    baseURL: config.baseURL,
    basePath: config.basePath,
    plugins: [adminClient(), organizationClient()].filter((_, index) =>
      config.plugins.includes((['admin', 'organization'] as const)[index]!),
    ),
    fetchOptions: {
      customFetchImpl: checkedFetch,
      auth: { type: 'Bearer', token: () => token },
      onSuccess: (context) => {
        const issued = context.response.headers.get('set-auth-token')
        if (issued) token = issued
      },
    },
  })
  return client
}

describe('GET /api/auth-client/config', () => {
  it('200 for anyone, cacheable for 5 minutes, the documented fields and no secret', async () => {
    const response = await app.request('/api/auth-client/config')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('public, max-age=300')
    const text = await response.text()
    expect(JSON.parse(text)).toEqual({
      baseURL: app.url,
      basePath: '/api/auth',
      cookiePrefix: 'community.',
      plugins: ['organization', 'admin'],
      emailVerificationRequired: true,
      password: { minLength: 10, rules: expect.arrayContaining(['an uppercase letter', 'a digit']) },
      session: { expiresInSeconds: 604_800, cookieCache: { enabled: true, maxAge: 300 } },
      locales: ['en', 'fr', 'de', 'es', 'it', 'nl'],
    })
    expect(text).not.toContain(process.env.PAYLOAD_SECRET!)
    expect(text).not.toMatch(/secret|password_hash|DATABASE/i)
    // Signed in, the same public answer.
    const { token } = await signIn(app, await createUser(app))
    expect(
      (await app.request('/api/auth-client/config', { headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(200)
  })

  it('405 for another method', async () => {
    const response = await app.request('/api/auth-client/config', { method: 'POST' })
    expect(response.status).toBe(405)
    expect((await response.json()).error).toBe('method_not_allowed')
  })
})

describe('Better Auth’s client from the configuration alone', () => {
  it('signs in; get-session carries roles and role; admin.setRole shows on the user’s next get-session', async () => {
    const person: TestUser = await createUser(app, { name: 'Config Client' })
    const client = await clientFromConfig()
    const signed = await client.signIn.email({ email: person.email, password: person.password })
    expect(signed.error).toBeNull()
    const session = await client.getSession()
    expect(session.data?.user).toMatchObject({
      id: person.id,
      email: person.email,
      roles: ['citizen'],
      role: 'citizen',
    })

    // A cookie session too, whose get-session answers from the signed cookie cache.
    const { cookie } = await signIn(app, person)
    const viaCookie = async () =>
      (await (await app.request('/api/auth/get-session', { headers: { cookie } })).json()) as {
        user: { roles: string[]; role: string }
      }
    expect((await viaCookie()).user).toMatchObject({ roles: ['citizen'], role: 'citizen' })

    const admin = await createUser(app, { roles: ['admin'] })
    const adminClientFromConfig = await clientFromConfig()
    expect(
      (await adminClientFromConfig.signIn.email({ email: admin.email, password: admin.password })).error,
    ).toBeNull()
    expect((await adminClientFromConfig.getSession()).data?.user).toMatchObject({ roles: ['admin'], role: 'admin' })
    const set = await adminClientFromConfig.admin.setRole({
      userId: person.id,
      role: ['citizen', 'moderator'] as never,
    })
    expect(set.error).toBeNull()

    expect((await client.getSession()).data?.user).toMatchObject({
      roles: ['citizen', 'moderator'],
      role: 'citizen,moderator',
    })
    expect((await viaCookie()).user).toMatchObject({ roles: ['citizen', 'moderator'], role: 'citizen,moderator' })
  })
})
