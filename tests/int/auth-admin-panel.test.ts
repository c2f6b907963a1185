// The admin panel's auth routes (/api/users/first-register, login, me, refresh-token, logout)
// answered by our session store, Payload's JWTs refused everywhere, and the stock REST routes
// of sensitive collections (docs/api.md "Roles and permissions"): sessions, tokens, rate-limit counters and
// password hashes never readable, audit entries admin-only, users reading only themselves.
import { pbkdf2Sync, randomBytes } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { sql, startTestApp, type TestApp } from '../helpers/test-app'
import { authHeaders, createUser, signIn, TEST_PASSWORD, type TestUser } from '../helpers/users'

const ADMIN_PASSWORD = 'First-Admin-Passw0rd!'
const SECRET_FIELDS = /passwordHash|"hash"|"salt"|"password"|argon2|pbkdf2|resetPasswordToken|"sessions"/

let app: TestApp

function panelForm(data: Record<string, unknown>): FormData {
  // What the panel's forms send: one multipart field `_payload` holding JSON.
  const form = new FormData()
  form.append('_payload', JSON.stringify(data))
  return form
}

function panelPost(path: string, body: FormData | Record<string, unknown>, headers: Record<string, string> = {}) {
  const isForm = body instanceof FormData
  return app.request(`/api/users/${path}`, {
    method: 'POST',
    headers: isForm ? headers : { 'content-type': 'application/json', ...headers },
    body: isForm ? body : JSON.stringify(body),
  })
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ')

async function me(headers: Record<string, string>) {
  const response = await app.request('/api/users/me', { headers })
  expect(response.status).toBe(200)
  return response.json() as Promise<{ user: Record<string, unknown> | null; collection?: string; exp?: number }>
}

const userCount = async () => Number((await sql<{ n: string }>(app, 'SELECT count(*) AS n FROM users'))[0]!.n)

beforeAll(async () => {
  app = await startTestApp()
})

afterAll(async () => {
  await app?.stop()
})

describe('POST /api/users/first-register (runs first: the users table starts empty)', () => {
  it('refuses a weak password or a bad email on the empty table, writing nothing', async () => {
    for (const data of [
      { email: 'first@example.test', password: 'weak' },
      { email: 'not-an-email', password: ADMIN_PASSWORD },
    ]) {
      const response = await panelPost('first-register', panelForm(data))
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        error: expect.any(String),
        message: expect.any(String),
        errors: [{ message: expect.any(String) }],
      })
    }
    expect(await userCount()).toBe(0)
  })

  let cookie: string

  it('of simultaneous first registrations exactly one succeeds: a verified admin, signed in', async () => {
    const emails = ['first-admin@example.test', 'second-admin@example.test', 'third-admin@example.test']
    const responses = await Promise.all(
      emails.map((email) =>
        panelPost('first-register', panelForm({ email, password: ADMIN_PASSWORD, 'confirm-password': ADMIN_PASSWORD })),
      ),
    )
    expect(responses.map((r) => r.status).sort()).toEqual([200, 403, 403])
    expect(await userCount()).toBe(1)

    const winner = responses.find((r) => r.status === 200)!
    const body = await winner.json()
    const email = body.user.email as string
    expect(emails).toContain(email)
    expect(body.user).toMatchObject({ email, collection: 'users', roles: ['admin'], emailVerified: true })
    expect(body.exp).toBeGreaterThan(Date.now() / 1000 + 6 * 86_400)
    expect(JSON.stringify(body)).not.toMatch(SECRET_FIELDS)

    const set = winner.headers.getSetCookie()
    expect(
      set.some(
        (c) => c.startsWith('community.session=') && /HttpOnly/.test(c) && /Secure/.test(c) && /SameSite=Lax/.test(c),
      ),
    ).toBe(true)
    cookie = cookieOf(winner)

    const [row] = await sql<{ id: string; email_verified: boolean; password_hash: string }>(
      app,
      'SELECT id, email_verified, password_hash FROM users',
    )
    expect(row!.email_verified).toBe(true)
    expect(row!.password_hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true)
    expect(await sql(app, 'SELECT value::text FROM users_roles WHERE parent_id = $1', [row!.id])).toEqual([
      { value: 'admin' },
    ])
    expect(await sql(app, 'SELECT 1 FROM profiles WHERE user_id = $1', [row!.id])).toHaveLength(1)
    expect(await sql(app, 'SELECT balance, currency FROM wallets WHERE user_id = $1', [row!.id])).toEqual([
      { balance: '0.00', currency: 'EUR' },
    ])

    const losers = responses.filter((r) => r.status === 403)
    for (const loser of losers)
      expect(await loser.json()).toEqual({
        error: expect.any(String),
        message: expect.any(String),
        errors: [{ message: expect.any(String) }],
      })
  })

  it('the new admin is signed in: /api/users/me answers the user', async () => {
    const body = await me({ cookie })
    expect(body.user).toMatchObject({ collection: 'users', roles: ['admin'] })
  })

  it('is refused once any user exists', async () => {
    const response = await panelPost('first-register', { email: 'late@example.test', password: ADMIN_PASSWORD })
    expect(response.status).toBe(403)
    expect(await userCount()).toBe(1)
  })
})

describe('POST /api/users/login and the session it opens', () => {
  let admin: TestUser

  beforeAll(async () => {
    admin = await createUser(app, { roles: ['admin'], name: 'Panel Admin' })
  })

  it.each([
    ['the panel’s multipart form (_payload JSON)', () => panelForm({ email: admin.email, password: TEST_PASSWORD })],
    ['plain JSON', () => ({ email: admin.email, password: TEST_PASSWORD })],
  ])(
    'with %s: sets our session cookies; /api/users/me then returns the user with collection and exp',
    async (_label, body) => {
      const response = await panelPost('login', body(), { 'x-real-ip': '198.51.100.110' })
      expect(response.status).toBe(200)
      const login = await response.json()
      expect(login.user).toMatchObject({ id: admin.id, email: admin.email, collection: 'users' })
      expect(typeof login.exp).toBe('number')
      expect(JSON.stringify(login)).not.toMatch(SECRET_FIELDS)

      const cookies = response.headers.getSetCookie()
      const session = cookies.find((c) => c.startsWith('community.session='))!
      expect(
        session
          .split(';')
          .slice(1)
          .map((a) => a.trim())
          .sort(),
      ).toEqual(['HttpOnly', 'Max-Age=604800', 'Path=/', 'SameSite=Lax', 'Secure'])
      expect(cookies.some((c) => c.startsWith('community.session_data='))).toBe(true)

      const current = await me({ cookie: cookieOf(response) })
      expect(current.user).toMatchObject({ id: admin.id, email: admin.email, name: 'Panel Admin', collection: 'users' })
      expect(current.collection).toBe('users')
      expect(Math.abs(current.exp! - (Date.now() / 1000 + 604_800))).toBeLessThan(120)
      expect(JSON.stringify(current)).not.toMatch(SECRET_FIELDS)

      // The same session store: the API sees the panel's session.
      const apiSession = await (
        await app.request('/api/auth/get-session', { headers: { cookie: cookieOf(response) } })
      ).json()
      expect(apiSession.user.id).toBe(admin.id)
    },
  )

  it('records login_success like the API does', async () => {
    const rows = await sql(
      app,
      `SELECT user_id FROM audit_logs WHERE action = 'login_success' AND ip = '198.51.100.110'`,
    )
    expect(rows).toEqual([{ user_id: admin.id }, { user_id: admin.id }])
  })

  it('a wrong password is 401 in the panel’s error shape, with no cookie', async () => {
    const response = await panelPost('login', panelForm({ email: admin.email, password: 'Wrong-Passw0rd!' }))
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({
      error: expect.any(String),
      message: expect.any(String),
      errors: [{ message: expect.any(String) }],
    })
    expect(response.headers.getSetCookie()).toEqual([])
  })

  it('an unverified user cannot log in to the panel', async () => {
    const unverified = await createUser(app, { roles: ['admin'], verified: false })
    const response = await panelPost('login', { email: unverified.email, password: TEST_PASSWORD })
    expect(response.status).toBe(401)
    expect(response.headers.getSetCookie()).toEqual([])
  })

  it('/api/users/me without a session answers user null', async () => {
    expect((await me({})).user).toBeNull()
  })

  it('/api/users/refresh-token answers the user and exp with a session, 401 without', async () => {
    const login = await panelPost('login', { email: admin.email, password: TEST_PASSWORD })
    const cookie = cookieOf(login)
    const response = await app.request('/api/users/refresh-token', {
      method: 'POST',
      headers: { cookie, origin: app.url },
    })
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body.user).toMatchObject({ id: admin.id, collection: 'users' })
    expect(typeof body.exp).toBe('number')
    expect(JSON.stringify(body)).not.toMatch(SECRET_FIELDS)
    expect((await app.request('/api/users/refresh-token', { method: 'POST' })).status).toBe(401)
  })

  it('/api/users/logout revokes the session and clears the cookies', async () => {
    const login = await panelPost('login', { email: admin.email, password: TEST_PASSWORD })
    const { user } = await login.json()
    const cookie = cookieOf(login)
    const token = /community\.session=([^;]+)/.exec(cookie)![1]!
    const response = await app.request('/api/users/logout', { method: 'POST', headers: { cookie, origin: app.url } })
    expect(response.status).toBe(200)
    const cleared = response.headers.getSetCookie()
    expect(cleared.some((c) => c.startsWith('community.session=;') && /Max-Age=0/.test(c))).toBe(true)
    expect(cleared.some((c) => c.startsWith('community.session_data=;') && /Max-Age=0/.test(c))).toBe(true)
    expect(
      await sql(app, `SELECT 1 FROM audit_logs WHERE action = 'logout' AND user_id = $1`, [user.id]),
    ).not.toHaveLength(0)
    // The token is dead: the session cookie alone (or as a bearer) finds nothing.
    expect((await me({ cookie: `community.session=${token}` })).user).toBeNull()
    expect((await me({ authorization: `Bearer ${token}` })).user).toBeNull()
  })

  it('/api/users/me answers user null, not 500, when the user was deleted while the cookie cache is still fresh', async () => {
    const doomed = await createUser(app, { roles: ['admin'] })
    const login = await panelPost('login', { email: doomed.email, password: TEST_PASSWORD })
    const cookie = cookieOf(login)
    await app.payload.delete({ collection: 'users', id: doomed.id, overrideAccess: true })
    const response = await app.request('/api/users/me', { headers: { cookie } })
    expect(response.status).toBe(200)
    expect((await response.json()).user).toBeNull()
  })

  it('Payload’s own password flows are not served (they would mint its sessions)', async () => {
    for (const path of ['forgot-password', 'reset-password', 'unlock']) {
      const response = await panelPost(path, { email: admin.email, token: 'x', password: 'Some-Passw0rd!' })
      expect(response.status).toBe(404)
    }
    const [row] = await sql<{ reset_password_token: string | null }>(
      app,
      'SELECT reset_password_token FROM users WHERE id = $1',
      [admin.id],
    )
    expect(row!.reset_password_token).toBeNull()
  })
})

describe('a JWT minted by payload.login (Local API) is accepted nowhere', () => {
  let jwt: string

  beforeAll(async () => {
    const admin = await createUser(app, { roles: ['admin'] })
    // Give the user a Payload (PBKDF2) credential, so Payload's own login can mint a token.
    const password = 'Payload-Local-Passw0rd!'
    const salt = randomBytes(32).toString('hex')
    const hash = `pbkdf2-sha256-v1:${pbkdf2Sync(password, salt, 600_000, 32, 'sha256').toString('hex')}`
    await sql(app, 'UPDATE users SET salt = $1, hash = $2 WHERE id = $3', [salt, hash, admin.id])
    // The config hides the token from login results; let this one call show what it minted.
    const auth = app.payload.collections.users.config.auth as { removeTokenFromResponses?: boolean }
    auth.removeTokenFromResponses = false
    try {
      const result = await app.payload.login({ collection: 'users', data: { email: admin.email, password } })
      jwt = result.token!
    } finally {
      auth.removeTokenFromResponses = true
    }
    expect(jwt).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
  })

  const carriers: Array<[string, () => Record<string, string>]> = [
    ['Authorization: JWT', () => ({ authorization: `JWT ${jwt}` })],
    ['cookie payload-token', () => ({ cookie: `payload-token=${jwt}` })],
    ['Authorization: Bearer', () => ({ authorization: `Bearer ${jwt}` })],
  ]

  it.each(carriers)(
    '%s: no user on /api/users/me, get-session, or the admin-only stock routes',
    async (_label, headers) => {
      expect((await me(headers())).user).toBeNull()
      expect(await (await app.request('/api/auth/get-session', { headers: headers() })).json()).toBeNull()
      expect((await app.request('/api/audit-logs', { headers: headers() })).status).toBe(403)
      expect((await app.request('/api/users', { headers: headers() })).status).toBe(403)
      expect(
        (await app.request('/api/users/refresh-token', { method: 'POST', headers: { ...headers(), origin: app.url } }))
          .status,
      ).toBe(401)
    },
  )
})

describe('stock REST routes of sensitive collections', () => {
  let citizen: TestUser
  let other: TestUser
  let citizenHeaders: Record<string, string>
  let adminHeaders: Record<string, string>

  beforeAll(async () => {
    citizen = await createUser(app, { name: 'Plain Citizen' })
    other = await createUser(app)
    citizenHeaders = await authHeaders(app, citizen)
    adminHeaders = await authHeaders(app, await createUser(app, { roles: ['admin'] }))
    // Something to find in each table.
    await signIn(app, other)
    await app.request('/api/auth/forget-password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: other.email, redirectTo: 'http://localhost:3000/reset' }),
    })
  })

  it.each(['sessions', 'verification-tokens', 'rate-limits'])(
    '/api/%s is refused to everyone, admins included',
    async (slug) => {
      for (const headers of [{}, citizenHeaders, adminHeaders]) {
        const list = await app.request(`/api/${slug}`, { headers })
        expect(list.status).toBe(403)
        expect(await list.text()).not.toMatch(/token_?hash|tokenHash|"key"/i)
        const create = await app.request(`/api/${slug}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: '{}',
        })
        expect(create.status).toBe(403)
      }
      const [row] = await sql<{ id: string }>(app, `SELECT id FROM ${slug.replace('-', '_')} LIMIT 1`)
      expect(row).toBeDefined()
      for (const headers of [citizenHeaders, adminHeaders]) {
        const one = await app.request(`/api/${slug}/${row!.id}`, { headers })
        expect([403, 404]).toContain(one.status)
      }
    },
  )

  it('/api/audit-logs is refused to anonymous callers and citizens, readable by admins', async () => {
    expect((await app.request('/api/audit-logs')).status).toBe(403)
    expect((await app.request('/api/audit-logs', { headers: citizenHeaders })).status).toBe(403)
    const response = await app.request('/api/audit-logs', { headers: adminHeaders })
    expect(response.status).toBe(200)
    expect((await response.json()).totalDocs).toBeGreaterThan(0)
  })

  it('audit entries cannot be written or deleted over REST, even by an admin', async () => {
    const [entry] = await sql<{ id: string }>(app, 'SELECT id FROM audit_logs LIMIT 1')
    const json = { ...adminHeaders, 'content-type': 'application/json' }
    expect(
      (
        await app.request('/api/audit-logs', {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ action: 'forged' }),
        })
      ).status,
    ).toBe(403)
    expect(
      (
        await app.request(`/api/audit-logs/${entry!.id}`, {
          method: 'PATCH',
          headers: json,
          body: JSON.stringify({ action: 'forged' }),
        })
      ).status,
    ).toBe(403)
    expect(
      (await app.request(`/api/audit-logs/${entry!.id}`, { method: 'DELETE', headers: adminHeaders })).status,
    ).toBe(403)
    expect(await sql(app, 'SELECT 1 FROM audit_logs WHERE id = $1', [entry!.id])).toHaveLength(1)
  })

  it.each(['', '?depth=2', '?depth=2&limit=100'])(
    '/api/users%s as a citizen lists only themselves, without any secret field',
    async (query) => {
      const response = await app.request(`/api/users${query}`, { headers: citizenHeaders })
      expect(response.status).toBe(200)
      const body = await response.json()
      expect(body.totalDocs).toBe(1)
      expect(body.docs.map((doc: { id: string }) => doc.id)).toEqual([citizen.id])
      expect(JSON.stringify(body)).not.toMatch(SECRET_FIELDS)
    },
  )

  it('/api/users/:id of someone else is not readable by a citizen; their own is, without secrets', async () => {
    expect([403, 404]).toContain((await app.request(`/api/users/${other.id}`, { headers: citizenHeaders })).status)
    const own = await app.request(`/api/users/${citizen.id}?depth=2`, { headers: citizenHeaders })
    expect(own.status).toBe(200)
    expect(JSON.stringify(await own.json())).not.toMatch(SECRET_FIELDS)
  })

  it('an admin listing users (depth 2) sees no hash, salt or passwordHash either', async () => {
    const response = await app.request('/api/users?depth=2&limit=100', { headers: adminHeaders })
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body.totalDocs).toBeGreaterThan(3)
    expect(JSON.stringify(body)).not.toMatch(SECRET_FIELDS)
  })

  it.each(['passwordHash', 'hash', 'salt'])(
    'nobody can filter or sort users by %s (400: a hash must not be guessable by query)',
    async (field) => {
      for (const headers of [citizenHeaders, adminHeaders]) {
        for (const filter of [`where[${field}][like]=a`, `where[${field}][exists]=true`, `sort=${field}`]) {
          const response = await app.request(`/api/users?${filter}&limit=100`, { headers })
          expect({ filter, status: response.status }).toEqual({ filter, status: 400 })
          expect(JSON.stringify(await response.json())).not.toMatch(/argon2|pbkdf2/)
        }
      }
    },
  )

  it('/api/users is refused to anonymous callers', async () => {
    expect((await app.request('/api/users')).status).toBe(403)
  })

  it('stock writes to /api/users by a citizen are refused and change nothing', async () => {
    const json = { ...citizenHeaders, 'content-type': 'application/json' }
    const countBefore = await userCount()
    const create = await app.request('/api/users', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'stock@example.test', password: 'Stock-Passw0rd!', roles: ['admin'] }),
    })
    expect(create.status).toBe(403)
    const promote = await app.request(`/api/users/${citizen.id}`, {
      method: 'PATCH',
      headers: json,
      body: JSON.stringify({ roles: ['admin'] }),
    })
    expect(promote.status).toBe(403)
    const rename = await app.request(`/api/users/${citizen.id}`, {
      method: 'PATCH',
      headers: json,
      body: JSON.stringify({ name: 'Renamed', emailVerified: true }),
    })
    expect(rename.status).toBe(403)
    const remove = await app.request(`/api/users/${other.id}`, { method: 'DELETE', headers: citizenHeaders })
    expect(remove.status).toBe(403)
    const bulk = await app.request('/api/users?where[id][exists]=true', {
      method: 'PATCH',
      headers: json,
      body: JSON.stringify({ roles: ['admin'] }),
    })
    expect(bulk.status).toBe(403)

    expect(await userCount()).toBe(countBefore)
    expect(await sql(app, 'SELECT value::text FROM users_roles WHERE parent_id = $1', [citizen.id])).toEqual([
      { value: 'citizen' },
    ])
    expect(await sql(app, 'SELECT name FROM users WHERE id = $1', [citizen.id])).toEqual([{ name: 'Plain Citizen' }])
  })

  it('anonymous stock sign-up through POST /api/users is refused', async () => {
    const response = await app.request('/api/users', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'anon-stock@example.test', password: 'Stock-Passw0rd!' }),
    })
    expect(response.status).toBe(403)
    expect(await sql(app, 'SELECT 1 FROM users WHERE email = $1', ['anon-stock@example.test'])).toHaveLength(0)
  })

  it('a user an admin creates over REST gets an argon2id hash in the one credential store and signs in through /api/auth', async () => {
    const email = `rest-made-${Date.now()}@example.test`
    const password = 'Rest-Made-Passw0rd!'
    const response = await app.request('/api/users', {
      method: 'POST',
      headers: { ...adminHeaders, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, roles: ['citizen'], emailVerified: true }),
    })
    expect(response.status).toBe(201)
    expect(JSON.stringify(await response.json())).not.toMatch(SECRET_FIELDS)
    const [row] = await sql<{ password_hash: string }>(app, 'SELECT password_hash FROM users WHERE email = $1', [email])
    expect(row!.password_hash.startsWith('$argon2id$')).toBe(true)
    expect((await signIn(app, { email, password })).token).toBeTruthy()
  })
})

describe('admin changes to accounts are audited', () => {
  it('records user.create, user.update and user.delete for stock-route changes, never a secret', async () => {
    const admin = await createUser(app, { roles: ['admin'] })
    const headers = {
      ...(await authHeaders(app, admin)),
      'content-type': 'application/json',
      'x-real-ip': '203.0.113.77',
    }
    const created = await app.request('/api/users', {
      method: 'POST',
      headers,
      body: JSON.stringify({
        email: `audited-${randomBytes(4).toString('hex')}@example.test`,
        password: 'Audited-Passw0rd!',
      }),
    })
    expect(created.status).toBe(201)
    const { doc } = (await created.json()) as { doc: { id: string } }
    const updated = await app.request(`/api/users/${doc.id}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ roles: ['moderator'], password: 'Changed-Passw0rd!' }),
    })
    expect(updated.status).toBe(200)
    expect((await app.request(`/api/users/${doc.id}`, { method: 'DELETE', headers })).status).toBe(200)

    const rows = await sql<{ action: string; user_id: string; ip: string; data: Record<string, unknown> }>(
      app,
      `SELECT action, user_id, ip, data FROM audit_logs WHERE target_id = $1 AND action LIKE 'user.%' ORDER BY created_at`,
      [doc.id],
    )
    expect(rows.map((row) => row.action)).toEqual(['user.create', 'user.update', 'user.delete'])
    for (const row of rows) expect(row).toMatchObject({ user_id: admin.id, ip: '203.0.113.77' })
    expect(rows[1]!.data).toMatchObject({ roles: ['moderator'] })
    expect(JSON.stringify(rows)).not.toMatch(SECRET_FIELDS)
  })
})

// Found by the fuzzer: accounts made outside sign-up, and malformed panel input.
describe('accounts made by an admin, and malformed input', () => {
  it('a user created through the stock route gets exactly one profile and one wallet, in its transaction', async () => {
    const admin = await createUser(app, { roles: ['admin'] })
    const headers = await authHeaders(app, admin)
    const email = `stock-${randomBytes(4).toString('hex')}@example.test`
    const response = await app.request('/api/users', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: TEST_PASSWORD, roles: ['citizen'] }),
    })
    expect(response.status).toBe(201)
    const [user] = await sql<{ id: string; username: string }>(app, 'SELECT id, username FROM users WHERE email = $1', [
      email,
    ])
    expect(user!.username).toMatch(/^stock-[0-9a-f]{8}$/)
    expect(await sql(app, 'SELECT username FROM profiles WHERE user_id = $1', [user!.id])).toEqual([
      { username: user!.username },
    ])
    expect(await sql(app, 'SELECT balance, currency FROM wallets WHERE user_id = $1', [user!.id])).toEqual([
      { balance: '0.00', currency: 'EUR' },
    ])
  })

  it('the test helpers’ users (Local API) have them too', async () => {
    const user = await createUser(app)
    expect(await sql(app, 'SELECT 1 FROM profiles WHERE user_id = $1', [user.id])).toHaveLength(1)
    expect(await sql(app, 'SELECT 1 FROM wallets WHERE user_id = $1', [user.id])).toHaveLength(1)
  })

  it('400 (not 500): a user email or password that is not a string', async () => {
    const admin = await createUser(app, { roles: ['admin'] })
    const target = await createUser(app)
    const response = await app.request(`/api/users/${target.id}`, {
      method: 'PATCH',
      headers: { ...(await authHeaders(app, admin)), 'content-type': 'application/json' },
      body: JSON.stringify({ email: 5 }),
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ errors: [{ message: expect.any(String) }] })
    expect(await sql(app, 'SELECT email FROM users WHERE id = $1', [target.id])).toEqual([{ email: target.email }])
    const created = await app.request('/api/users', {
      method: 'POST',
      headers: { ...(await authHeaders(app, admin)), 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'object-password@example.test', password: { a: 1 } }),
    })
    expect(created.status).toBe(400)
    expect(await sql(app, `SELECT 1 FROM users WHERE email = 'object-password@example.test'`)).toHaveLength(0)
  })

  it('400 (not 500): the panel login with a body that is not JSON', async () => {
    const response = await app.request('/api/users/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      error: 'invalid_body',
      message: expect.any(String),
      errors: [{ message: expect.any(String) }],
    })
  })
})
