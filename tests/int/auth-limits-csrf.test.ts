// Abuse limits of docs/api.md "Rate limits" on the auth endpoints (sign-in 5 per IP, 5 failures per email
// even with the right password afterwards, sign-up 10 per IP; persistent counters) and the
// CSRF origin check of docs/api.md "Accounts (/api/auth)" (cookie requests need a trusted Origin or Referer;
// bearer-only requests are exempt).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { API_CSP } from '../../src/lib/http/security-headers'
import { withEnv } from '../helpers/env'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'
import { createUser, signIn, TEST_PASSWORD, type TestUser } from '../helpers/users'

const TRUSTED = 'https://app.example.test'
const EVIL = 'https://evil.example'

let app: TestApp

let ipSeq = 0
const freshIp = () => `192.0.2.${++ipSeq}`

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.request(`/api/auth/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
}

async function expectTooMany(response: Response, windowSeconds: number, message?: string) {
  expect(response.status).toBe(429)
  const retryAfter = Number(response.headers.get('retry-after'))
  expect(Number.isInteger(retryAfter)).toBe(true)
  expect(retryAfter).toBeGreaterThan(0)
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds)
  expect(response.headers.get('x-retry-after')).toBe(String(retryAfter))
  expect(response.headers.get('content-security-policy')).toBe(API_CSP)
  expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  const body = await response.json()
  expect(body).toEqual({
    error: 'too_many_requests',
    code: 'TOO_MANY_REQUESTS',
    message: message ?? expect.any(String),
    status: 'TOO_MANY_REQUESTS',
  })
}

function expectForbidden(body: Record<string, unknown>) {
  expect(body).toEqual({ error: 'forbidden', code: 'FORBIDDEN', message: expect.any(String), status: 'FORBIDDEN' })
}

beforeAll(async () => {
  app = await startTestApp({ env: { TRUSTED_ORIGINS: TRUSTED } })
})

afterAll(async () => {
  await app?.stop()
})

describe('sign-in: 5 attempts per client IP', () => {
  let user: TestUser
  beforeAll(async () => {
    user = await createUser(app)
  })

  it('counts successes and failures alike; the 6th is 429 with Retry-After and "Too many login attempts", and opens no session', async () => {
    const ip = freshIp()
    await withEnv({ RATE_LIMIT_SIGN_IN_MAX: '5' }, async () => {
      const statuses: number[] = []
      for (const password of [TEST_PASSWORD, TEST_PASSWORD, 'Wrong-Passw0rd!', TEST_PASSWORD, 'Wrong-Passw0rd!']) {
        statuses.push((await post('sign-in/email', { email: user.email, password }, { 'x-forwarded-for': ip })).status)
      }
      expect(statuses).toEqual([200, 200, 401, 200, 401])
      const sessionsBefore = await sql(app, 'SELECT id FROM sessions WHERE user_id = $1', [user.id])
      const sixth = await post(
        'sign-in/email',
        { email: user.email, password: TEST_PASSWORD },
        { 'x-forwarded-for': ip },
      )
      await expectTooMany(sixth, 900, 'Too many login attempts')
      expect(sixth.headers.getSetCookie()).toEqual([])
      expect(await sql(app, 'SELECT id FROM sessions WHERE user_id = $1', [user.id])).toEqual(sessionsBefore)

      // Another client IP is unaffected; x-real-ip wins over x-forwarded-for.
      expect(
        (
          await post(
            'sign-in/email',
            { email: user.email, password: TEST_PASSWORD },
            { 'x-real-ip': freshIp(), 'x-forwarded-for': ip },
          )
        ).status,
      ).toBe(200)
    })
    const [counter] = await sql<{ count: number }>(app, 'SELECT count FROM rate_limits WHERE key = $1', [
      `sign-in:${ip}`,
    ])
    expect(Number(counter!.count)).toBeGreaterThanOrEqual(6)
  })

  it('the admin panel’s login route shares the limit', async () => {
    const ip = freshIp()
    await withEnv({ RATE_LIMIT_SIGN_IN_MAX: '5' }, async () => {
      for (let i = 0; i < 5; i++)
        await post('sign-in/email', { email: user.email, password: TEST_PASSWORD }, { 'x-forwarded-for': ip })
      const response = await app.request('/api/users/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
      })
      expect(response.status).toBe(429)
      expect(response.headers.getSetCookie()).toEqual([])
    })
  })
})

describe('sign-in: 5 failures per email', () => {
  it('after 5 failures (from 5 IPs) even the right password is 429 "Too many login attempts"', async () => {
    const victim = await createUser(app)
    const bystander = await createUser(app)
    await withEnv({ RATE_LIMIT_SIGN_IN_EMAIL_MAX: '5', RATE_LIMIT_SIGN_IN_MAX: '5' }, async () => {
      for (let i = 0; i < 5; i++) {
        // The email is counted however it is spelled.
        const email = i % 2 ? victim.email.toUpperCase() : victim.email
        expect(
          (await post('sign-in/email', { email, password: `Wrong-Passw0rd-${i}!` }, { 'x-forwarded-for': freshIp() }))
            .status,
        ).toBe(401)
      }
      const ip = freshIp()
      const right = await post(
        'sign-in/email',
        { email: victim.email, password: TEST_PASSWORD },
        { 'x-forwarded-for': ip },
      )
      await expectTooMany(right, 900, 'Too many login attempts')
      expect(right.headers.getSetCookie()).toEqual([])
      expect(await sql(app, 'SELECT 1 FROM sessions WHERE user_id = $1', [victim.id])).toHaveLength(0)
      // Other accounts from that same IP are not locked.
      expect(
        (await post('sign-in/email', { email: bystander.email, password: TEST_PASSWORD }, { 'x-forwarded-for': ip }))
          .status,
      ).toBe(200)
    })
  })

  it('holds under a burst: of 20 simultaneous wrong passwords (20 IPs) at most 5 are tried, the rest get 429', async () => {
    const target = await createUser(app)
    await withEnv({ RATE_LIMIT_SIGN_IN_EMAIL_MAX: '5' }, async () => {
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          post(
            'sign-in/email',
            { email: target.email, password: `Guess-Passw0rd-${i}!` },
            { 'x-forwarded-for': freshIp() },
          ),
        ),
      )
      const statuses = responses.map((r) => r.status)
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5)
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(15)
      expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([])
      const attempts = await sql(
        app,
        `SELECT 1 FROM audit_logs WHERE action = 'login_failed' AND data->>'email' = $1`,
        [target.email],
      )
      expect(attempts.length).toBeLessThanOrEqual(5)
    })
  })

  it('successful sign-ins do not count as failures', async () => {
    const user = await createUser(app)
    await withEnv({ RATE_LIMIT_SIGN_IN_EMAIL_MAX: '5' }, async () => {
      const statuses: number[] = []
      for (let i = 0; i < 8; i++)
        statuses.push(
          (
            await post(
              'sign-in/email',
              { email: user.email, password: TEST_PASSWORD },
              { 'x-forwarded-for': freshIp() },
            )
          ).status,
        )
      expect(statuses).toEqual(Array(8).fill(200))
    })
  })

  it('an unknown email is locked the same way (no enumeration through the limit)', async () => {
    const ghost = `ghost-${Date.now()}@example.test`
    await withEnv({ RATE_LIMIT_SIGN_IN_EMAIL_MAX: '5' }, async () => {
      for (let i = 0; i < 5; i++)
        expect(
          (await post('sign-in/email', { email: ghost, password: 'Wrong-Passw0rd!' }, { 'x-forwarded-for': freshIp() }))
            .status,
        ).toBe(401)
      await expectTooMany(
        await post('sign-in/email', { email: ghost, password: 'Wrong-Passw0rd!' }, { 'x-forwarded-for': freshIp() }),
        900,
        'Too many login attempts',
      )
    })
  })
})

describe('sign-up: 10 per client IP per hour', () => {
  it('counts every attempt; the 11th is 429 and writes nothing', async () => {
    const ip = freshIp()
    const stamp = Date.now().toString(36)
    await withEnv({ RATE_LIMIT_SIGN_UP_MAX: '10' }, async () => {
      const statuses: number[] = []
      for (let i = 0; i < 10; i++) {
        // Successes, a conflict and bad input all count.
        const body =
          i === 8
            ? { email: `limit-${stamp}-0@example.test`, password: 'Limit-Passw0rd!' }
            : i === 9
              ? { email: 'not-an-email', password: 'x' }
              : { email: `limit-${stamp}-${i}@example.test`, password: 'Limit-Passw0rd!' }
        statuses.push((await post('sign-up/email', body, { 'x-forwarded-for': ip })).status)
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 409, 400])
      const usersBefore = await sql(app, 'SELECT count(*) FROM users')
      const eleventh = await post(
        'sign-up/email',
        { email: `limit-${stamp}-11@example.test`, password: 'Limit-Passw0rd!' },
        { 'x-forwarded-for': ip },
      )
      await expectTooMany(eleventh, 3600)
      expect(await sql(app, 'SELECT count(*) FROM users')).toEqual(usersBefore)
      expect(
        (
          await post(
            'sign-up/email',
            { email: `limit-${stamp}-12@example.test`, password: 'Limit-Passw0rd!' },
            { 'x-forwarded-for': freshIp() },
          )
        ).status,
      ).toBe(200)
    })
  })
})

describe('CSRF: cookie requests need a trusted Origin or Referer', () => {
  let user: TestUser
  beforeAll(async () => {
    user = await createUser(app)
  })

  async function cookieSession() {
    const { token, cookie } = await signIn(app, user)
    return { token, cookie }
  }

  const alive = async (token: string) =>
    (await (await app.request('/api/auth/get-session', { headers: { authorization: `Bearer ${token}` } })).json()) !==
    null

  it.each([
    ['an untrusted Origin', { origin: EVIL }],
    ['an Origin that only starts like a trusted one', { origin: `${TRUSTED}.evil.example` }],
    ['the server’s host on another port', { origin: 'http://127.0.0.1:1' }],
    ['an untrusted Referer and no Origin', { referer: `${EVIL}/page` }],
    ['neither Origin nor Referer', {}],
    ['Origin "null" and no Referer', { origin: 'null' }],
  ])('403 forbidden (auth family) for %s, and the session survives', async (_label, headers) => {
    const { token, cookie } = await cookieSession()
    const response = await app.request('/api/auth/sign-out', { method: 'POST', headers: { cookie, ...headers } })
    expect(response.status).toBe(403)
    expectForbidden(await response.json())
    expect(await alive(token)).toBe(true)
  })

  it.each([
    ['a trusted Origin', { origin: TRUSTED }],
    ['the server’s own origin', () => ({ origin: app.url })],
    ['a trusted Referer and no Origin', { referer: `${TRUSTED}/account/settings` }],
  ])('passes with %s', async (_label, extra) => {
    const headers = typeof extra === 'function' ? extra() : extra
    const { token, cookie } = await cookieSession()
    const response = await app.request('/api/auth/sign-out', { method: 'POST', headers: { cookie, ...headers } })
    expect(response.status).toBe(200)
    expect(await alive(token)).toBe(false)
  })

  it('a bearer-only request is exempt, even from an untrusted Origin', async () => {
    const { token } = await cookieSession()
    const response = await app.request('/api/auth/sign-out', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, origin: EVIL },
    })
    expect(response.status).toBe(200)
    expect(await alive(token)).toBe(false)
  })

  it('a bearer does not excuse a cookie sent along from an untrusted Origin', async () => {
    const { token, cookie } = await cookieSession()
    const response = await app.request('/api/auth/sign-out', {
      method: 'POST',
      headers: { cookie, authorization: `Bearer ${token}`, origin: EVIL },
    })
    expect(response.status).toBe(403)
    expect(await alive(token)).toBe(true)
  })

  it('guards set-active and the admin panel’s logout too; safe methods pass', async () => {
    const { token, cookie } = await cookieSession()
    const setActive = await app.request('/api/auth/organization/set-active', {
      method: 'POST',
      headers: { cookie, origin: EVIL, 'content-type': 'application/json' },
      body: JSON.stringify({ organizationId: null }),
    })
    expect(setActive.status).toBe(403)
    expectForbidden(await setActive.json())
    const logout = await app.request('/api/users/logout', { method: 'POST', headers: { cookie, origin: EVIL } })
    expect(logout.status).toBe(403)
    // The general family outside /api/auth.
    expect(await logout.json()).toEqual({ error: 'forbidden', message: expect.any(String) })
    const read = await app.request('/api/auth/get-session', { headers: { cookie, origin: EVIL } })
    expect(read.status).toBe(200)
    expect((await read.json()).user.id).toBe(user.id)
    expect(await alive(token)).toBe(true)
  })
})

describe('CORS for trusted origins', () => {
  // get-session is answered by the shell (endpoints/auth/session.ts), the other auth
  // routes by Payload: a browser on a trusted origin must get the same CORS answer from both.
  it('get-session and a Payload-routed auth endpoint allow a trusted origin with credentials, and no other', async () => {
    for (const path of ['/api/auth/get-session', '/api/auth/organization/list']) {
      const trusted = await app.request(path, { headers: { origin: TRUSTED } })
      expect({
        path,
        origin: trusted.headers.get('access-control-allow-origin'),
        credentials: trusted.headers.get('access-control-allow-credentials'),
      }).toEqual({ path, origin: TRUSTED, credentials: 'true' })
      const evil = await app.request(path, { headers: { origin: EVIL } })
      expect({ path, origin: evil.headers.get('access-control-allow-origin') }).toEqual({ path, origin: null })
      // The browser's preflight before a credentialed cross-origin GET.
      const preflight = await app.request(path, {
        method: 'OPTIONS',
        headers: { origin: TRUSTED, 'access-control-request-method': 'GET' },
      })
      expect({ path, status: preflight.status, origin: preflight.headers.get('access-control-allow-origin') }).toEqual({
        path,
        status: 200,
        origin: TRUSTED,
      })
    }
  })

  it('get-session answers GET only: 405 with Allow for any other method', async () => {
    const reply = await app.request('/api/auth/get-session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TRUSTED },
      body: '{}',
    })
    expect(reply.status).toBe(405)
    expect(reply.headers.get('allow')).toBe('GET')
    expect(await reply.json()).toMatchObject({ error: 'method_not_allowed' })
  })
})

describe('persistence', () => {
  it('counters survive a restart of the server', async () => {
    const ip = freshIp()
    await withEnv({ RATE_LIMIT_SIGN_IN_MAX: '5' }, async () => {
      for (let i = 0; i < 5; i++)
        await post(
          'sign-in/email',
          { email: 'nobody@example.test', password: 'Wrong-Passw0rd!' },
          { 'x-forwarded-for': ip },
        )
    })
    const databaseUrl = app.databaseUrl
    await app.stop({ drop: false })
    app = await startTestApp({ databaseUrl, env: { TRUSTED_ORIGINS: TRUSTED } })
    await withEnv({ RATE_LIMIT_SIGN_IN_MAX: '5' }, async () => {
      await expectTooMany(
        await post(
          'sign-in/email',
          { email: 'nobody@example.test', password: 'Wrong-Passw0rd!' },
          { 'x-forwarded-for': ip },
        ),
        900,
        'Too many login attempts',
      )
    })
  })
})
