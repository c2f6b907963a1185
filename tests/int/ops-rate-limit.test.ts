// The global rate limit as a client meets it: 429 with Retry-After / X-Retry-After, the body
// of the route's family and every security header; keyed per client IP; staff exempt; and
// the count survives a restart because it lives in PostgreSQL (SPEC "Limits", issue 2).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { expectSecurityHeaders } from '../helpers/expectations'
import { startTestApp, type TestApp } from '../helpers/test-app'
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
    expect(await response.json()).toMatchObject({ error: 'too_many_requests', code: 'TOO_MANY_REQUESTS', status: 'TOO_MANY_REQUESTS' })
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

  it('still answers 429 after a restart: the counter is in the database', async () => {
    await app.stop({ drop: false })
    app = await startTestApp({ databaseUrl: database.url, env: ENV })
    const response = await from(LIMITED_IP)
    expect(response.status).toBe(429)
    expectRetryAfter(response)
  })
})
