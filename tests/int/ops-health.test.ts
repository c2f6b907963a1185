// The database goes away and comes back while the app keeps running: /api/health says so,
// other requests fail in our JSON body (never a crash), and everything works again once
// PostgreSQL is back, without restarting the app. It needs a PostgreSQL of its
// own to stop, so it starts one beside the run's shared server.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import {
  type EmbeddedDatabase,
  freePort,
  removeEmbeddedState,
  startEmbeddedDatabase,
} from '../../src/lib/embedded-database'
import { API_CSP } from '../../src/lib/http/security-headers'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { authHeaders, createUser, type TestUser } from '../helpers/users'

let dir: string
let port: number
let db: EmbeddedDatabase | undefined
let app: TestApp
let admin: TestUser

const startDatabase = () => startEmbeddedDatabase({ stateDir: dir, port, log: () => {} })

async function waitForHealth(status: number, timeoutMs = 15_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const response = await app.request('/api/health')
    if (response.status === status || Date.now() > deadline) return response
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

const signInRequest = () =>
  app.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  })

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'community-health-'))
  port = await freePort()
  db = await startDatabase()
  app = await startTestApp({ databaseUrl: db.url })
  admin = await createUser(app, { roles: ['admin'] })
}, 120_000)

afterAll(async () => {
  await app?.stop({ drop: false })
  await db?.stop()
  await removeEmbeddedState(dir)
})

describe('database outage', () => {
  it('health is 200 while PostgreSQL runs', async () => {
    expect((await app.request('/api/health')).status).toBe(200)
  })

  it('health is 503 while PostgreSQL is down; other requests are 503 service_unavailable; the process stays up', async () => {
    await db!.stop()
    db = undefined

    const health = await waitForHealth(503)
    expect(health.status).toBe(503)
    expect(health.headers.get('content-security-policy')).toBe(API_CSP)
    expect(await health.json()).toEqual({ status: 'unavailable', error: 'database_unavailable' })

    const signIn = await signInRequest()
    expect(signIn.status).toBe(503)
    expect(signIn.headers.get('retry-after')).toBe('5')
    expect(signIn.headers.get('content-type')).toMatch(/^application\/json/)
    const text = await signIn.text()
    expect(JSON.parse(text)).toMatchObject({
      error: 'service_unavailable',
      code: 'SERVICE_UNAVAILABLE',
      status: 'SERVICE_UNAVAILABLE',
    })
    expect(text).not.toMatch(/ECONNREFUSED|connect|SELECT|postgres/i)
  })

  it('after PostgreSQL is back on the same port, health is 200 and requests work again', async () => {
    db = await startDatabase()
    expect((await waitForHealth(200)).status).toBe(200)

    const signIn = await signInRequest()
    expect(signIn.status).toBe(200)
    const users = await app.request('/api/users', { headers: await authHeaders(app, admin) })
    expect(users.status).toBe(200)
    expect((await users.json()).docs.map((user: { email: string }) => user.email)).toContain(admin.email)
  })
})
