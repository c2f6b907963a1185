// The global rate limit as a client meets it: 429 with Retry-After / X-Retry-After, the body
// of the route's family and every security header; keyed per client IP; staff exempt; and
// the count survives a restart because it lives in PostgreSQL (docs/api.md "Rate limits").
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { expectSecurityHeaders } from '../helpers/expectations'
import { statementsDuring } from '../helpers/statements'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'
import { createTestDatabase } from '../helpers/test-database'
import { authHeaders, createUser } from '../helpers/users'

const MAX = 3
const ENV = { RATE_LIMIT_GLOBAL_MAX: String(MAX), RATE_LIMIT_GLOBAL_WINDOW: '60' }
const LIMITED_IP = '198.51.100.23'

let database: { url: string; drop: () => Promise<void> }
let app: TestApp

const from = (ip: string, path = '/api/users', headers: Record<string, string> = {}) =>
  app.request(path, { headers: { 'x-real-ip': ip, ...headers } })

function expectRetryAfter(response: Response) {
  const retryAfter = response.headers.get('retry-after')
  expect(retryAfter).toMatch(/^\d+$/)
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1)
  expect(Number(retryAfter)).toBeLessThanOrEqual(60)
  expect(response.headers.get('x-retry-after')).toBe(retryAfter)
}

beforeAll(async () => {
  database = await createTestDatabase()
  app = await startTestApp({ databaseUrl: database.url, env: ENV })
})

afterAll(async () => {
  await app?.stop({ drop: false })
  await database?.drop()
})

describe('global rate limit', () => {
  it(`lets ${MAX} requests through, then answers 429 with Retry-After, X-Retry-After, too_many_requests and the security headers`, async () => {
    for (let i = 0; i < MAX; i++) expect((await from(LIMITED_IP)).status).not.toBe(429)
    const response = await from(LIMITED_IP)
    expect(response.status).toBe(429)
    expectRetryAfter(response)
    expectSecurityHeaders(response)
    expect(await response.json()).toEqual({ error: 'too_many_requests', message: expect.any(String) })
  })

  it('under /api/auth the 429 body is in the authentication family', async () => {
    const response = await from(LIMITED_IP, '/api/auth/get-session')
    expect(response.status).toBe(429)
    expectRetryAfter(response)
    expectSecurityHeaders(response)
    expect(await response.json()).toMatchObject({
      error: 'too_many_requests',
      code: 'TOO_MANY_REQUESTS',
      status: 'TOO_MANY_REQUESTS',
    })
  })

  it('counts per client IP: another address is not limited', async () => {
    expect((await from('198.51.100.99')).status).not.toBe(429)
  })

  it('does not count an admin, even from a limited address', async () => {
    const admin = await createUser(app, { roles: ['admin'] })
    const headers = await authHeaders(app, admin)
    const response = await from(LIMITED_IP, '/api/users', headers)
    expect(response.status).toBe(200)
  })

  // The exemption resolves the admin's caller, and the route reads that one resolution
  // (src/lib/http/caller.ts) instead of reading the session again: one lookup per request, on a
  // stock route (Payload's bridge) and on one the shell answers itself (the inbox).
  it("looks the admin's session up once per exempted request, on a stock route and on a shell route", async () => {
    const admin = await createUser(app, { roles: ['admin'] })
    const headers = await authHeaders(app, admin)
    const ip = '198.51.100.41'
    for (let i = 0; i < MAX; i++) await from(ip)
    expect((await from(ip)).status).toBe(429)
    for (const path of ['/api/users', '/api/profile/notifications']) {
      // A change to the admin heard first: the session this instance kept for the token
      // (bearer-cache.ts) is not trusted, so the request reads it.
      await sql(app, 'UPDATE users SET updated_at = now() WHERE id = $1', [admin.id])
      const { result, statements } = await statementsDuring(() => from(ip, path, headers))
      expect(result.status).toBe(200)
      expect(statements.filter((text) => /WHERE s\.token_hash = \$1/.test(text))).toHaveLength(1)
    }
  })

  it('a staff token signed out is not exempt: 429 from the limited address, 401 elsewhere', async () => {
    const admin = await createUser(app, { roles: ['admin'] })
    const headers = await authHeaders(app, admin)
    const ip = '198.51.100.42'
    for (let i = 0; i < MAX; i++) await from(ip)
    expect((await from(ip, '/api/profile/notifications', headers)).status).toBe(200)
    expect(
      (
        await app.request('/api/auth/sign-out', {
          method: 'POST',
          headers: { 'x-real-ip': '198.51.100.78', ...headers },
        })
      ).status,
    ).toBe(200)
    expect((await from(ip, '/api/profile/notifications', headers)).status).toBe(429)
    expect((await from('198.51.100.79', '/api/profile/notifications', headers)).status).toBe(401)
  })

  it('still answers 429 after a restart: the counter is in the database', async () => {
    await app.stop({ drop: false })
    app = await startTestApp({ databaseUrl: database.url, env: ENV })
    const response = await from(LIMITED_IP)
    expect(response.status).toBe(429)
    expectRetryAfter(response)
  })
})
