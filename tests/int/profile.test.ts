// /api/profile/* (docs/api.md "Profile: /api/profile"): the caller's profile and wallet, its update
// (username rules, reserved names, avatar ownership, audit in the transaction), public profiles
// with published counts, the notifications inbox and mark-read, and the streamed export with
// its per-user limit. Every answer is checked in the database afterwards.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { sessionCookieName } from '../../src/lib/auth/cookies'
import { settings } from '../../src/lib/settings'
import { roleActor } from '../helpers/blog'
import { type BridgeReference, startBridgeReference } from '../helpers/bridge-reference'
import { type Actor, actor, anonymous, audits, call, citizenActor, count } from '../helpers/catalogue'
import { adminActor } from '../helpers/catalogue'
import { makeItem } from '../helpers/community'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'
import { authHeaders, createUser, signIn } from '../helpers/users'

let app: TestApp
let citizen: Actor
let moderator: Actor
let admin: Actor

beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMIT_PROFILE_EXPORT_MAX: '5' } })
  citizen = await citizenActor(app)
  moderator = await roleActor(app, 'moderator')
  admin = await adminActor(app)
})

afterAll(async () => {
  await app.stop()
})

const usernameOf = async (userId: string) =>
  (await sql<{ username: string }>(app, 'SELECT username FROM users WHERE id = $1', [userId]))[0]!.username

/** `n` notifications of `userId`, the first the newest (read ones older than unread ones); their ids in that order. */
async function notify(userId: string, n: number, read = false): Promise<string[]> {
  const rows = await sql<{ id: string; title: string }>(
    app,
    `INSERT INTO notifications (user_id_id, type, title, body, read_at, created_at, updated_at)
     SELECT $1, 'booking', 'Title ' || g, 'Body ' || g, ${read ? 'now()' : 'NULL'}, now() - ((g + $3) || ' seconds')::interval, now() FROM generate_series(1, $2) g RETURNING id, title`,
    [userId, n, read ? 100_000 : 0],
  )
  return rows.sort((a, b) => Number(a.title.slice(6)) - Number(b.title.slice(6))).map((row) => String(row.id))
}

const mediaOf = async (uploaderId: string) =>
  String(
    (
      await sql<{ id: string }>(
        app,
        'INSERT INTO community_media (uploader_id, filename) VALUES ($1, $2) RETURNING id',
        [uploaderId, `a-${Date.now()}-${Math.random()}.png`],
      )
    )[0]!.id,
  )

describe('GET /api/profile', () => {
  it('401 unauthorized for an anonymous caller', async () => {
    const reply = await anonymous(app).get('/api/profile')
    expect(reply).toMatchObject({ status: 401, body: { error: 'unauthorized' } })
  })

  it('200: the profile made at sign-up (display name from the name, first language) and the wallet', async () => {
    const user = await createUser(app, { name: 'Jane Doe' })
    const jane = actor(app, user, await authHeaders(app, user))
    const reply = await jane.get('/api/profile')
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({
      profile: {
        userId: user.id,
        username: await usernameOf(user.id),
        displayName: 'Jane Doe',
        bio: null,
        avatarId: null,
        locale: 'en',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
      wallet: { balance: '0.00', currency: 'EUR' },
    })
  })

  it('a user without a name shows the username as display name; moderators and admins read their own', async () => {
    for (const who of [citizen, moderator, admin]) {
      const reply = await who.get('/api/profile')
      expect(reply.status).toBe(200)
      expect(reply.body.profile).toMatchObject({ userId: who.user.id, displayName: await usernameOf(who.user.id) })
    }
  })
})

describe('PATCH /api/profile', () => {
  it('401 anonymous, nothing written', async () => {
    const reply = await anonymous(app).send('/api/profile', { bio: 'x' }, 'PATCH')
    expect(reply).toMatchObject({ status: 401, body: { error: 'unauthorized' } })
  })

  it('200: changes the fields, audits profile.update in the transaction, and a new username follows on the user and on authored items', async () => {
    const me = await citizenActor(app)
    const threadId = await makeItem(app, 'forum-threads', me.user.id)
    const avatarId = await mediaOf(me.user.id)
    const name = `Renamed_${Date.now().toString(36)}`
    const reply = await me.send(
      '/api/profile',
      { username: name, displayName: 'Renée', bio: 'Gardener.', avatarId, locale: 'fr' },
      'PATCH',
    )
    expect(reply.status).toBe(200)
    expect(reply.body.profile).toMatchObject({
      username: name,
      displayName: 'Renée',
      bio: 'Gardener.',
      avatarId,
      locale: 'fr',
    })
    const [profile] = await sql(
      app,
      'SELECT username, display_name, bio, avatar_id, locale FROM profiles WHERE user_id = $1',
      [me.user.id],
    )
    expect(profile).toEqual({
      username: name,
      display_name: 'Renée',
      bio: 'Gardener.',
      avatar_id: avatarId,
      locale: 'fr',
    })
    expect(await usernameOf(me.user.id)).toBe(name)
    expect((await sql(app, 'SELECT author_name FROM forum_threads WHERE id = $1', [threadId]))[0]).toEqual({
      author_name: name,
    })
    const [entry] = await audits(app, 'profile.update', me.user.id)
    expect(entry).toMatchObject({
      user_id: me.user.id,
      target_type: 'profiles',
      data: expect.objectContaining({ username: name, bio: 'Gardener.', locale: 'fr' }),
    })
    // Clearing: bio and avatar back to null.
    const cleared = await me.send('/api/profile', { bio: null, avatarId: null }, 'PATCH')
    expect(cleared.body.profile).toMatchObject({ bio: null, avatarId: null })
  })

  it('409 username_taken: another user’s name in any case, and the reserved route names; nothing changes', async () => {
    const me = await citizenActor(app)
    const before = await usernameOf(me.user.id)
    const taken = (await usernameOf(citizen.user.id)).toUpperCase()
    for (const username of [taken, 'notifications', 'Export']) {
      const reply = await me.send('/api/profile', { username }, 'PATCH')
      expect(reply).toMatchObject({ status: 409, body: { error: 'username_taken' } })
    }
    expect(await usernameOf(me.user.id)).toBe(before)
    expect(await audits(app, 'profile.update', me.user.id)).toHaveLength(0)
  })

  it('a change of case of one’s own username is allowed', async () => {
    const me = await citizenActor(app)
    const upper = (await usernameOf(me.user.id)).toUpperCase()
    expect((await me.send('/api/profile', { username: upper }, 'PATCH')).status).toBe(200)
    expect(await usernameOf(me.user.id)).toBe(upper)
  })

  it('400 invalid_request: unknown field, bad username, display name length, bio length, unknown locale, someone else’s avatar, empty body', async () => {
    const me = await citizenActor(app)
    const othersMedia = await mediaOf(citizen.user.id)
    const bodies: Array<[Record<string, unknown>, string]> = [
      [{ email: 'x@example.test' }, '(body)'],
      [{ username: 'a b' }, 'username'],
      [{ username: 'ab' }, 'username'],
      [{ displayName: '' }, 'displayName'],
      [{ displayName: 'x'.repeat(81) }, 'displayName'],
      [{ bio: 'x'.repeat(1001) }, 'bio'],
      [{ locale: 'xx' }, 'locale'],
      [{ avatarId: 'not-a-uuid' }, 'avatarId'],
      [{ avatarId: othersMedia }, 'avatarId'],
      [{}, '(body)'],
    ]
    for (const [body, path] of bodies) {
      const reply = await me.send('/api/profile', body, 'PATCH')
      expect({ body, status: reply.status, error: reply.body.error }).toEqual({
        body,
        status: 400,
        error: 'invalid_request',
      })
      if (path !== '(body)') expect(reply.body.issues.map((issue: { path: string }) => issue.path)).toContain(path)
    }
    expect((await call(app, 'PATCH', '/api/profile', { headers: me.headers, raw: '{oops' })).body.error).toBe(
      'invalid_body',
    )
    expect((await sql(app, 'SELECT bio, avatar_id FROM profiles WHERE user_id = $1', [me.user.id]))[0]).toEqual({
      bio: null,
      avatar_id: null,
    })
  })
})

describe('sign-up and reserved usernames', () => {
  it('a derived username skips the reserved names; a chosen reserved one is 409 username_taken', async () => {
    const signUp = (body: Record<string, unknown>) =>
      call(app, 'POST', '/api/auth/sign-up/email', { body: { password: 'Correct-Horse-42!', ...body } })
    const derived = await signUp({ email: `notifications@${Date.now()}.example.test` })
    expect(derived.status).toBe(200)
    expect(derived.body.user.username).not.toBe('notifications')
    const chosen = await signUp({ email: `chosen-${Date.now()}@example.test`, username: 'export' })
    expect(chosen).toMatchObject({ status: 409, body: { error: 'username_taken' } })
  })
})

describe('GET /api/profile/<username>', () => {
  it('200 for anyone, case-insensitive, with public counts only (zeros included), never private fields', async () => {
    const author = await citizenActor(app)
    await author.send('/api/profile', { bio: 'Hello' }, 'PATCH')
    await makeItem(app, 'forum-threads', author.user.id)
    await makeItem(app, 'forum-threads', author.user.id)
    await makeItem(app, 'forum-threads', author.user.id, 'moderated')
    await makeItem(app, 'places', author.user.id) // pending_review: not public
    await makeItem(app, 'places', author.user.id, 'published')
    const username = await usernameOf(author.user.id)
    for (const who of [anonymous(app), citizen, admin]) {
      const reply = await who.get(`/api/profile/${username.toUpperCase()}`)
      expect(reply.status).toBe(200)
      expect(reply.body).toEqual({
        username,
        displayName: username,
        bio: 'Hello',
        avatarId: null,
        memberSince: expect.any(String),
        published: {
          reviews: 0,
          comments: 0,
          forumThreads: 2,
          forumPosts: 0,
          classifieds: 0,
          places: 1,
          articles: 0,
          events: 0,
          groups: 0,
          galleries: 0,
          products: 0,
        },
      })
      expect(JSON.stringify(reply.body)).not.toContain(author.user.email)
    }
  })

  it('404 not_found for an unknown or banned user', async () => {
    expect(await anonymous(app).get('/api/profile/nobody-by-this-name')).toMatchObject({
      status: 404,
      body: { error: 'not_found' },
    })
    const banned = await createUser(app)
    await sql(app, 'UPDATE users SET banned = true WHERE id = $1', [banned.id])
    expect((await anonymous(app).get(`/api/profile/${await usernameOf(banned.id)}`)).status).toBe(404)
    // An expired ban no longer hides the profile.
    await sql(app, "UPDATE users SET ban_expires = now() - interval '1 hour' WHERE id = $1", [banned.id])
    expect((await anonymous(app).get(`/api/profile/${await usernameOf(banned.id)}`)).status).toBe(200)
  })
})

describe('notifications', () => {
  it('401 anonymous on the list and on mark-read', async () => {
    expect((await anonymous(app).get('/api/profile/notifications')).status).toBe(401)
    expect((await anonymous(app).send('/api/profile/notifications/read', { all: true })).status).toBe(401)
  })

  it('lists the caller’s own, newest first, paginated, with the unread count whatever the filter', async () => {
    const me = await citizenActor(app)
    const unread = await notify(me.user.id, 3)
    await notify(me.user.id, 2, true)
    await notify(citizen.user.id, 4)
    const page = await me.get('/api/profile/notifications', { perPage: '2' })
    expect(page.status).toBe(200)
    expect(page.body).toMatchObject({ total: 5, unread: 3, page: 1, perPage: 2, totalPages: 3 })
    expect(page.body.notifications.map((n: { id: string }) => n.id)).toEqual(unread.slice(0, 2))
    expect(page.body.notifications[0]).toEqual({
      id: unread[0],
      type: 'booking',
      title: 'Title 1',
      body: 'Body 1',
      targetType: null,
      targetId: null,
      readAt: null,
      createdAt: expect.any(String),
    })
    const onlyUnread = await me.get('/api/profile/notifications', { unread: 'true' })
    expect(onlyUnread.body).toMatchObject({ total: 3, unread: 3 })
    expect((await me.get('/api/profile/notifications', { unread: 'maybe' })).body.error).toBe('invalid_request')
    expect((await me.get('/api/profile/notifications', { page: '0' })).body.error).toBe('invalid_request')
  })

  it('mark read by ids counts only the caller’s unread ones; all:true marks the rest', async () => {
    const me = await citizenActor(app)
    const mine = await notify(me.user.id, 3)
    const theirs = await notify(citizen.user.id, 1)
    const reply = await me.send('/api/profile/notifications/read', { ids: [mine[0], mine[0], theirs[0]] })
    expect(reply).toEqual({ status: 200, body: { updated: 1 } })
    expect(await count(app, 'notifications', 'id = $1 AND read_at IS NULL', [theirs[0]])).toBe(1)
    expect(await count(app, 'notifications', 'user_id_id = $1 AND read_at IS NULL', [me.user.id])).toBe(2)
    expect((await me.send('/api/profile/notifications/read', { all: true })).body).toEqual({ updated: 2 })
    expect(await count(app, 'notifications', 'user_id_id = $1 AND read_at IS NULL', [me.user.id])).toBe(0)
    expect(await count(app, 'notifications', 'id = $1 AND read_at IS NULL', [theirs[0]])).toBe(1)
  })

  it('400 for a body that is neither {ids} nor {all:true}, or more than 100 ids', async () => {
    const ids = Array.from({ length: 101 }, () => '00000000-0000-4000-8000-000000000000')
    for (const body of [{}, { ids: [] }, { ids: ['nope'] }, { ids }, { all: false }, { all: true, ids: [ids[0]] }]) {
      const reply = await citizen.send('/api/profile/notifications/read', body)
      expect({ body, status: reply.status, error: reply.body.error }).toEqual({
        body,
        status: 400,
        error: 'invalid_request',
      })
    }
  })
})

// The shell answers the public profile and the inbox itself (their `shell` in
// endpoints/profile/index.ts). The reference is the Payload endpoint as the app
// served these reads before (tests/helpers/bridge-reference.ts): every answer must be the
// same to the byte, status and headers included; a field added, dropped or changed on either
// side fails here.
describe('the shell’s profile reads answer what the Payload endpoints answer', () => {
  let reference: BridgeReference
  const sameAnswer = (path: string, headers?: Record<string, string>) => reference.sameAnswer(path, headers)

  beforeAll(async () => {
    reference = await startBridgeReference(app)
  })

  afterAll(async () => {
    await reference.close()
  })

  it('public profiles: anyone, any case, escaped, unknown, banned, with a trailing slash', async () => {
    const author = await citizenActor(app)
    await author.send('/api/profile', { bio: 'Bonjour « à tous »', displayName: 'Ané Auteur' }, 'PATCH')
    await makeItem(app, 'forum-threads', author.user.id)
    await makeItem(app, 'places', author.user.id, 'published')
    const current = await makeItem(app, 'classifieds', author.user.id, 'active')
    const expired = await makeItem(app, 'classifieds', author.user.id, 'sold')
    await sql(
      app,
      "UPDATE classifieds SET expires_at = now() + CASE WHEN id = $1 THEN interval '1 day' ELSE interval '-1 minute' END WHERE id IN ($1, $2)",
      [current, expired],
    )
    const avatarId = await mediaOf(author.user.id)
    await author.send('/api/profile', { avatarId }, 'PATCH')
    const username = await usernameOf(author.user.id)
    const banned = await createUser(app)
    await sql(app, 'UPDATE users SET banned = true WHERE id = $1', [banned.id])
    const { cookie } = await signIn(app, citizen.user)
    const sessionOnly = cookie.split('; ').find((part) => part.startsWith(`${sessionCookieName()}=`))!
    const origin = settings().trustedOrigins[0]!
    const callers: Array<Record<string, string>> = [
      {},
      citizen.headers,
      { cookie },
      { cookie: sessionOnly },
      { authorization: 'Bearer not-a-session' },
      { origin },
      { origin: 'https://elsewhere.example' },
    ]
    const paths = [
      `/api/profile/${username}`,
      `/api/profile/${username.toUpperCase()}`,
      `/api/profile/${encodeURIComponent(username).replace(/[a-z]/, (letter) => `%${letter.charCodeAt(0).toString(16)}`)}`,
      `/api/profile/${username}/`,
      `/api/profile/${username}?locale=fr&depth=2`,
      '/api/profile/nobody-by-this-name',
      `/api/profile/${await usernameOf(banned.id)}`,
      '/api/profile/%C3%A9l%C3%A8ve',
    ]
    for (const path of paths) for (const headers of callers) await sameAnswer(path, headers)
    const shown = await sameAnswer(`/api/profile/${username}`)
    expect(JSON.parse(shown.body)).toMatchObject({
      username,
      displayName: 'Ané Auteur',
      avatarId,
      published: { forumThreads: 1, places: 1, classifieds: 1 },
    })
  })

  it('the inbox: every page and filter, 401 and 400, by bearer, cookie and refreshed cookie', async () => {
    const me = await citizenActor(app)
    await notify(me.user.id, 23)
    await notify(me.user.id, 4, true)
    await sql(
      app,
      "UPDATE notifications SET target_type = 'bookings', target_id = gen_random_uuid()::text WHERE user_id_id = $1 AND title = 'Title 2'",
      [me.user.id],
    )
    const { cookie } = await signIn(app, me.user)
    const sessionOnly = cookie.split('; ').find((part) => part.startsWith(`${sessionCookieName()}=`))!
    const origin = settings().trustedOrigins[0]!
    const callers: Array<Record<string, string>> = [
      me.headers,
      { cookie },
      { cookie: sessionOnly },
      { ...me.headers, origin },
      {},
      { authorization: 'Bearer not-a-session' },
    ]
    const queries = [
      '',
      '?perPage=2',
      '?page=2',
      '?page=3&perPage=10',
      '?unread=true',
      '?unread=0&perPage=100',
      '?perPage=500',
      '?page=99',
      '?unread=maybe',
      '?page=0',
      '?perPage=x',
    ]
    for (const query of queries)
      for (const headers of callers) await sameAnswer(`/api/profile/notifications${query}`, headers)
    for (const path of ['/api/profile/Notifications', '/api/profile/notifications/']) await sameAnswer(path, me.headers)
    const page = JSON.parse((await sameAnswer('/api/profile/notifications?perPage=30', me.headers)).body)
    expect(page).toMatchObject({ total: 27, unread: 23, perPage: 30, totalPages: 1 })
    expect(page.notifications.find((n: { title: string }) => n.title === 'Title 2')).toMatchObject({
      targetType: 'bookings',
      targetId: expect.any(String),
    })
    // Someone whose inbox is empty.
    await sameAnswer('/api/profile/notifications', (await citizenActor(app)).headers)
  })
})

describe('GET /api/profile/export', () => {
  it('401 anonymous', async () => {
    expect((await anonymous(app).get('/api/profile/export')).status).toBe(401)
  })

  it('200 attachment with everything about the caller and no secret; audited; 429 after 5 in the hour', async () => {
    const me = await citizenActor(app)
    await notify(me.user.id, 3)
    await makeItem(app, 'forum-threads', me.user.id)
    const changed = { booking: { email: 'daily' }, moderation: { inbox: false } }
    expect((await me.send('/api/profile/notification-settings', { settings: changed }, 'PATCH')).status).toBe(200)
    await notify(citizen.user.id, 1)
    const response = await app.request('/api/profile/export', { headers: me.headers })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="profile-export-\d{4}-\d{2}-\d{2}\.json"$/,
    )
    expect(response.headers.get('content-type')).toContain('application/json')
    const text = await response.text()
    const document = JSON.parse(text)
    expect(document.user).toMatchObject({ id: me.user.id, email: me.user.email })
    expect(document.roles).toEqual(['citizen'])
    expect(document.profile).toMatchObject({ userId: me.user.id })
    expect(document.wallet).toMatchObject({ balance: '0.00', currency: 'EUR' })
    expect(document.notifications).toHaveLength(3)
    expect(document.notificationSettings).toEqual((await me.get('/api/profile/notification-settings')).body.settings)
    expect(document.notificationSettings).toMatchObject({
      booking: { inbox: true, email: 'daily' },
      moderation: { inbox: false, email: 'instant' },
      webhook: { inbox: true, email: 'instant' },
    })
    expect(document.content.forumThreads).toHaveLength(1)
    expect(document.sessions.length).toBeGreaterThan(0)
    expect(document.auditEntries.some((entry: { action: string }) => entry.action === 'login_success')).toBe(true)
    expect(Object.keys(document)).toEqual(
      expect.arrayContaining([
        'organizations',
        'bookingsAsCustomer',
        'bookingsAsProvider',
        'blogComments',
        'reports',
        'appeals',
      ]),
    )
    expect(text).not.toMatch(/passwordHash|tokenHash|"salt"|"hash"|\$argon2|pbkdf2/)
    expect(Object.keys(document.user).sort()).toEqual([
      'banExpires',
      'banReason',
      'banned',
      'createdAt',
      'email',
      'emailVerified',
      'id',
      'image',
      'name',
      'roles',
      'updatedAt',
      'username',
    ])
    expect(await audits(app, 'profile.export', me.user.id)).toHaveLength(1)

    for (let n = 2; n <= 5; n++)
      expect(
        await app.request('/api/profile/export', { headers: me.headers }).then(async (r) => (await r.text(), r.status)),
      ).toBe(200)
    const sixth = await call(app, 'GET', '/api/profile/export', { headers: me.headers })
    expect(sixth).toMatchObject({ status: 429, body: { error: 'too_many_requests' } })
    expect(await audits(app, 'profile.export', me.user.id)).toHaveLength(5)
    // Another user's limit is their own.
    expect((await call(app, 'GET', '/api/profile/export', { headers: citizen.headers })).status).toBe(200)
  })

  it('streams a large export in batches: 10,000 notifications and 1,000 bookings arrive whole', async () => {
    const me = await citizenActor(app)
    await notify(me.user.id, 10_000)
    await sql(
      app,
      `INSERT INTO bookings (customer_id, booking_date, booking_time, end_time, start_minute, end_minute, status) SELECT $1, '2030-01-01', '10:00', '11:00', 600, 660, 'completed' FROM generate_series(1, 1000)`,
      [me.user.id],
    )
    const response = await app.request('/api/profile/export', { headers: me.headers })
    expect(response.status).toBe(200)
    const document = JSON.parse(await response.text())
    expect(document.notifications).toHaveLength(10_000)
    expect(document.bookingsAsCustomer).toHaveLength(1000)
    expect(new Set(document.notifications.map((n: { id: string }) => n.id)).size).toBe(10_000)
  })
})
