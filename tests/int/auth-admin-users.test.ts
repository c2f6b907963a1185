// User administration (docs/api.md "Accounts beyond sign-in (/api/auth)"): Better Auth's admin
// routes under /api/auth/admin, admins only (401 anonymous, 403 citizens and moderators on every
// route, before the body is read); every action audited; a ban revokes every session at once,
// refuses sign-in with its reason until it expires (the first sign-in after that clears it), and
// reaches a cookie client's next request despite the cache. Refused removals:
// tests/int/auth-user-removal.test.ts.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { sql, startTestApp, type TestApp } from '../helpers/test-app'
import { createAdmin, createUser, signIn, TEST_PASSWORD, type TestUser } from '../helpers/users'

const NEW_PASSWORD = 'Admin-Set-Passw0rd!'

let app: TestApp
let adminUser: TestUser & { headers: Record<string, string> }

beforeAll(async () => {
  app = await startTestApp()
  adminUser = await createAdmin(app)
})

afterAll(async () => {
  await app?.stop()
})

function call(
  path: string,
  headers: Record<string, string>,
  body?: unknown,
  method = body === undefined ? 'GET' : 'POST',
) {
  return app.request(`/api/auth/admin/${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

async function expectError(response: Response, status: number, error: string) {
  expect(response.status).toBe(status)
  expect(await response.json()).toMatchObject({ error, code: error.toUpperCase() })
}

const audits = (action: string, targetId: string) =>
  sql<{ user_id: string; data: Record<string, unknown> }>(
    app,
    'SELECT user_id, data FROM audit_logs WHERE action = $1 AND target_id = $2 ORDER BY created_at',
    [action, targetId],
  )
const userRow = async (id: string) =>
  (await sql<Record<string, unknown>>(app, 'SELECT * FROM users WHERE id = $1', [id]))[0]
const sessionCount = async (userId: string) =>
  Number((await sql<{ n: string }>(app, 'SELECT count(*) AS n FROM sessions WHERE user_id = $1', [userId]))[0]!.n)
const bearer = async (user: TestUser) => ({ authorization: `Bearer ${(await signIn(app, user)).token}` })

const ROUTES: Array<[string, string, unknown]> = [
  ['list-users', 'GET', undefined],
  ['get-user?id=00000000-0000-4000-8000-000000000000', 'GET', undefined],
  ['create-user', 'POST', { email: 'x@example.test', password: NEW_PASSWORD }],
  ['update-user', 'POST', { userId: '00000000-0000-4000-8000-000000000000', data: { name: 'x' } }],
  ['set-role', 'POST', { userId: '00000000-0000-4000-8000-000000000000', role: 'admin' }],
  ['ban-user', 'POST', { userId: '00000000-0000-4000-8000-000000000000' }],
  ['unban-user', 'POST', { userId: '00000000-0000-4000-8000-000000000000' }],
  ['list-user-sessions', 'POST', { userId: '00000000-0000-4000-8000-000000000000' }],
  ['revoke-user-session', 'POST', { sessionToken: 'x' }],
  ['revoke-user-sessions', 'POST', { userId: '00000000-0000-4000-8000-000000000000' }],
  ['remove-user', 'POST', { userId: '00000000-0000-4000-8000-000000000000' }],
  ['set-user-password', 'POST', { userId: '00000000-0000-4000-8000-000000000000', newPassword: NEW_PASSWORD }],
]

describe('who may call', () => {
  it.each(ROUTES)('%s: 401 anonymous, 403 citizen and moderator, 403 banned admin', async (path, method, body) => {
    await expectError(await call(path, {}, body, method), 401, 'unauthorized')
    const citizen = await createUser(app)
    await expectError(await call(path, await bearer(citizen), body, method), 403, 'forbidden')
    const moderator = await createUser(app, { roles: ['moderator'] })
    await expectError(await call(path, await bearer(moderator), body, method), 403, 'forbidden')
    // Refused before the body is read: a citizen sending garbage still learns only 403.
    if (method === 'POST') {
      const garbage = await app.request(`/api/auth/admin/${path}`, {
        method: 'POST',
        headers: { ...(await bearer(citizen)), 'content-type': 'application/json' },
        body: '{',
      })
      await expectError(garbage, 403, 'forbidden')
    }
  })

  it('a banned admin’s surviving session is refused with banned_user', async () => {
    const other = await createUser(app, { roles: ['admin'] })
    const headers = await bearer(other)
    await sql(app, 'UPDATE users SET banned = true WHERE id = $1', [other.id])
    await expectError(await call('list-users', headers), 403, 'banned_user')
  })
})

describe('GET admin/list-users', () => {
  let tagged: TestUser[]
  const tag = `zq${Date.now().toString(36)}`

  beforeAll(async () => {
    tagged = []
    for (const [i, name] of ['Ann', 'Bob', 'Cyd'].entries())
      tagged.push(await createUser(app, { email: `${tag}-${i}@example.test`, name: `${name} ${tag}` }))
    await sql(app, 'UPDATE users SET banned = true WHERE id = $1', [tagged[2]!.id])
  })

  it('searches email (contains by default), with total, limit and offset', async () => {
    const response = await call(
      `list-users?searchValue=${tag}&sortBy=email&sortDirection=asc&limit=2`,
      adminUser.headers,
    )
    expect(response.status).toBe(200)
    const body = (await response.json()) as {
      users: Array<{ email: string; role: string; roles: string[] }>
      total: number
      limit: number
      offset: number
    }
    expect(body.total).toBe(3)
    expect(body.limit).toBe(2)
    expect(body.offset).toBe(0)
    expect(body.users.map((u) => u.email)).toEqual([tagged[0]!.email, tagged[1]!.email])
    expect(body.users[0]).toMatchObject({ role: 'citizen', roles: ['citizen'], banned: false })
    expect(JSON.stringify(body)).not.toMatch(/passwordHash|password_hash|argon2/)
    const next = (await (
      await call(`list-users?searchValue=${tag}&sortBy=email&limit=2&offset=2`, adminUser.headers)
    ).json()) as { users: Array<{ email: string }>; total: number }
    expect(next).toMatchObject({ total: 3, users: [{ email: tagged[2]!.email }] })
    const past = (await (await call(`list-users?searchValue=${tag}&limit=2&offset=10`, adminUser.headers)).json()) as {
      users: unknown[]
      total: number
    }
    expect(past).toMatchObject({ total: 3, users: [] })
  })

  it('searches name with starts_with and ends_with; % and _ are literal', async () => {
    const starts = (await (
      await call(`list-users?searchField=name&searchOperator=starts_with&searchValue=Bob%20${tag}`, adminUser.headers)
    ).json()) as { total: number }
    expect(starts.total).toBe(1)
    const ends = (await (
      await call(`list-users?searchField=name&searchOperator=ends_with&searchValue=${tag}`, adminUser.headers)
    ).json()) as { total: number }
    expect(ends.total).toBe(3)
    const literal = (await (await call('list-users?searchValue=%25%25%25', adminUser.headers)).json()) as {
      total: number
    }
    expect(literal.total).toBe(0)
  })

  it('filters by banned, role and createdAt; sorts descending', async () => {
    const banned = (await (
      await call(`list-users?searchValue=${tag}&filterField=banned&filterValue=true`, adminUser.headers)
    ).json()) as { users: Array<{ id: string }> }
    expect(banned.users.map((u) => u.id)).toEqual([tagged[2]!.id])
    const admins = (await (await call('list-users?filterField=role&filterValue=admin', adminUser.headers)).json()) as {
      users: Array<{ roles: string[] }>
    }
    expect(admins.users.length).toBeGreaterThan(0)
    expect(admins.users.every((u) => u.roles.includes('admin'))).toBe(true)
    const desc = (await (
      await call(`list-users?searchValue=${tag}&sortBy=email&sortDirection=desc`, adminUser.headers)
    ).json()) as { users: Array<{ email: string }> }
    expect(desc.users.map((u) => u.email)).toEqual([tagged[2]!.email, tagged[1]!.email, tagged[0]!.email])
    const future = (await (
      await call(`list-users?filterField=createdAt&filterOperator=gt&filterValue=2999-01-01`, adminUser.headers)
    ).json()) as { total: number }
    expect(future.total).toBe(0)
  })

  it.each([
    'limit=0',
    'limit=abc',
    'offset=-1',
    'sortBy=passwordHash',
    'searchField=password_hash&searchValue=a',
    'filterField=banned&filterValue=maybe',
    'filterField=banned&filterOperator=lt&filterValue=true',
    'filterField=createdAt&filterValue=not-a-date',
    'unknown=1',
  ])('400 invalid_input for %s', async (query) => {
    await expectError(await call(`list-users?${query}`, adminUser.headers), 400, 'invalid_input')
  })
})

describe('roles, user records and passwords', () => {
  it('get-user answers the user; 404 user_not_found; 400 for a malformed id', async () => {
    const user = await createUser(app, { name: 'Got' })
    const response = await call(`get-user?id=${user.id}`, adminUser.headers)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      id: user.id,
      email: user.email,
      name: 'Got',
      role: 'citizen',
      banned: false,
    })
    await expectError(
      await call('get-user?id=00000000-0000-4000-8000-000000000000', adminUser.headers),
      404,
      'user_not_found',
    )
    await expectError(await call('get-user?id=nope', adminUser.headers), 400, 'invalid_input')
  })

  it('set-role takes a role, a list or the comma form; the new role holds on the next request; audited', async () => {
    const user = await createUser(app)
    const { cookie } = await signIn(app, user)
    const before = await app.request('/api/admin/services/services', { headers: { cookie } })
    expect(before.status).toBe(403)
    const response = await call('set-role', adminUser.headers, { userId: user.id, role: ['citizen', 'admin'] })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { user: { roles: string[] } }).user.roles).toEqual(['citizen', 'admin'])
    // The cookie client's cached snapshot (citizen) is not trusted any more.
    expect((await app.request('/api/admin/services/services', { headers: { cookie } })).status).toBe(200)
    expect((await call('set-role', adminUser.headers, { userId: user.id, role: 'moderator,citizen' })).status).toBe(200)
    expect((await (await call(`get-user?id=${user.id}`, adminUser.headers)).json()) as object).toMatchObject({
      roles: ['moderator', 'citizen'],
    })
    const [entry] = await audits('admin.set_role', user.id)
    expect(entry).toMatchObject({ user_id: adminUser.id, data: { roles: ['citizen', 'admin'], previous: ['citizen'] } })
    await expectError(
      await call('set-role', adminUser.headers, { userId: user.id, role: 'owner' }),
      400,
      'invalid_input',
    )
    await expectError(await call('set-role', adminUser.headers, { userId: user.id, role: [] }), 400, 'invalid_input')
    await expectError(
      await call('set-role', adminUser.headers, { userId: '00000000-0000-4000-8000-000000000000', role: 'admin' }),
      404,
      'user_not_found',
    )
  })

  it('create-user makes a verified account with profile and wallet; 409 and 400 refusals', async () => {
    const email = `made-${Date.now().toString(36)}@example.test`
    const response = await call('create-user', adminUser.headers, {
      email,
      password: NEW_PASSWORD,
      name: 'Made',
      role: 'moderator',
      data: { username: `made-${Date.now().toString(36)}` },
    })
    expect(response.status).toBe(200)
    const { user } = (await response.json()) as { user: { id: string; roles: string[]; emailVerified: boolean } }
    expect(user).toMatchObject({ roles: ['moderator'], emailVerified: true })
    expect(await sql(app, 'SELECT 1 FROM profiles WHERE user_id = $1', [user.id])).toHaveLength(1)
    expect(await sql(app, 'SELECT 1 FROM wallets WHERE user_id = $1', [user.id])).toHaveLength(1)
    await expect(signIn(app, { email, password: NEW_PASSWORD })).resolves.toBeDefined()
    expect(await audits('admin.create_user', user.id)).toHaveLength(1)
    expect(
      await sql(app, "SELECT 1 FROM audit_logs WHERE action = 'user.create' AND target_id = $1", [user.id]),
    ).toHaveLength(0)
    await expectError(
      await call('create-user', adminUser.headers, { email, password: NEW_PASSWORD }),
      409,
      'user_already_exists',
    )
    await expectError(
      await call('create-user', adminUser.headers, { email: `weak-${email}`, password: 'weak' }),
      400,
      'weak_password',
    )
    await expectError(
      await call('create-user', adminUser.headers, { email: 'not-email', password: NEW_PASSWORD }),
      400,
      'invalid_input',
    )
    expect(await sql(app, 'SELECT 1 FROM users WHERE email = $1', [`weak-${email}`])).toHaveLength(0)
  })

  it('update-user changes the record and answers it; 409 username_taken; 400 for no data', async () => {
    const [user, other] = [await createUser(app), await createUser(app)]
    const response = await call('update-user', adminUser.headers, {
      userId: user.id,
      data: { name: 'Renamed', emailVerified: false },
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ id: user.id, name: 'Renamed', emailVerified: false })
    expect(await userRow(user.id)).toMatchObject({ name: 'Renamed', email_verified: false })
    const taken = (await userRow(other.id))!.username
    await expectError(
      await call('update-user', adminUser.headers, { userId: user.id, data: { username: taken } }),
      409,
      'username_taken',
    )
    await expectError(
      await call('update-user', adminUser.headers, { userId: user.id, data: { email: other.email } }),
      409,
      'user_already_exists',
    )
    await expectError(await call('update-user', adminUser.headers, { userId: user.id, data: {} }), 400, 'invalid_input')
    await expectError(
      await call('update-user', adminUser.headers, { userId: user.id, data: { passwordHash: 'x' } }),
      400,
      'invalid_input',
    )
    expect(await audits('admin.update_user', user.id)).toHaveLength(1)
  })

  // A failed query's SQL names the email and username columns; only a real unique violation
  // is user_already_exists / username_taken (src/lib/unique-violation.ts).
  it('a value the database refuses (NUL byte) is 400, never user_already_exists or username_taken; nothing written', async () => {
    const email = `nul-${Date.now().toString(36)}@example.test`
    await expectError(
      await call('create-user', adminUser.headers, { email, password: NEW_PASSWORD, name: 'a\u0000b' }),
      400,
      'invalid_request',
    )
    expect(await sql(app, 'SELECT 1 FROM users WHERE email = $1', [email])).toHaveLength(0)
    const user = await createUser(app, { name: 'Kept' })
    await expectError(
      await call('update-user', adminUser.headers, { userId: user.id, data: { name: 'a\u0000b' } }),
      400,
      'invalid_request',
    )
    expect(await userRow(user.id)).toMatchObject({ name: 'Kept' })
    expect(await audits('admin.update_user', user.id)).toHaveLength(0)
  })

  it('set-user-password: the new password signs in, the old does not; weak refused; audited without it', async () => {
    const user = await createUser(app)
    expect(
      await (await call('set-user-password', adminUser.headers, { userId: user.id, newPassword: NEW_PASSWORD })).json(),
    ).toEqual({ status: true })
    await expect(signIn(app, user)).rejects.toThrow(/401/)
    await expect(signIn(app, { ...user, password: NEW_PASSWORD })).resolves.toBeDefined()
    await expectError(
      await call('set-user-password', adminUser.headers, { userId: user.id, newPassword: 'weak' }),
      400,
      'weak_password',
    )
    const [entry] = await audits('admin.set_user_password', user.id)
    expect(JSON.stringify(entry)).not.toContain(NEW_PASSWORD)
  })

  it('remove-user deletes the account and its sessions, keeps audit entries; not oneself', async () => {
    const user = await createUser(app)
    const headers = await bearer(user)
    expect(await (await call('remove-user', adminUser.headers, { userId: user.id })).json()).toEqual({ success: true })
    expect(await userRow(user.id)).toBeUndefined()
    expect(await sessionCount(user.id)).toBe(0)
    expect(await audits('admin.remove_user', user.id)).toHaveLength(1)
    expect((await app.request('/api/auth/list-sessions', { headers })).status).toBe(401)
    await expectError(
      await call('remove-user', adminUser.headers, { userId: adminUser.id }),
      400,
      'cannot_remove_yourself',
    )
    await expectError(await call('remove-user', adminUser.headers, { userId: user.id }), 404, 'user_not_found')
  })
})

describe('sessions of other users', () => {
  it('list-user-sessions (POST and GET), revoke-user-session by listed token, revoke-user-sessions', async () => {
    const user = await createUser(app)
    const [a, b] = [await bearer(user), await bearer(user)]
    const listed = await call('list-user-sessions', adminUser.headers, { userId: user.id })
    expect(listed.status).toBe(200)
    const { sessions } = (await listed.json()) as { sessions: Array<{ token: string; userId: string }> }
    expect(sessions).toHaveLength(2)
    expect(sessions.every((s) => s.userId === user.id)).toBe(true)
    const viaGet = (await (await call(`list-user-sessions?userId=${user.id}`, adminUser.headers)).json()) as {
      sessions: unknown[]
    }
    expect(viaGet.sessions).toHaveLength(2)
    expect(
      await (await call('revoke-user-session', adminUser.headers, { sessionToken: sessions[0]!.token })).json(),
    ).toEqual({ success: true })
    expect(await sessionCount(user.id)).toBe(1)
    expect(await (await call('revoke-user-sessions', adminUser.headers, { userId: user.id })).json()).toEqual({
      success: true,
    })
    expect(await sessionCount(user.id)).toBe(0)
    for (const headers of [a, b]) expect((await app.request('/api/auth/list-sessions', { headers })).status).toBe(401)
    expect(await audits('admin.revoke_user_sessions', user.id)).toHaveLength(1)
    await expectError(
      await call('list-user-sessions', adminUser.headers, { userId: '00000000-0000-4000-8000-000000000000' }),
      404,
      'user_not_found',
    )
  })
})

describe('bans', () => {
  it('ban-user: every session revoked at once, sign-in 403 with the reason, cookie client cut on its next request; unban lifts it', async () => {
    const user = await createUser(app)
    const bearerHeaders = await bearer(user)
    const { cookie } = await signIn(app, user)
    // The cookie client's cache is warm: its reads need no database.
    expect(
      (
        (await (await app.request('/api/auth/get-session', { headers: { cookie } })).json()) as {
          user: { id: string }
        } | null
      )?.user.id,
    ).toBe(user.id)

    const response = await call('ban-user', adminUser.headers, {
      userId: user.id,
      banReason: 'Harassment',
      banExpiresIn: 3600,
    })
    expect(response.status).toBe(200)
    const { user: banned } = (await response.json()) as {
      user: { banned: boolean; banReason: string; banExpires: string }
    }
    expect(banned).toMatchObject({ banned: true, banReason: 'Harassment' })
    expect(Date.parse(banned.banExpires) - Date.now()).toBeGreaterThan(3500_000)
    expect(await sessionCount(user.id)).toBe(0)
    expect(await (await app.request('/api/auth/get-session', { headers: bearerHeaders })).json()).toBeNull()
    expect(await (await app.request('/api/auth/get-session', { headers: { cookie } })).json()).toBeNull()

    const refused = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
    })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({
      error: 'banned_user',
      code: 'BANNED_USER',
      message: 'Harassment',
      status: 'FORBIDDEN',
    })
    const [entry] = await audits('admin.ban_user', user.id)
    expect(entry!.data).toMatchObject({ banReason: 'Harassment', sessionsRevoked: 2 })

    const lifted = await call('unban-user', adminUser.headers, { userId: user.id })
    expect(((await lifted.json()) as { user: object }).user).toMatchObject({
      banned: false,
      banReason: null,
      banExpires: null,
    })
    await expect(signIn(app, user)).resolves.toBeDefined()
    expect(await audits('admin.unban_user', user.id)).toHaveLength(1)
  })

  it('a ban without expiry holds; without a reason the message is the default; not oneself; bounded body', async () => {
    const user = await createUser(app)
    expect((await call('ban-user', adminUser.headers, { userId: user.id })).status).toBe(200)
    expect(await userRow(user.id)).toMatchObject({ banned: true, ban_expires: null, ban_reason: null })
    const refused = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
    })
    expect(await refused.json()).toMatchObject({
      error: 'banned_user',
      message: 'You have been banned from this application',
    })
    await expectError(await call('ban-user', adminUser.headers, { userId: adminUser.id }), 400, 'cannot_ban_yourself')
    await expectError(
      await call('ban-user', adminUser.headers, { userId: user.id, banReason: 'x'.repeat(501) }),
      400,
      'invalid_input',
    )
    await expectError(
      await call('ban-user', adminUser.headers, { userId: user.id, banExpiresIn: -5 }),
      400,
      'invalid_input',
    )
    for (const banExpiresIn of [0, 1.5, 1e300, 100 * 365 * 86_400 + 1, '3600', null]) {
      await expectError(
        await call('ban-user', adminUser.headers, { userId: user.id, banExpiresIn }),
        400,
        'invalid_input',
      )
    }
    await expectError(
      await call('ban-user', adminUser.headers, { userId: '00000000-0000-4000-8000-000000000000' }),
      404,
      'user_not_found',
    )
  })

  it('a ban that has run out is cleared at the next sign-in: get-user and the banned filter stop showing it; audited', async () => {
    const user = await createUser(app)
    expect(
      (await call('ban-user', adminUser.headers, { userId: user.id, banReason: 'Cooling off', banExpiresIn: 60 }))
        .status,
    ).toBe(200)
    await sql(app, "UPDATE users SET ban_expires = now() - interval '1 second' WHERE id = $1", [user.id])
    const listed = async () =>
      (
        (await (await call('list-users?filterField=banned&filterValue=true&limit=1000', adminUser.headers)).json()) as {
          users: Array<{ id: string }>
        }
      ).users.map((u) => u.id)
    // Until the user signs in again the row still says banned, as Better Auth's does.
    expect(await listed()).toContain(user.id)

    await expect(signIn(app, user)).resolves.toBeDefined()
    expect(await userRow(user.id)).toMatchObject({ banned: false, ban_reason: null, ban_expires: null })
    expect(await (await call(`get-user?id=${user.id}`, adminUser.headers)).json()).toMatchObject({
      id: user.id,
      banned: false,
      banReason: null,
      banExpires: null,
    })
    expect(await listed()).not.toContain(user.id)
    const [entry] = await audits('user.ban_expired', user.id)
    expect(entry).toMatchObject({
      user_id: user.id,
      data: { banReason: 'Cooling off', banExpires: expect.any(String) },
    })
  })

  it('a ban still in force is not touched by a sign-in attempt, nor is one cleared by a wrong password', async () => {
    const user = await createUser(app)
    expect(
      (await call('ban-user', adminUser.headers, { userId: user.id, banReason: 'Still banned', banExpiresIn: 3600 }))
        .status,
    ).toBe(200)
    const before = await userRow(user.id)
    await expect(signIn(app, user)).rejects.toThrow(/403/)
    expect(await userRow(user.id)).toMatchObject({
      banned: true,
      ban_reason: 'Still banned',
      ban_expires: before!.ban_expires,
    })
    await sql(app, "UPDATE users SET ban_expires = now() - interval '1 second' WHERE id = $1", [user.id])
    await expect(signIn(app, { email: user.email, password: 'Wrong-Passw0rd!' })).rejects.toThrow(/401/)
    expect(await userRow(user.id)).toMatchObject({ banned: true, ban_reason: 'Still banned' })
    expect(await audits('user.ban_expired', user.id)).toHaveLength(0)
  })

  it('a ban set in the admin panel (stock PATCH /api/users/:id) also ends every session; citizens cannot set one', async () => {
    const user = await createUser(app)
    const headers = await bearer(user)
    const own = await app.request(`/api/users/${user.id}`, {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ banned: false, name: 'Me' }),
    })
    expect(own.status).toBe(403)
    expect(await sessionCount(user.id)).toBe(1)
    const response = await app.request(`/api/users/${user.id}`, {
      method: 'PATCH',
      headers: { ...adminUser.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ banned: true, banReason: 'From the panel' }),
    })
    expect(response.status).toBe(200)
    expect(await sessionCount(user.id)).toBe(0)
    expect((await app.request('/api/auth/list-sessions', { headers })).status).toBe(401)
    const refused = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
    })
    expect(await refused.json()).toMatchObject({ error: 'banned_user', message: 'From the panel' })
    const [entry] = await sql<{ data: Record<string, unknown> }>(
      app,
      "SELECT data FROM audit_logs WHERE action = 'user.update' AND target_id = $1",
      [user.id],
    )
    expect(entry!.data).toMatchObject({ banned: true, banReason: 'From the panel' })
  })
})
