// Self-service (docs/api.md "Accounts beyond sign-in (/api/auth)"): update-user,
// change-password, change-email (mail to the new address, change on verification),
// delete-user, and one's own sessions; each refusal with its code and nothing changed; the
// database checked after every success.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { startAppWithMailbox } from '../helpers/app-with-mailbox'
import { linkIn, type Mailbox } from '../helpers/mailbox'
import { sql, type TestApp } from '../helpers/test-app'
import { createUser, signIn, TEST_PASSWORD, type TestUser } from '../helpers/users'

const NEW_PASSWORD = 'Another-Passw0rd!'

let app: TestApp
let mailbox: Mailbox

let stop: (() => Promise<void>) | undefined

beforeAll(async () => {
  ;({ app, mailbox, stop } = await startAppWithMailbox())
})

afterAll(async () => {
  await stop?.()
})

function call(path: string, token: string | null, body?: unknown, method = 'POST') {
  const headers: Record<string, string> = {}
  if (token) headers.authorization = `Bearer ${token}`
  if (body !== undefined) headers['content-type'] = 'application/json'
  return app.request(`/api/auth/${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
}

async function expectError(response: Response, status: number, error: string) {
  expect(response.status).toBe(status)
  const body = (await response.json()) as Record<string, unknown>
  expect(body).toMatchObject({ error, code: error.toUpperCase() })
  return body
}

async function session(user: TestUser) {
  return (await signIn(app, user)).token
}

const audits = (userId: string, action: string) =>
  sql<{ data: Record<string, unknown> }>(app, 'SELECT data FROM audit_logs WHERE user_id = $1 AND action = $2', [
    userId,
    action,
  ])
const userRow = async (id: string) =>
  (await sql<Record<string, unknown>>(app, 'SELECT * FROM users WHERE id = $1', [id]))[0]
const sessionCount = async (userId: string) =>
  Number((await sql<{ n: string }>(app, 'SELECT count(*) AS n FROM sessions WHERE user_id = $1', [userId]))[0]!.n)

describe('anonymous callers', () => {
  it.each([
    ['update-user', 'POST', { name: 'x' }],
    ['change-password', 'POST', { currentPassword: 'a', newPassword: 'b' }],
    ['change-email', 'POST', { newEmail: 'a@example.test' }],
    ['delete-user', 'POST', { password: 'x' }],
    ['list-sessions', 'GET', undefined],
    ['revoke-session', 'POST', { token: 'x' }],
    ['revoke-other-sessions', 'POST', undefined],
    ['revoke-sessions', 'POST', undefined],
  ])('%s answers 401 unauthorized', async (path, method, body) => {
    await expectError(await call(path, null, body, method), 401, 'unauthorized')
  })

  it('a revoked bearer token is 401 at once', async () => {
    const user = await createUser(app)
    const token = await session(user)
    await call('sign-out', token)
    await expectError(await call('update-user', token, { name: 'Late' }), 401, 'unauthorized')
  })
})

describe('POST /api/auth/update-user', () => {
  it('changes name, image and username; the profile follows; audited', async () => {
    const user = await createUser(app, { name: 'Old' })
    const token = await session(user)
    const username = `new_name-${Date.now().toString(36)}`
    const response = await call('update-user', token, {
      name: 'New Name',
      image: 'https://img.example.test/a.png',
      username,
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: true })
    expect(await userRow(user.id)).toMatchObject({
      name: 'New Name',
      image: 'https://img.example.test/a.png',
      username,
    })
    const [profile] = await sql<{ username: string }>(app, 'SELECT username FROM profiles WHERE user_id = $1', [
      user.id,
    ])
    expect(profile!.username).toBe(username)
    expect((await audits(user.id, 'user.profile_updated'))[0]!.data).toEqual({
      name: 'New Name',
      image: 'https://img.example.test/a.png',
      username,
    })
    const current = (await (await call('get-session', token, undefined, 'GET')).json()) as { user: { name: string } }
    expect(current.user.name).toBe('New Name')
  })

  it('image null clears it', async () => {
    const user = await createUser(app)
    const token = await session(user)
    await call('update-user', token, { image: 'https://img.example.test/b.png' })
    expect((await call('update-user', token, { image: null })).status).toBe(200)
    expect((await userRow(user.id))!.image).toBeNull()
  })

  it('409 username_taken for another user’s username, nothing changed', async () => {
    const [a, b] = [await createUser(app, { name: 'A' }), await createUser(app)]
    const taken = (await userRow(b.id))!.username as string
    await expectError(
      await call('update-user', await session(a), { name: 'Changed', username: taken }),
      409,
      'username_taken',
    )
    expect((await userRow(a.id))!.name).toBe('A')
  })

  it('keeping one’s own username is fine', async () => {
    const user = await createUser(app)
    const own = (await userRow(user.id))!.username as string
    expect((await call('update-user', await session(user), { username: own })).status).toBe(200)
  })

  it('simultaneous claims of one username: one wins, the other is 409', async () => {
    const [a, b] = [await createUser(app), await createUser(app)]
    const wanted = `race-${Date.now().toString(36)}`
    const [ta, tb] = [await session(a), await session(b)]
    const answers = await Promise.all([
      call('update-user', ta, { username: wanted }),
      call('update-user', tb, { username: wanted }),
    ])
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409])
    const owners = await sql(app, 'SELECT id FROM users WHERE username = $1', [wanted])
    expect(owners).toHaveLength(1)
  })

  it.each([
    ['no field', {}],
    ['characters outside the username rules', { username: 'no spaces allowed' }],
    ['too short', { username: 'ab' }],
    ['too long', { username: 'x'.repeat(31) }],
    ['name too long', { name: 'x'.repeat(101) }],
    ['image too long', { image: 'x'.repeat(2001) }],
    ['email is not changed here', { email: 'other@example.test' }],
    ['wrong type', { name: 5 }],
    ['unknown field', { roles: ['admin'] }],
  ])('400 invalid_input: %s', async (_, body) => {
    const user = await createUser(app)
    const before = await userRow(user.id)
    await expectError(await call('update-user', await session(user), body), 400, 'invalid_input')
    expect(await userRow(user.id)).toEqual(before)
  })

  // PostgreSQL refuses a NUL byte in text; the failed UPDATE's SQL names the username column,
  // which once made it pass for a unique violation (409 username_taken).
  it('400 invalid_request, not username_taken, for a NUL byte the database refuses', async () => {
    const user = await createUser(app, { name: 'Before' })
    const before = await userRow(user.id)
    await expectError(await call('update-user', await session(user), { name: 'a\u0000b' }), 400, 'invalid_request')
    expect(await userRow(user.id)).toEqual(before)
  })

  it('400 invalid_body for a body that is not JSON', async () => {
    const user = await createUser(app)
    await expectError(await call('update-user', await session(user), 'not json'), 400, 'invalid_body')
  })

  it('a cookie request without a trusted Origin is 403 forbidden (CSRF)', async () => {
    const user = await createUser(app, { name: 'Kept' })
    const { cookie } = await signIn(app, user)
    const response = await app.request('/api/auth/update-user', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Forged' }),
    })
    await expectError(response, 403, 'forbidden')
    expect((await userRow(user.id))!.name).toBe('Kept')
    const allowed = await app.request('/api/auth/update-user', {
      method: 'POST',
      headers: { cookie, origin: app.url, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Mine' }),
    })
    expect(allowed.status).toBe(200)
    // The cookie cache is re-issued with the new name.
    expect(allowed.headers.getSetCookie().some((c) => c.startsWith('community.session_data='))).toBe(true)
  })
})

describe('POST /api/auth/change-password', () => {
  it('400 invalid_password when the current password is wrong; the old one still works', async () => {
    const user = await createUser(app)
    const token = await session(user)
    await expectError(
      await call('change-password', token, { currentPassword: 'Wrong-Passw0rd!', newPassword: NEW_PASSWORD }),
      400,
      'invalid_password',
    )
    await expect(signIn(app, user)).resolves.toBeDefined()
  })

  it('400 weak_password for a new password that breaks the password rules', async () => {
    const user = await createUser(app)
    await expectError(
      await call('change-password', await session(user), { currentPassword: TEST_PASSWORD, newPassword: 'short' }),
      400,
      'weak_password',
    )
    await expectError(
      await call('change-password', await session(user), {
        currentPassword: TEST_PASSWORD,
        newPassword: `Aa1!${'x'.repeat(125)}`,
      }),
      400,
      'weak_password',
    )
  })

  it('400 invalid_input for a missing field or a non-boolean revokeOtherSessions', async () => {
    const user = await createUser(app)
    const token = await session(user)
    await expectError(await call('change-password', token, { newPassword: NEW_PASSWORD }), 400, 'invalid_input')
    await expectError(
      await call('change-password', token, {
        currentPassword: TEST_PASSWORD,
        newPassword: NEW_PASSWORD,
        revokeOtherSessions: 'yes',
      }),
      400,
      'invalid_input',
    )
  })

  it('changes the password and keeps sessions: token null; audited without the password', async () => {
    const user = await createUser(app)
    const [token, other] = [await session(user), await session(user)]
    const response = await call('change-password', token, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD })
    expect(response.status).toBe(200)
    const body = (await response.json()) as { token: null; user: Record<string, unknown> }
    expect(body.token).toBeNull()
    expect(body.user).toMatchObject({ id: user.id, email: user.email })
    expect((await call('list-sessions', other, undefined, 'GET')).status).toBe(200)
    await expect(signIn(app, user)).rejects.toThrow(/401/)
    await expect(signIn(app, { ...user, password: NEW_PASSWORD })).resolves.toBeDefined()
    const [entry] = await audits(user.id, 'user.password_changed')
    expect(entry!.data).toEqual({ revokeOtherSessions: false, sessionsRevoked: 0 })
    expect(JSON.stringify(entry)).not.toContain(NEW_PASSWORD)
  })

  it('revokeOtherSessions ends every session and hands out a new one', async () => {
    const user = await createUser(app)
    const [token, other] = [await session(user), await session(user)]
    const response = await call('change-password', token, {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
      revokeOtherSessions: true,
    })
    expect(response.status).toBe(200)
    const body = (await response.json()) as { token: string }
    expect(body.token).toEqual(expect.any(String))
    expect(response.headers.get('set-auth-token')).toBe(body.token)
    expect(await sessionCount(user.id)).toBe(1)
    await expectError(await call('list-sessions', other, undefined, 'GET'), 401, 'unauthorized')
    await expectError(await call('list-sessions', token, undefined, 'GET'), 401, 'unauthorized')
    expect((await call('list-sessions', body.token, undefined, 'GET')).status).toBe(200)
    // The new session's origin is the password change's audit entry.
    const [issued] = await sql<{ id: string }>(app, `SELECT id::text FROM sessions WHERE user_id = $1`, [user.id])
    const entries = await sql<{ data: Record<string, unknown> }>(
      app,
      `SELECT data FROM audit_logs WHERE action = 'user.password_changed' AND target_id = $1`,
      [user.id],
    )
    expect(entries).toEqual([{ data: { revokeOtherSessions: true, sessionsRevoked: 2, sessionId: issued!.id } }])
  })
})

describe('POST /api/auth/change-email', () => {
  it('mails the new address; the email changes only when the link is opened, once', async () => {
    const user = await createUser(app)
    const token = await session(user)
    const newEmail = `moved-${Date.now().toString(36)}@example.test`
    const response = await call('change-email', token, {
      newEmail: newEmail.toUpperCase(),
      callbackURL: 'https://app.example.test/done',
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: true })
    expect((await userRow(user.id))!.email).toBe(user.email)
    const mail = await mailbox.waitFor((m) => m.to.includes(newEmail))
    expect(mailbox.to(user.email).filter((m) => m.subject === mail.subject)).toHaveLength(0)
    const link = linkIn(mail)
    const verified = await app.request(`${link.pathname}${link.search}`)
    expect(verified.status).toBe(200)
    expect(await userRow(user.id)).toMatchObject({ email: newEmail, email_verified: true })
    expect(await audits(user.id, 'user.email_changed')).toHaveLength(1)
    expect((await audits(user.id, 'user.email_change_requested'))[0]!.data).toEqual({ email: user.email, newEmail })
    await expectError(await app.request(`${link.pathname}${link.search}`), 400, 'invalid_token')
    await expect(signIn(app, { email: newEmail, password: TEST_PASSWORD })).resolves.toBeDefined()
  })

  it('409 user_already_exists for another account’s email, at request and at verification', async () => {
    const [user, other] = [await createUser(app), await createUser(app)]
    const token = await session(user)
    await expectError(await call('change-email', token, { newEmail: other.email }), 409, 'user_already_exists')
    const wanted = `contested-${Date.now().toString(36)}@example.test`
    expect((await call('change-email', token, { newEmail: wanted })).status).toBe(200)
    const mail = await mailbox.waitFor((m) => m.to.includes(wanted))
    await sql(app, 'UPDATE users SET email = $1 WHERE id = $2', [wanted, other.id])
    const link = linkIn(mail)
    await expectError(await app.request(`${link.pathname}${link.search}`), 409, 'user_already_exists')
    expect((await userRow(user.id))!.email).toBe(user.email)
  })

  it('400 invalid_input for one’s own address or a malformed one', async () => {
    const user = await createUser(app)
    const token = await session(user)
    await expectError(await call('change-email', token, { newEmail: user.email }), 400, 'invalid_input')
    await expectError(await call('change-email', token, { newEmail: 'not-an-email' }), 400, 'invalid_input')
  })

  it('403 session_not_fresh for a session older than 10 minutes', async () => {
    const user = await createUser(app)
    const token = await session(user)
    await sql(app, "UPDATE sessions SET created_at = now() - interval '11 minutes' WHERE user_id = $1", [user.id])
    await expectError(
      await call('change-email', token, { newEmail: `stale-${Date.now()}@example.test` }),
      403,
      'session_not_fresh',
    )
    expect(await audits(user.id, 'user.email_change_requested')).toHaveLength(0)
  })
})

describe('POST /api/auth/delete-user', () => {
  it('400 invalid_password or invalid_input leaves the account', async () => {
    const user = await createUser(app)
    const token = await session(user)
    await expectError(await call('delete-user', token, { password: 'Wrong-Passw0rd!' }), 400, 'invalid_password')
    await expectError(await call('delete-user', token, {}), 400, 'invalid_input')
    expect(await userRow(user.id)).toBeDefined()
  })

  it('removes the account and its sessions; audit entries stay', async () => {
    const user = await createUser(app)
    const [token, other] = [await session(user), await session(user)]
    const response = await call('delete-user', token, { password: TEST_PASSWORD })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ success: true, message: 'User deleted' })
    expect(response.headers.getSetCookie().some((c) => /^community\.session=;/.test(c))).toBe(true)
    expect(await userRow(user.id)).toBeUndefined()
    expect(await sessionCount(user.id)).toBe(0)
    expect(await sql(app, 'SELECT 1 FROM profiles WHERE user_id = $1', [user.id])).toHaveLength(0)
    expect(await audits(user.id, 'login_success')).toHaveLength(2)
    expect((await audits(user.id, 'user.deleted'))[0]!.data).toEqual({ email: user.email, by: 'self' })
    await expectError(await call('list-sessions', other, undefined, 'GET'), 401, 'unauthorized')
  })
})

describe('own sessions', () => {
  it('list-sessions shows one’s live sessions only, newest first', async () => {
    const [user, stranger] = [await createUser(app), await createUser(app)]
    const first = await session(user)
    const second = await session(user)
    await session(stranger)
    const response = await call('list-sessions', second, undefined, 'GET')
    expect(response.status).toBe(200)
    const list = (await response.json()) as Array<Record<string, unknown>>
    expect(list).toHaveLength(2)
    expect(list.every((s) => s.userId === user.id)).toBe(true)
    expect(JSON.stringify(list)).not.toContain(first)
    expect(JSON.stringify(list)).not.toContain(second)
    expect(Date.parse(String(list[0]!.createdAt))).toBeGreaterThanOrEqual(Date.parse(String(list[1]!.createdAt)))
  })

  it('revoke-session by the listed token or the real token; another user’s session is untouched', async () => {
    const [user, stranger] = [await createUser(app), await createUser(app)]
    const [keep, byHandle, byToken] = [await session(user), await session(user), await session(user)]
    const strangerToken = await session(stranger)
    const strangerList = (await (await call('list-sessions', strangerToken, undefined, 'GET')).json()) as Array<{
      token: string
    }>
    const mine = (await (await call('list-sessions', keep, undefined, 'GET')).json()) as Array<{
      id: string
      token: string
    }>
    const [row] = await sql<{ id: string }>(
      app,
      "SELECT id FROM sessions WHERE token_hash = encode(sha256($1::bytea), 'hex')",
      [byHandle],
    )
    expect((await call('revoke-session', keep, { token: mine.find((s) => s.id === row!.id)!.token })).status).toBe(200)
    expect((await call('revoke-session', keep, { token: byToken })).status).toBe(200)
    const stray = await call('revoke-session', keep, { token: strangerList[0]!.token })
    expect(stray.status).toBe(200)
    expect(await sessionCount(user.id)).toBe(1)
    expect(await sessionCount(stranger.id)).toBe(1)
    await expectError(await call('list-sessions', byHandle, undefined, 'GET'), 401, 'unauthorized')
    await expectError(await call('list-sessions', byToken, undefined, 'GET'), 401, 'unauthorized')
    expect((await audits(user.id, 'session.revoked')).length).toBeGreaterThanOrEqual(2)
    await expectError(await call('revoke-session', keep, {}), 400, 'invalid_input')
  })

  it('revoke-other-sessions keeps the current one; revoke-sessions ends all', async () => {
    const user = await createUser(app)
    const [current, other] = [await session(user), await session(user)]
    expect(await (await call('revoke-other-sessions', current)).json()).toEqual({ status: true })
    expect(await sessionCount(user.id)).toBe(1)
    await expectError(await call('list-sessions', other, undefined, 'GET'), 401, 'unauthorized')
    await session(user)
    expect(await (await call('revoke-sessions', current)).json()).toEqual({ status: true })
    expect(await sessionCount(user.id)).toBe(0)
    await expectError(await call('list-sessions', current, undefined, 'GET'), 401, 'unauthorized')
  })
})

describe('a banned user', () => {
  it('is refused on every self-service route (403 banned_user), and at sign-in with the reason until the ban expires', async () => {
    const user = await createUser(app)
    const token = await session(user)
    await sql(
      app,
      "UPDATE users SET banned = true, ban_reason = 'Spamming the forum', ban_expires = now() + interval '1 hour' WHERE id = $1",
      [user.id],
    )
    for (const [path, method, body] of [
      ['update-user', 'POST', { name: 'x' }],
      ['change-password', 'POST', { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }],
      ['change-email', 'POST', { newEmail: 'b@example.test' }],
      ['delete-user', 'POST', { password: TEST_PASSWORD }],
      ['list-sessions', 'GET', undefined],
      ['revoke-session', 'POST', { token: 'x' }],
      ['revoke-other-sessions', 'POST', undefined],
      ['revoke-sessions', 'POST', undefined],
    ] as const) {
      await expectError(await call(path, token, body, method), 403, 'banned_user')
    }
    const refused = await call('sign-in/email', null, { email: user.email, password: TEST_PASSWORD })
    const body = await expectError(refused, 403, 'banned_user')
    expect(body).toEqual({
      error: 'banned_user',
      code: 'BANNED_USER',
      message: 'Spamming the forum',
      status: 'FORBIDDEN',
    })
    // A wrong password learns nothing about the ban.
    await expectError(
      await call('sign-in/email', null, { email: user.email, password: 'Wrong-Passw0rd!' }),
      401,
      'invalid_credentials',
    )
    await sql(app, "UPDATE users SET ban_expires = now() - interval '1 second' WHERE id = $1", [user.id])
    await expect(signIn(app, user)).resolves.toBeDefined()
  })
})
