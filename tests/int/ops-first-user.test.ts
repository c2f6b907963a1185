// The operator's way in without a terminal: the first user registered through the admin
// panel's create-first-user screen is a verified admin; nobody after that is.
// The panel's auth routes in detail are in auth-admin-panel.test.ts.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { sql, startTestApp, type TestApp } from '../helpers/test-app'
import { authHeaders, createUser } from '../helpers/users'

const PASSWORD = 'Operator-Passw0rd!'

let app: TestApp

const firstRegister = (email: string) =>
  app.request('/api/users/first-register', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, 'confirm-password': PASSWORD }),
  })

async function stored(email: string) {
  const rows = await sql<{ email_verified: boolean; roles: string[] }>(
    app,
    `SELECT u.email_verified, array(SELECT value::text FROM users_roles WHERE parent_id = u.id ORDER BY value::text) AS roles
     FROM users u WHERE u.email = $1`,
    [email],
  )
  return rows[0]
}

beforeAll(async () => {
  app = await startTestApp()
})

afterAll(async () => {
  await app.stop()
})

describe('first user becomes admin', () => {
  it('on an empty users table, first-register makes a verified admin', async () => {
    expect(await sql(app, 'SELECT 1 FROM users')).toHaveLength(0)
    const response = await firstRegister('operator@example.test')
    expect(response.status).toBe(200)
    expect((await response.json()).user).toMatchObject({
      email: 'operator@example.test',
      roles: ['admin'],
      emailVerified: true,
    })
    expect(await stored('operator@example.test')).toEqual({ email_verified: true, roles: ['admin'] })
  })

  it('a second first-register is refused and creates nobody', async () => {
    const response = await firstRegister('latecomer@example.test')
    expect(response.status).toBe(403)
    expect(await stored('latecomer@example.test')).toBeUndefined()
  })

  it('a user an admin creates normally keeps the default role and is not verified', async () => {
    const admin = await createUser(app, { roles: ['admin'] })
    const response = await app.request('/api/users', {
      method: 'POST',
      headers: { ...(await authHeaders(app, admin)), 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'made-by-admin@example.test', password: PASSWORD }),
    })
    expect(response.status).toBe(201)
    expect(await stored('made-by-admin@example.test')).toEqual({ email_verified: false, roles: ['citizen'] })
  })
})
