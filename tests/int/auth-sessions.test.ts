// Sign-in, get-session and sign-out (docs/api.md "Accounts (/api/auth)"): the answer and
// its cookies to the attribute, bearer tokens revoked at once, the signed cookie cache (trusted
// for 300 s, never when stale or bound to another token), sliding and absolute expiry,
// concurrent sign-ins, and an unknown email costing a hash like a wrong password.
import { createHash } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { cacheCookie, type SessionSnapshot } from '../../src/lib/auth/cookies'
import { setUserPassword } from '../../src/lib/user-password'
import { expectSecurityHeaders } from '../helpers/expectations'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'
import { authHeaders, createUser, signIn, TEST_PASSWORD, type TestUser } from '../helpers/users'

const SESSION_COOKIE = 'community.session'
const CACHE_COOKIE = 'community.session_data'
const DAY = 86_400_000

let app: TestApp
let citizen: TestUser
let admin: TestUser

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

function postSignIn(body: unknown, headers: Record<string, string> = {}) {
  return app.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

async function getSession(headers: Record<string, string>) {
  const response = await app.request('/api/auth/get-session', { headers })
  expect(response.status).toBe(200)
  return (await response.json()) as null | { session: Record<string, unknown>; user: Record<string, unknown> }
}

interface ParsedCookie {
  name: string
  value: string
  attributes: string[]
}

function parseSetCookie(header: string): ParsedCookie {
  const [pair, ...attributes] = header.split(';').map((part) => part.trim())
  const index = pair!.indexOf('=')
  return { name: pair!.slice(0, index), value: pair!.slice(index + 1), attributes: attributes.sort() }
}

function cookiesOf(response: Response): Map<string, ParsedCookie> {
  return new Map(
    response.headers
      .getSetCookie()
      .map(parseSetCookie)
      .map((cookie) => [cookie.name, cookie]),
  )
}

const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ')

/**
 * Runs `text` with the database's triggers off: a change no instance hears of (every session,
 * user and role change notifies the listeners, migration 20261202_020000_user_stale_triggers),
 * as a cache that is really trusted would miss it.
 */
async function unheard(text: string, values: unknown[]): Promise<void> {
  type Client = { query: (t: string, v?: unknown[]) => Promise<unknown>; release: () => void }
  const pool = (app.payload.db as unknown as { pool: { connect: () => Promise<Client> } }).pool
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    await client.query('SET LOCAL session_replication_role = replica')
    await client.query(text, values)
    await client.query('COMMIT')
  } finally {
    client.release()
  }
}

function expectAuthError(body: Record<string, unknown>, error: string, status: string) {
  expect(body).toEqual({ error, code: error.toUpperCase(), message: expect.any(String), status })
}

beforeAll(async () => {
  app = await startTestApp()
  citizen = await createUser(app, { name: 'Cit Izen' })
  admin = await createUser(app, { roles: ['admin'] })
})

afterAll(async () => {
  await app?.stop()
})

describe('POST /api/auth/sign-in/email', () => {
  let response: Response
  let body: { token: string; user: Record<string, unknown>; session: Record<string, unknown>; redirect?: boolean }

  beforeAll(async () => {
    response = await postSignIn(
      { email: `  ${citizen.email.toUpperCase()} `, password: TEST_PASSWORD },
      { 'x-forwarded-for': '203.0.113.50, 10.1.1.1', 'user-agent': 'sessions-test/2.0' },
    )
    body = await response.json()
  })

  it('answers 200 with user, session and token (email matched case-insensitively)', () => {
    expect(response.status).toBe(200)
    expect(body.user).toEqual({ id: citizen.id, email: citizen.email, name: 'Cit Izen', emailVerified: true })
    expect(body.session).toEqual({ id: expect.any(String), userId: citizen.id, expiresAt: expect.any(String) })
    expect(Math.abs(Date.parse(body.session.expiresAt as string) - (Date.now() + 7 * DAY))).toBeLessThan(60_000)
    // ≥ 32 random bytes, base64url.
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43,}$/)
  })

  it('hands the same token out in the set-auth-token header', () => {
    expect(response.headers.get('set-auth-token')).toBe(body.token)
  })

  it('sets the session cookie with exactly HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=604800 and no Domain', () => {
    const cookie = cookiesOf(response).get(SESSION_COOKIE)
    expect(cookie).toBeDefined()
    expect(cookie!.value).toBe(body.token)
    expect(cookie!.attributes).toEqual(['HttpOnly', 'Max-Age=604800', 'Path=/', 'SameSite=Lax', 'Secure'])
  })

  it('sets the cookie cache with the same attributes, living 300 s', () => {
    const cookie = cookiesOf(response).get(CACHE_COOKIE)
    expect(cookie).toBeDefined()
    expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/)
    expect(cookie!.attributes).toEqual(['HttpOnly', 'Max-Age=300', 'Path=/', 'SameSite=Lax', 'Secure'])
    expect(response.headers.getSetCookie().join('\n')).not.toMatch(/domain=/i)
  })

  it('stores only the SHA-256 of the token, with the client IP and user agent', async () => {
    const rows = await sql<Record<string, unknown>>(app, 'SELECT * FROM sessions WHERE id = $1', [body.session.id])
    expect(rows).toHaveLength(1)
    expect(rows[0]!.token_hash).toBe(sha256(body.token))
    expect(rows[0]!.ip).toBe('203.0.113.50')
    expect(rows[0]!.user_agent).toBe('sessions-test/2.0')
    expect(JSON.stringify(rows[0])).not.toContain(body.token)
  })

  it('records login_success with the session id, IP and user agent', async () => {
    const entries = await sql<{ user_id: string; ip: string; user_agent: string; data: Record<string, unknown> }>(
      app,
      `SELECT user_id, ip, user_agent, data FROM audit_logs WHERE action = 'login_success' AND data->>'sessionId' = $1`,
      [body.session.id],
    )
    expect(entries).toEqual([
      {
        user_id: citizen.id,
        ip: '203.0.113.50',
        user_agent: 'sessions-test/2.0',
        data: { sessionId: body.session.id },
      },
    ])
  })

  it('carries the security headers and a JSON content type, like every /api answer', () => {
    expectSecurityHeaders(response)
  })

  it('never answers with the password or a hash', () => {
    const text = JSON.stringify(body)
    expect(text).not.toContain(TEST_PASSWORD)
    expect(text).not.toMatch(/argon2|passwordHash|"hash"|"salt"|tokenHash/)
  })
})

describe('failed sign-in', () => {
  let unverified: TestUser

  beforeAll(async () => {
    unverified = await createUser(app, { verified: false })
  })

  it('401 invalid_credentials with one identical body for an unknown email and a wrong password', async () => {
    const unknown = await postSignIn({ email: 'nobody-here@example.test', password: TEST_PASSWORD })
    const wrong = await postSignIn({ email: citizen.email, password: 'Wrong-Passw0rd!' })
    expect(unknown.status).toBe(401)
    expect(wrong.status).toBe(401)
    const unknownBody = await unknown.json()
    expectAuthError(unknownBody, 'invalid_credentials', 'UNAUTHORIZED')
    expect(await wrong.json()).toEqual(unknownBody)
    expect(unknown.headers.getSetCookie()).toEqual([])
    expect(wrong.headers.getSetCookie()).toEqual([])
  })

  it('records login_failed with data {email, reason}, the IP and user agent, never the password', async () => {
    const email = citizen.email
    await postSignIn(
      { email, password: 'Another-Wr0ng!' },
      { 'x-real-ip': '198.51.100.61', 'user-agent': 'failing-client/1' },
    )
    const rows = await sql<{ user_id: string | null; ip: string; user_agent: string; data: Record<string, unknown> }>(
      app,
      `SELECT user_id, ip, user_agent, data FROM audit_logs WHERE action = 'login_failed' AND ip = '198.51.100.61'`,
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ user_id: citizen.id, user_agent: 'failing-client/1' })
    expect(rows[0]!.data).toEqual({ email, reason: expect.any(String) })
    expect(JSON.stringify(rows)).not.toContain('Another-Wr0ng!')

    await postSignIn({ email: 'ghost@example.test', password: 'Ghost-Passw0rd!' }, { 'x-real-ip': '198.51.100.62' })
    const ghost = await sql<{ user_id: string | null; data: Record<string, unknown> }>(
      app,
      `SELECT user_id, data FROM audit_logs WHERE action = 'login_failed' AND ip = '198.51.100.62'`,
    )
    expect(ghost).toEqual([{ user_id: null, data: { email: 'ghost@example.test', reason: expect.any(String) } }])
  })

  it('says email_not_verified only after the password matched', async () => {
    const right = await postSignIn({ email: unverified.email, password: TEST_PASSWORD })
    expect(right.status).toBe(401)
    expectAuthError(await right.json(), 'email_not_verified', 'UNAUTHORIZED')
    const wrong = await postSignIn({ email: unverified.email, password: 'Wrong-Passw0rd!' })
    expect(wrong.status).toBe(401)
    expectAuthError(await wrong.json(), 'invalid_credentials', 'UNAUTHORIZED')
    expect(await sql(app, 'SELECT 1 FROM sessions WHERE user_id = $1', [unverified.id])).toHaveLength(0)
  })

  it('an over-long password (129 characters, 10 kB) is simply invalid_credentials', async () => {
    for (const password of [`Aa1!${'x'.repeat(125)}`, `Aa1!${'x'.repeat(10_240)}`]) {
      const response = await postSignIn({ email: citizen.email, password })
      expect(response.status).toBe(401)
      expectAuthError(await response.json(), 'invalid_credentials', 'UNAUTHORIZED')
    }
  })

  const invalid: Array<[string, unknown]> = [
    ['missing email', { password: TEST_PASSWORD }],
    ['missing password', { email: 'someone@example.test' }],
    ['empty password', { email: 'someone@example.test', password: '' }],
    ['email not an address', { email: 'someone', password: TEST_PASSWORD }],
    ['email as an object', { email: { $gt: '' }, password: TEST_PASSWORD }],
    ['password as an object', { email: 'someone@example.test', password: { $ne: null } }],
    ['password as a boolean', { email: 'someone@example.test', password: true }],
    ['10 kB email', { email: `${'e'.repeat(10_240)}@example.test`, password: TEST_PASSWORD }],
    ['unknown field', { email: 'someone@example.test', password: TEST_PASSWORD, admin: true }],
    ['JSON array', []],
  ]

  it.each(invalid)('400 invalid_input: %s, and no session or audit written', async (_label, body) => {
    const before = await sql<{ n: string }>(
      app,
      'SELECT (SELECT count(*) FROM sessions) + (SELECT count(*) FROM audit_logs) AS n',
    )
    const response = await postSignIn(body)
    expect(response.status).toBe(400)
    expectAuthError(await response.json(), 'invalid_input', 'BAD_REQUEST')
    expect(await sql(app, 'SELECT (SELECT count(*) FROM sessions) + (SELECT count(*) FROM audit_logs) AS n')).toEqual(
      before,
    )
  })

  it('400 invalid_body for invalid JSON and for a non-JSON content type', async () => {
    const broken = await postSignIn('{"email":')
    expect(broken.status).toBe(400)
    expectAuthError(await broken.json(), 'invalid_body', 'BAD_REQUEST')
    const form = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `email=${encodeURIComponent(citizen.email)}&password=${encodeURIComponent(TEST_PASSWORD)}`,
    })
    expect(form.status).toBe(400)
    expectAuthError(await form.json(), 'invalid_body', 'BAD_REQUEST')
  })
})

describe('an unknown email costs a password hash, like a wrong password', () => {
  // Test users share a hash at argon2's cheapest cost (tests/helpers/users.ts); what this
  // compares is the service's own cost, so this user's password is set by the service.
  let hashedByService: TestUser
  beforeAll(async () => {
    hashedByService = await createUser(app)
    await setUserPassword(app.payload, hashedByService.id, TEST_PASSWORD)
  })

  async function fastest(body: unknown, runs = 5): Promise<number> {
    let best = Infinity
    for (let i = 0; i < runs; i++) {
      const started = performance.now()
      const response = await postSignIn(body)
      await response.arrayBuffer()
      best = Math.min(best, performance.now() - started)
    }
    return best
  }

  it('both take at least 5 ms longer than a request refused before hashing', async () => {
    // Warm the dummy hash the unknown-email path verifies against.
    await postSignIn({ email: 'warm-up@example.test', password: 'Warm-Up-Passw0rd!' })
    const refusedEarly = await fastest({ email: 'not-an-address', password: 'x' })
    const unknownEmail = await fastest({ email: 'timing-nobody@example.test', password: 'Some-Passw0rd!' })
    const wrongPassword = await fastest({ email: hashedByService.email, password: 'Some-Passw0rd!' })
    expect(unknownEmail).toBeGreaterThanOrEqual(5)
    expect(wrongPassword).toBeGreaterThanOrEqual(5)
    expect(unknownEmail - refusedEarly).toBeGreaterThanOrEqual(5)
    expect(wrongPassword - refusedEarly).toBeGreaterThanOrEqual(5)
  })
})

describe('GET /api/auth/get-session', () => {
  it('answers session and user for a bearer token', async () => {
    const { token } = await signIn(app, citizen)
    const body = await getSession({ authorization: `Bearer ${token}` })
    const [row] = await sql<{ id: string }>(app, 'SELECT id FROM sessions WHERE token_hash = $1', [sha256(token)])
    expect(body).toEqual({
      session: { id: row!.id, userId: citizen.id, expiresAt: expect.any(String), activeOrganizationId: null },
      user: {
        id: citizen.id,
        email: citizen.email,
        name: 'Cit Izen',
        emailVerified: true,
        roles: ['citizen'],
        role: 'citizen',
      },
    })
  })

  it('answers the same for the session cookie alone, and re-issues the cookie cache', async () => {
    const { token } = await signIn(app, citizen)
    const response = await app.request('/api/auth/get-session', {
      headers: { cookie: cookieHeader({ [SESSION_COOKIE]: token }) },
    })
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body.user.id).toBe(citizen.id)
    expect(body.session.userId).toBe(citizen.id)
    const cache = cookiesOf(response).get(CACHE_COOKIE)
    expect(cache?.attributes).toEqual(['HttpOnly', 'Max-Age=300', 'Path=/', 'SameSite=Lax', 'Secure'])
  })

  it('answers 200 null without a session, with a made-up token, or with an empty bearer', async () => {
    expect(await getSession({})).toBeNull()
    expect(await getSession({ authorization: 'Bearer not-a-real-token' })).toBeNull()
    expect(await getSession({ authorization: 'Bearer ' })).toBeNull()
    expect(await getSession({ cookie: cookieHeader({ [SESSION_COOKIE]: 'not-a-real-token' }) })).toBeNull()
  })

  it('never shows a token or hash', async () => {
    const { token, cookie } = await signIn(app, citizen)
    const text = JSON.stringify(await getSession({ cookie }))
    expect(text).not.toContain(token)
    expect(text).not.toContain(sha256(token))
  })
})

describe('POST /api/auth/sign-out', () => {
  it('revokes a bearer token at once: get-session is null and an admin route refuses it on the very next request', async () => {
    const { token } = await signIn(app, admin)
    const bearer = { authorization: `Bearer ${token}` }
    expect((await app.request('/api/audit-logs', { headers: bearer })).status).toBe(200)

    const response = await app.request('/api/auth/sign-out', { method: 'POST', headers: bearer })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ success: true })

    expect(await getSession(bearer)).toBeNull()
    expect((await app.request('/api/audit-logs', { headers: bearer })).status).toBe(403)
    expect(await sql(app, 'SELECT 1 FROM sessions WHERE token_hash = $1', [sha256(token)])).toHaveLength(0)
  })

  it('clears both cookies with the same attributes and Max-Age=0', async () => {
    const { token } = await signIn(app, citizen)
    const response = await app.request('/api/auth/sign-out', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    })
    const cookies = cookiesOf(response)
    for (const name of [SESSION_COOKIE, CACHE_COOKIE]) {
      expect(cookies.get(name)).toEqual({
        name,
        value: '',
        attributes: ['HttpOnly', 'Max-Age=0', 'Path=/', 'SameSite=Lax', 'Secure'],
      })
    }
  })

  it('revokes a cookie session (same-origin request) and records logout with IP and user agent', async () => {
    const { token, cookie } = await signIn(app, citizen)
    const [row] = await sql<{ id: string }>(app, 'SELECT id FROM sessions WHERE token_hash = $1', [sha256(token)])
    const response = await app.request('/api/auth/sign-out', {
      method: 'POST',
      headers: { cookie, origin: app.url, 'x-real-ip': '198.51.100.70', 'user-agent': 'logout-test/1' },
    })
    expect(response.status).toBe(200)
    expect(await sql(app, 'SELECT 1 FROM sessions WHERE id = $1', [row!.id])).toHaveLength(0)
    const audit = await sql(
      app,
      `SELECT user_id, ip, user_agent FROM audit_logs WHERE action = 'logout' AND target_id = $1`,
      [row!.id],
    )
    expect(audit).toEqual([{ user_id: citizen.id, ip: '198.51.100.70', user_agent: 'logout-test/1' }])
    // The session cookie alone (what a client keeps after the cache expired) is now refused.
    expect(await getSession({ cookie: cookieHeader({ [SESSION_COOKIE]: token }) })).toBeNull()
  })

  it('is idempotent: a second sign-out, or one without any session, answers 200 {success:true}', async () => {
    const { token } = await signIn(app, citizen)
    const bearer = { authorization: `Bearer ${token}` }
    for (const headers of [bearer, bearer, {}]) {
      const response = await app.request('/api/auth/sign-out', { method: 'POST', headers })
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ success: true })
    }
  })
})

describe('cookie cache', () => {
  // A user's sign-out marks every snapshot of theirs signed before it stale (session-events.ts):
  // a crafted old snapshot is of a user who never signed out.
  async function signedInCookies(user: TestUser = citizen) {
    const response = await postSignIn({ email: user.email, password: TEST_PASSWORD })
    const body = (await response.json()) as { token: string; session: { id: string } }
    const cookies = cookiesOf(response)
    return { token: body.token, sessionId: body.session.id, cache: cookies.get(CACHE_COOKIE)!.value }
  }

  function snapshotFor(sessionId: string, user: TestUser): SessionSnapshot {
    return {
      session: {
        id: sessionId,
        userId: user.id,
        expiresAt: new Date(Date.now() + 7 * DAY).toISOString(),
        createdAt: new Date().toISOString(),
        activeOrganizationId: null,
      },
      user: { id: user.id, email: user.email, name: 'Cit Izen', emailVerified: true, roles: ['citizen'] },
    }
  }

  /** A cache cookie value as the server would have made it `secondsAgo` seconds ago. */
  function craftedCache(sessionId: string, token: string, secondsAgo: number, user: TestUser = citizen): string {
    const realNow = Date.now
    Date.now = () => realNow() - secondsAgo * 1000
    try {
      return parseSetCookie(cacheCookie(snapshotFor(sessionId, user), sha256(token))).value
    } finally {
      Date.now = realNow
    }
  }

  it('is trusted within 300 s even after the session row is gone unheard (cookie clients only)', async () => {
    const user = await createUser(app, { name: 'Cit Izen' })
    const { token, sessionId, cache } = await signedInCookies(user)
    await unheard('DELETE FROM sessions WHERE id = $1', [sessionId])
    const body = await getSession({ cookie: cookieHeader({ [SESSION_COOKIE]: token, [CACHE_COOKIE]: cache }) })
    expect(body?.session.id).toBe(sessionId)
    expect(body?.user.id).toBe(user.id)
    // A bearer token this instance has not read yet is read from the database.
    expect(await getSession({ authorization: `Bearer ${token}` })).toBeNull()
  })

  it('is trusted when crafted 290 s ago, not when crafted 301 s ago', async () => {
    const user = await createUser(app, { name: 'Cit Izen' })
    const { token, sessionId } = await signedInCookies(user)
    await unheard('DELETE FROM sessions WHERE id = $1', [sessionId])
    const crafted = (secondsAgo: number) => craftedCache(sessionId, token, secondsAgo, user)
    const recent = await getSession({ cookie: cookieHeader({ [SESSION_COOKIE]: token, [CACHE_COOKIE]: crafted(290) }) })
    expect(recent?.session.id).toBe(sessionId)
    const stale = await getSession({ cookie: cookieHeader({ [SESSION_COOKIE]: token, [CACHE_COOKIE]: crafted(301) }) })
    expect(stale).toBeNull()
  })

  it('a stale cache of a live session falls back to the database and is re-issued', async () => {
    const { token, sessionId } = await signedInCookies()
    const response = await app.request('/api/auth/get-session', {
      headers: {
        cookie: cookieHeader({ [SESSION_COOKIE]: token, [CACHE_COOKIE]: craftedCache(sessionId, token, 400) }),
      },
    })
    expect((await response.json()).session.id).toBe(sessionId)
    expect(cookiesOf(response).get(CACHE_COOKIE)).toBeDefined()
  })

  it('is not trusted when bound to another token', async () => {
    const victim = await signedInCookies()
    const other = await signedInCookies()
    await unheard('DELETE FROM sessions WHERE id = $1', [other.sessionId])
    // A genuine, fresh cache of the victim's session presented with another (revoked) token.
    const body = await getSession({
      cookie: cookieHeader({ [SESSION_COOKIE]: other.token, [CACHE_COOKIE]: victim.cache }),
    })
    expect(body).toBeNull()
  })

  it('is not trusted when its signature does not match or it stands alone', async () => {
    const { token, sessionId, cache } = await signedInCookies()
    await unheard('DELETE FROM sessions WHERE id = $1', [sessionId])
    const [payload, mac] = cache.split('.')
    const tampered = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as SessionSnapshot
    tampered.user.roles = ['admin']
    const forged = `${Buffer.from(JSON.stringify(tampered)).toString('base64url')}.${mac}`
    expect(await getSession({ cookie: cookieHeader({ [SESSION_COOKIE]: token, [CACHE_COOKIE]: forged }) })).toBeNull()
    expect(await getSession({ cookie: cookieHeader({ [CACHE_COOKIE]: cache }) })).toBeNull()
  })
})

describe('bearer cache', () => {
  const bearerOf = (token: string) => ({ authorization: `Bearer ${token}` })

  it('answers a token read a moment ago from that read, even once its row is gone unheard', async () => {
    const { token } = await signIn(app, await createUser(app))
    const read = await getSession(bearerOf(token))
    await unheard('DELETE FROM sessions WHERE token_hash = $1', [sha256(token)])
    expect(await getSession(bearerOf(token))).toEqual(read)
  })

  it('reads the database again on the next request once any change to the user is heard', async () => {
    const user = await createUser(app, { name: 'Before' })
    const { token } = await signIn(app, user)
    expect((await getSession(bearerOf(token)))?.user.name).toBe('Before')
    await unheard('UPDATE users SET name = $2 WHERE id = $1', [user.id, 'After'])
    expect((await getSession(bearerOf(token)))?.user.name).toBe('Before')
    // Heard (the users trigger): the kept session is no longer trusted.
    await sql(app, 'UPDATE users SET updated_at = now() WHERE id = $1', [user.id])
    expect((await getSession(bearerOf(token)))?.user.name).toBe('After')
  })

  it('refuses a kept token on the next request after its sign-out', async () => {
    const { token } = await signIn(app, citizen)
    expect(await getSession(bearerOf(token))).not.toBeNull()
    const response = await app.request('/api/auth/sign-out', { method: 'POST', headers: bearerOf(token) })
    expect(response.status).toBe(200)
    expect(await getSession(bearerOf(token))).toBeNull()
    expect((await app.request('/api/bookings?limit=1', { headers: bearerOf(token) })).status).toBe(403)
  })

  it('answers a role change on the next request', async () => {
    const user = await createUser(app)
    const { token } = await signIn(app, user)
    expect((await getSession(bearerOf(token)))?.user.roles).toEqual(['citizen'])
    const adminHeaders = await authHeaders(app, admin)
    const response = await app.request('/api/auth/admin/set-role', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...adminHeaders },
      body: JSON.stringify({ userId: user.id, role: ['citizen', 'moderator'] }),
    })
    expect(response.status).toBe(200)
    expect((await getSession(bearerOf(token)))?.user.roles).toEqual(['citizen', 'moderator'])
  })
})

describe('expiry', () => {
  it('slides expiresAt once the refresh interval passed, never beyond createdAt + 7 days', async () => {
    const { token } = await signIn(app, citizen)
    await sql(
      app,
      `UPDATE sessions SET created_at = now() - interval '3 days', refreshed_at = now() - interval '2 days', expires_at = now() + interval '1 hour' WHERE token_hash = $1`,
      [sha256(token)],
    )
    const body = await getSession({ authorization: `Bearer ${token}` })
    const expected = Date.now() + 4 * DAY
    expect(Math.abs(Date.parse(body!.session.expiresAt as string) - expected)).toBeLessThan(60_000)
    const [row] = await sql<{ expires_at: Date }>(app, 'SELECT expires_at FROM sessions WHERE token_hash = $1', [
      sha256(token),
    ])
    expect(Math.abs(new Date(row!.expires_at).getTime() - expected)).toBeLessThan(60_000)
  })

  it('does not slide within the refresh interval', async () => {
    const { token } = await signIn(app, citizen)
    await sql(app, `UPDATE sessions SET expires_at = now() + interval '2 days' WHERE token_hash = $1`, [sha256(token)])
    const body = await getSession({ authorization: `Bearer ${token}` })
    expect(Math.abs(Date.parse(body!.session.expiresAt as string) - (Date.now() + 2 * DAY))).toBeLessThan(60_000)
  })

  it('refuses an expired session and one past the absolute timeout', async () => {
    const expired = await signIn(app, citizen)
    await sql(app, `UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE token_hash = $1`, [
      sha256(expired.token),
    ])
    expect(await getSession({ authorization: `Bearer ${expired.token}` })).toBeNull()

    const ancient = await signIn(app, citizen)
    await sql(
      app,
      `UPDATE sessions SET created_at = now() - interval '8 days', expires_at = now() + interval '1 day' WHERE token_hash = $1`,
      [sha256(ancient.token)],
    )
    expect(await getSession({ authorization: `Bearer ${ancient.token}` })).toBeNull()
    expect(await sql(app, 'SELECT 1 FROM sessions WHERE token_hash = $1', [sha256(ancient.token)])).toHaveLength(0)
  })
})

describe('concurrent sign-ins', () => {
  it('20 simultaneous sign-ins of one user yield 20 distinct sessions that all work', async () => {
    const user = await createUser(app)
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => postSignIn({ email: user.email, password: TEST_PASSWORD })),
    )
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200))
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as Array<{
      token: string
      session: { id: string }
    }>
    expect(new Set(bodies.map((b) => b.token)).size).toBe(20)
    expect(new Set(bodies.map((b) => b.session.id)).size).toBe(20)
    const sessions = await Promise.all(bodies.map((b) => getSession({ authorization: `Bearer ${b.token}` })))
    expect(sessions.map((s, i) => s?.session.id === bodies[i]!.session.id)).toEqual(Array(20).fill(true))
    expect(await sql(app, 'SELECT 1 FROM sessions WHERE user_id = $1', [user.id])).toHaveLength(20)
  })
})

// Found by the fuzzer: a cookie value with a broken %-escape made every route a 500.
describe('a malformed session cookie', () => {
  it('is treated as no cookie: get-session null, sign-out 200, a stock route answers normally', async () => {
    for (const cookie of ['community.session=%ZZ', 'community.session=%; community.session_data=%E0%A4%A']) {
      expect(await getSession({ cookie })).toBeNull()
      const signOut = await app.request('/api/auth/sign-out', {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: '{}',
      })
      expect(signOut.status).toBe(200)
      expect((await app.request('/api/service-listings', { headers: { cookie } })).status).toBe(200)
    }
  })
})
