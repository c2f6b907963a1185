// Sign-up screening and blocking between members (docs/api.md "Sign-up screening", "Blocking between members"):
// every route and code with the database afterwards; what each kind of entry matches (subdomains, +tag, IPv4 and
// IPv6 CIDR, expiry); a blocked sign-up telling nothing about existing accounts and sending no mail; the held account
// until approve-user; and a block honoured by comments, forum posts, reviews, bookings, lists, notifications and
// the export.
import { randomBytes } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { type AppWithMailbox, startAppWithMailbox } from '../helpers/app-with-mailbox'
import { makeComment, makePost } from '../helpers/blog'
import { book, bookableService, customerActor, localDate } from '../helpers/bookings'
import { type Actor, actor, adminActor, call, MISSING_ID } from '../helpers/catalogue'
import { bookingOf, makeItem } from '../helpers/community'
import { sql, type TestApp } from '../helpers/test-app'
import { authHeaders, createUser } from '../helpers/users'

const SCREENING = '/api/admin/moderation/screening'
const BLOCKS = '/api/profile/blocks'
const PASSWORD = 'Sturdy-Password-77!'

let env: AppWithMailbox
let app: TestApp
let admin: Actor
let citizen: Actor

const word = () => randomBytes(4).toString('hex')
const signUp = (email: string, ip = '198.51.100.7') =>
  call(app, 'POST', '/api/auth/sign-up/email', { headers: { 'x-real-ip': ip }, body: { email, password: PASSWORD } })
const signInAs = (email: string) =>
  call(app, 'POST', '/api/auth/sign-in/email', { body: { email, password: PASSWORD } })
const usersWith = async (email: string) =>
  (await sql<{ n: number }>(app, 'SELECT count(*)::int AS n FROM users WHERE email = $1', [email]))[0]!.n
const entry = async (body: Record<string, unknown>) => {
  const reply = await admin.send(SCREENING, { action: 'create', ...body })
  expect(reply.status).toBe(201)
  return reply.body.entry as { id: string; value: string }
}
const auditOf = (action: string, targetId: string) =>
  sql<{ data: Record<string, unknown>; user_id: string }>(
    app,
    'SELECT data, user_id FROM audit_logs WHERE action = $1 AND target_id = $2',
    [action, targetId],
  )
// The mail runner is woken after commit: a mail not there by then is taken as not sent.
const settle = () => new Promise((resolve) => setTimeout(resolve, 800))

beforeAll(async () => {
  env = await startAppWithMailbox()
  app = env.app
  admin = await adminActor(app)
  citizen = await customerActor(app)
})

afterAll(async () => {
  await env.stop()
})

describe('/api/admin/moderation/screening', () => {
  it('is for admins only', async () => {
    expect((await call(app, 'GET', SCREENING)).status).toBe(403)
    expect((await citizen.get(SCREENING)).body.error).toBe('forbidden')
    expect(
      (await citizen.send(SCREENING, { action: 'create', kind: 'ip', value: '10.0.0.1', effect: 'block' })).status,
    ).toBe(403)
  })

  it('creates entries in their stored form, lists, updates and deletes them, each audited', async () => {
    const domain = await entry({ kind: 'email_domain', value: ' *.Mail-Spam.TEST ', effect: 'block', note: 'bulk' })
    expect(domain.value).toBe('mail-spam.test')
    expect((await entry({ kind: 'email', value: 'Some.One+promo@Example.test', effect: 'block' })).value).toBe(
      'some.one@example.test',
    )
    expect((await entry({ kind: 'ip', value: '2001:DB8:AB::/48', effect: 'block' })).value).toBe('2001:db8:ab::/48')
    const [created] = await auditOf('screening.create', domain.id)
    expect(created).toMatchObject({ user_id: admin.user.id, data: { kind: 'email_domain', value: 'mail-spam.test' } })

    const list = await admin.get(SCREENING, { kind: 'email_domain', perPage: '100' })
    expect(list.status).toBe(200)
    expect(list.body.entries.map((item: { id: string }) => item.id)).toContain(domain.id)
    expect(list.body.entries.every((item: { kind: string }) => item.kind === 'email_domain')).toBe(true)
    expect(list.body).toMatchObject({ page: 1, perPage: 100 })

    const updated = await admin.send(SCREENING, { action: 'update', id: domain.id, note: 'bulk sender' }, 'PATCH')
    expect(updated.status).toBe(200)
    expect(updated.body.entry).toMatchObject({ id: domain.id, note: 'bulk sender', effect: 'block' })
    expect((await auditOf('screening.update', domain.id))[0]!.data).toMatchObject({ note: 'bulk sender' })

    const removed = await admin.send(SCREENING, { action: 'delete', id: domain.id }, 'DELETE')
    expect(removed.body).toEqual({ success: true })
    expect(await sql(app, 'SELECT 1 FROM signup_screening WHERE id = $1', [domain.id])).toHaveLength(0)
    expect(await auditOf('screening.delete', domain.id)).toHaveLength(1)
  })

  it('answers the envelope codes, 400 for a value not of its kind and 404 for an unknown id', async () => {
    const codes = async (body: unknown) => (await admin.send(SCREENING, body)).body.error
    expect(await codes({})).toBe('missing_action')
    expect(await codes({ action: 'rename' })).toBe('unknown_action')
    expect(await codes({ action: 'update' })).toBe('missing_id')
    expect(await codes({ action: 'create', kind: 'ip', value: '10.0.0.0/33', effect: 'block' })).toBe('invalid_request')
    expect(await codes({ action: 'create', kind: 'ip', value: 'not-an-ip', effect: 'block' })).toBe('invalid_request')
    expect(await codes({ action: 'create', kind: 'email', value: 'nobody', effect: 'block' })).toBe('invalid_request')
    expect(await codes({ action: 'create', kind: 'email_domain', value: 'a b.test', effect: 'block' })).toBe(
      'invalid_request',
    )
    expect(await codes({ action: 'create', kind: 'asn', value: '1', effect: 'block' })).toBe('invalid_request')
    expect(await codes({ action: 'create', kind: 'ip', value: '10.0.0.1', effect: 'mute' })).toBe('invalid_request')
    expect((await admin.send(SCREENING, { action: 'update', id: MISSING_ID, note: 'x' })).status).toBe(404)
    expect((await admin.send(SCREENING, { action: 'delete', id: 'nope' })).status).toBe(404)
    expect((await admin.get(SCREENING, { kind: 'asn' })).status).toBe(400)
  })

  it('the panel’s stock route stores the same written form, audited, and refuses a value not of its kind', async () => {
    const made = await admin.send('/api/signup-screening', {
      kind: 'email_domain',
      value: '@Panel-Example.COM',
      effect: 'require_approval',
    })
    expect(made.status).toBe(201)
    expect(made.body.doc.value).toBe('panel-example.com')
    expect(await auditOf('screening.create', made.body.doc.id)).toHaveLength(1)
    const bad = await admin.send('/api/signup-screening', { kind: 'ip', value: '300.1.1.1', effect: 'block' })
    expect(bad.status).toBe(400)
    expect((await citizen.get('/api/signup-screening')).status).toBe(403)
  })

  it('test: tells what sign-up would do, block first', async () => {
    await entry({ kind: 'email_domain', value: 'held-test.example', effect: 'require_approval' })
    await entry({ kind: 'ip', value: '192.0.2.0/25', effect: 'block' })
    const both = await admin.send(SCREENING, { action: 'test', email: 'x@deep.held-test.example', ip: '192.0.2.100' })
    expect(both.status).toBe(200)
    expect(both.body.effect).toBe('block')
    expect(both.body.matches.map((match: { effect: string }) => match.effect)).toEqual(['block', 'require_approval'])
    expect((await admin.send(SCREENING, { action: 'test', ip: '192.0.2.200' })).body).toEqual({
      effect: null,
      matches: [],
    })
    expect((await admin.send(SCREENING, { action: 'test' })).body.error).toBe('invalid_request')
  })
})

describe('sign-up screening', () => {
  it('block: 403 signup_blocked, the same answer whether or not the email has an account, nothing created or sent', async () => {
    const domain = `spam-${word()}.test`
    const existing = await createUser(app, { email: `old@${domain}` })
    await entry({ kind: 'email_domain', value: domain, effect: 'block' })
    const accounts = async () => (await sql<{ n: number }>(app, 'SELECT count(*)::int AS n FROM users'))[0]!.n
    const before = await accounts()

    const known = await signUp(existing.email)
    const unknown = await signUp(`new@${domain}`)
    const subdomain = await signUp(`new@mx.${domain}`)
    expect(known.status).toBe(403)
    expect(known.body).toEqual({
      error: 'signup_blocked',
      code: 'SIGNUP_BLOCKED',
      message: 'Sign-up is not possible with these details',
      status: 'FORBIDDEN',
    })
    expect(unknown).toEqual(known)
    expect(subdomain).toEqual(known)
    // A domain that merely ends the same way is another domain.
    expect((await signUp(`new@not${domain}`)).status).toBe(200)
    expect(await accounts()).toBe(before + 1)
    expect(await usersWith(`new@${domain}`)).toBe(0)
    expect(
      await sql(app, "SELECT 1 FROM audit_logs WHERE action = 'user.sign_up' AND data->>'email' LIKE $1", [
        `%@${domain}`,
      ]),
    ).toHaveLength(0)
    await settle()
    expect(
      env.mailbox.messages.filter((mail) =>
        mail.to.some((to) => to.endsWith(`@${domain}`) || to.endsWith(`.${domain}`)),
      ),
    ).toEqual([])
  })

  it('email: case and a +tag are ignored', async () => {
    const local = `troll${word()}`
    await entry({ kind: 'email', value: `${local}@example.org`, effect: 'block' })
    expect((await signUp(`${local.toUpperCase()}+again@Example.org`)).body.error).toBe('signup_blocked')
    expect((await signUp(`${local}@example.org`)).body.error).toBe('signup_blocked')
    expect((await signUp(`${local}x@example.org`)).status).toBe(200)
  })

  it('ip: addresses and CIDR blocks, IPv4 and IPv6, on the client IP', async () => {
    await entry({ kind: 'ip', value: '203.0.113.128/26', effect: 'block' })
    await entry({ kind: 'ip', value: '2001:db8:dead::/48', effect: 'block' })
    await entry({ kind: 'ip', value: '198.18.0.9', effect: 'block' })
    const fresh = () => `ip-${word()}@example.net`
    expect((await signUp(fresh(), '203.0.113.130')).body.error).toBe('signup_blocked')
    expect((await signUp(fresh(), '203.0.113.191')).body.error).toBe('signup_blocked')
    expect((await signUp(fresh(), '2001:db8:dead:beef::1')).body.error).toBe('signup_blocked')
    expect((await signUp(fresh(), '::ffff:198.18.0.9')).body.error).toBe('signup_blocked')
    expect((await signUp(fresh(), '203.0.113.127')).status).toBe(200)
    expect((await signUp(fresh(), '2001:db8:beef::1')).status).toBe(200)
    expect((await signUp(fresh(), 'garbage')).status).toBe(200)
  })

  it('an expired entry no longer applies; a change is in force at once', async () => {
    const domain = `gone-${word()}.test`
    const expired = await entry({
      kind: 'email_domain',
      value: domain,
      effect: 'block',
      expiresAt: new Date(Date.now() - 60_000).toISOString(),
    })
    expect((await signUp(`a@${domain}`)).status).toBe(200)
    await admin.send(SCREENING, { action: 'update', id: expired.id, expiresAt: null })
    expect((await signUp(`b@${domain}`)).body.error).toBe('signup_blocked')
    await admin.send(SCREENING, { action: 'delete', id: expired.id })
    expect((await signUp(`b@${domain}`)).status).toBe(200)
  })

  it('require_approval: the account is made but cannot sign in until admin/approve-user', async () => {
    const domain = `hold-${word()}.test`
    const held = await entry({ kind: 'email_domain', value: domain, effect: 'require_approval' })
    const email = `member@${domain}`
    const reply = await signUp(email)
    expect(reply.status).toBe(200)
    const userId = reply.body.user.id as string
    expect(await sql(app, 'SELECT screening_id FROM pending_accounts WHERE user_id = $1', [userId])).toEqual([
      { screening_id: held.id },
    ])
    await env.mailbox.waitFor((mail) => mail.to.includes(email))
    await sql(app, 'UPDATE users SET email_verified = true WHERE id = $1', [userId])

    const refused = await signInAs(email)
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ error: 'account_pending_approval', code: 'ACCOUNT_PENDING_APPROVAL' })
    expect(await sql(app, 'SELECT 1 FROM sessions WHERE user_id = $1', [userId])).toHaveLength(0)
    // Only once the password matched.
    expect(
      (await call(app, 'POST', '/api/auth/sign-in/email', { body: { email, password: 'Wrong-Pass-1!' } })).status,
    ).toBe(401)

    const approve = (who: Actor, body: unknown) => who.send('/api/auth/admin/approve-user', body)
    expect((await approve(citizen, { userId })).status).toBe(403)
    expect((await approve(admin, { userId: 'x' })).body.error).toBe('invalid_input')
    expect((await approve(admin, { userId: MISSING_ID })).body.error).toBe('user_not_found')
    const approved = await approve(admin, { userId })
    expect(approved.status).toBe(200)
    expect(approved.body.user).toMatchObject({ id: userId, email })
    expect(await sql(app, 'SELECT 1 FROM pending_accounts WHERE user_id = $1', [userId])).toHaveLength(0)
    const [audit] = await auditOf('user.approve', userId)
    expect(audit).toMatchObject({ user_id: admin.user.id, data: { email } })
    expect((await signInAs(email)).status).toBe(200)
  })
})

describe('/api/profile/blocks', () => {
  it('blocks (201, then 200 with the same block), lists, unblocks; 400 yourself, 404 unknown, 401 anonymous', async () => {
    const blocker = await customerActor(app)
    const target = await createUser(app)
    const first = await blocker.send(BLOCKS, { userId: target.id })
    expect(first.status).toBe(201)
    expect(first.body.block).toMatchObject({ userId: target.id, username: expect.any(String) })
    const again = await blocker.send(BLOCKS, { userId: target.id })
    expect(again.status).toBe(200)
    expect(again.body).toEqual(first.body)
    expect(await sql(app, 'SELECT 1 FROM member_blocks WHERE blocker_id = $1', [blocker.user.id])).toHaveLength(1)
    expect(
      await sql(app, "SELECT 1 FROM audit_logs WHERE user_id = $1 AND action LIKE '%block%'", [blocker.user.id]),
    ).toHaveLength(0)

    expect((await blocker.send(BLOCKS, { userId: blocker.user.id })).body.error).toBe('invalid_request')
    expect((await blocker.send(BLOCKS, { userId: 'nope' })).body.error).toBe('invalid_request')
    expect((await blocker.send(BLOCKS, { userId: MISSING_ID })).status).toBe(404)
    expect((await call(app, 'POST', BLOCKS, { body: { userId: target.id } })).status).toBe(401)
    expect((await call(app, 'GET', BLOCKS)).status).toBe(401)

    const list = await blocker.get(BLOCKS)
    expect(list.body).toEqual({ blocks: [first.body.block], total: 1, page: 1, perPage: 20, totalPages: 1 })

    const exported = await call(app, 'GET', '/api/profile/export', { headers: blocker.headers })
    expect(exported.body.blocks).toEqual([first.body.block])
    // Nobody is told of a block: not in the blocked member's export.
    const theirs = await call(app, 'GET', '/api/profile/export', { headers: await authHeaders(app, target) })
    expect(theirs.body.blocks).toEqual([])

    expect((await blocker.send(`${BLOCKS}/${target.id}`, undefined, 'DELETE')).body).toEqual({ success: true })
    expect((await blocker.send(`${BLOCKS}/${target.id}`, undefined, 'DELETE')).body).toEqual({ success: true })
    expect((await blocker.get(BLOCKS)).body).toMatchObject({ blocks: [], total: 0 })
    // The route's name is no username.
    const taken = await call(app, 'POST', '/api/auth/sign-up/email', {
      body: { email: `u-${word()}@example.com`, password: PASSWORD, username: 'Blocks' },
    })
    expect(taken.body.error).toBe('username_taken')
  })
})

describe('while A blocks B', () => {
  let a: Actor
  let b: Actor
  let c: Actor
  let moderator: Actor
  // The day bookingOf books on.
  const day = localDate(3)

  beforeAll(async () => {
    a = await customerActor(app)
    b = await customerActor(app)
    c = await customerActor(app)
    const mod = await createUser(app, { roles: ['moderator'] })
    moderator = actor(app, mod, await authHeaders(app, mod))
  })

  it('B cannot comment on, post in the threads of or review A’s items, nor book A’s services (403); C can', async () => {
    const article = await makeItem(app, 'articles', a.user.id, 'published')
    const thread = await makeItem(app, 'forum-threads', a.user.id, 'published')
    const service = await bookableService(admin, day, { providerId: a.user.id, allowReviews: true })
    const { bookingId } = await bookingOf(app, admin, b, { serviceId: service.id })
    expect((await a.send(BLOCKS, { userId: b.user.id })).status).toBe(201)

    const comment = { target: { relationTo: 'articles', value: article }, body: 'Nice' }
    const refusals = [
      await b.send('/api/comments', comment),
      await b.send('/api/forum-posts', { thread, body: 'Hello' }),
      await b.send('/api/reviews', { booking: bookingId, rating: 1, body: 'Bad' }),
      await book(b, { serviceId: service.id, bookingDate: day.date, bookingTime: '14:00' }),
    ]
    expect(refusals.map((reply) => [reply.status, reply.body.error])).toEqual(Array(4).fill([403, 'forbidden']))
    const made = async (table: string, author: string) =>
      (await sql(app, `SELECT 1 FROM ${table} WHERE author_id = $1`, [author])).length
    expect(await made('comments', b.user.id)).toBe(0)
    expect(await made('forum_posts', b.user.id)).toBe(0)
    expect(await made('reviews', b.user.id)).toBe(0)
    expect(
      await sql(app, 'SELECT 1 FROM bookings WHERE customer_id = $1 AND booking_time = $2', [b.user.id, '14:00']),
    ).toHaveLength(0)

    expect((await c.send('/api/comments', comment)).status).toBe(201)
    expect((await c.send('/api/forum-posts', { thread, body: 'Hello' })).status).toBe(201)
    expect((await book(c, { serviceId: service.id, bookingDate: day.date, bookingTime: '15:00' })).status).toBe(201)
    // A moderator A blocks still acts: staff are blocked only as a source of notifications.
    await a.send(BLOCKS, { userId: moderator.user.id })
    expect((await moderator.send('/api/forum-posts', { thread, body: 'Mod here' })).status).toBe(201)
    // Unblocked, B may again.
    await a.send(`${BLOCKS}/${b.user.id}`, undefined, 'DELETE')
    expect((await b.send('/api/forum-posts', { thread, body: 'Hello again' })).status).toBe(201)
  })

  it('A’s signed-in lists leave B’s items out, totals included, and follow a block and an unblock at once', async () => {
    const reader = await customerActor(app)
    const author = await customerActor(app)
    const mod = await createUser(app, { roles: ['moderator'] })
    const tag = word()
    const threadOf = (who: string) => makeItem(app, 'groups', who, 'published', { name: `Group ${tag} ${word()}` })
    const mine = [await threadOf(author.user.id), await threadOf(author.user.id), await threadOf(mod.id)]
    const other = await threadOf(c.user.id)
    const list = async (who: Actor) => {
      const reply = await who.get('/api/groups', { 'where[name][like]': tag, limit: '2' })
      expect(reply.status).toBe(200)
      return reply.body as { docs: Array<{ id: string }>; totalDocs: number; totalPages: number }
    }
    expect((await list(reader)).totalDocs).toBe(4)
    await reader.send(BLOCKS, { userId: author.user.id })
    await reader.send(BLOCKS, { userId: mod.id })
    const blocked = await list(reader)
    // The moderator's item stays: staff are blocked only as a notification source.
    expect(blocked.totalDocs).toBe(2)
    expect(blocked.totalPages).toBe(1)
    expect(blocked.docs.map((doc) => doc.id).sort()).toEqual([mine[2], other].sort())
    // Anonymous and other members' lists are unchanged.
    expect((await call(app, 'GET', `/api/groups?where[name][like]=${tag}&limit=2`)).body.totalDocs).toBe(4)
    expect((await list(c)).totalDocs).toBe(4)
    // A read by id still answers.
    expect((await reader.get(`/api/groups/${mine[0]}`)).status).toBe(200)
    await reader.send(`${BLOCKS}/${author.user.id}`, undefined, 'DELETE')
    expect((await list(reader)).totalDocs).toBe(4)
  })

  it('A’s list of blog comments leaves B’s out, totals included; by id and others’ lists unchanged', async () => {
    const reader = await customerActor(app)
    const author = await customerActor(app)
    const post = await makePost(app)
    const theirs = await makeComment(app, post, author.user.id)
    const kept = [await makeComment(app, post, c.user.id), await makeComment(app, post, reader.user.id)]
    const list = async (who: Actor) => {
      const reply = await who.get('/api/blog-comments', { 'where[postId][equals]': post, limit: '1', depth: '0' })
      expect(reply.status).toBe(200)
      return reply.body as { docs: Array<{ id: string }>; totalDocs: number; totalPages: number }
    }
    expect((await list(reader)).totalDocs).toBe(3)
    await reader.send(BLOCKS, { userId: author.user.id })
    const first = await list(reader)
    expect([first.totalDocs, first.totalPages]).toEqual([2, 2])
    const all = await reader.get('/api/blog-comments', { 'where[postId][equals]': post, depth: '0' })
    expect(all.body.docs.map((doc: { id: string }) => doc.id).sort()).toEqual([...kept].sort())
    expect((await list(c)).totalDocs).toBe(3)
    expect((await call(app, 'GET', `/api/blog-comments?where[postId][equals]=${post}`)).body.totalDocs).toBe(3)
    expect((await reader.get(`/api/blog-comments/${theirs}`)).status).toBe(200)
    await reader.send(`${BLOCKS}/${author.user.id}`, undefined, 'DELETE')
    expect((await list(reader)).totalDocs).toBe(3)
  })

  it('B’s actions send A no notification; another member’s do', async () => {
    const provider = await customerActor(app)
    const service = await bookableService(admin, day, { providerId: provider.user.id })
    const bookAt = async (who: Actor, time: string) => {
      const reply = await book(who, { serviceId: service.id, bookingDate: day.date, bookingTime: time })
      expect(reply.status).toBe(201)
      return reply.body.booking.id as string
    }
    const fromB = await bookAt(b, '10:00')
    const fromC = await bookAt(c, '11:00')
    const notices = async (bookingId: string) =>
      (
        await sql<{ n: number }>(
          app,
          'SELECT count(*)::int AS n FROM notifications WHERE user_id_id = $1 AND target_id = $2',
          [provider.user.id, bookingId],
        )
      )[0]!.n
    expect([await notices(fromB), await notices(fromC)]).toEqual([1, 1])
    await provider.send(BLOCKS, { userId: b.user.id })
    expect((await b.send(`/api/bookings/${fromB}/cancel`, {})).status).toBe(200)
    expect((await c.send(`/api/bookings/${fromC}/cancel`, {})).status).toBe(200)
    expect([await notices(fromB), await notices(fromC)]).toEqual([1, 2])

    // A staff member blocked as a notification source books, but the provider is not told.
    const staff = await createUser(app, { roles: ['moderator'] })
    const staffActor = actor(app, staff, await authHeaders(app, staff))
    await provider.send(BLOCKS, { userId: staff.id })
    expect(await notices(await bookAt(staffActor, '12:00'))).toBe(0)
  })

  it('a moderator a member blocks sends them no decision’s notice: no report_resolved, no moderation', async () => {
    const author = await customerActor(app)
    const [blocker, told, inboxOff] = [await customerActor(app), await customerActor(app), await customerActor(app)]
    const group = await makeItem(app, 'groups', author.user.id, 'published')
    for (const who of [blocker, told, inboxOff])
      expect((await who.send('/api/reports', { postType: 'groups', postId: group, reason: 'spam' })).status).toBe(201)
    await blocker.send(BLOCKS, { userId: moderator.user.id })
    await author.send(BLOCKS, { userId: moderator.user.id })
    const settings = { settings: { report_resolved: { inbox: false } } }
    expect((await inboxOff.send('/api/profile/notification-settings', settings, 'PATCH')).status).toBe(200)
    const decision = { postType: 'groups', postId: group, reason: 'Publicité répétée' }
    expect((await moderator.send('/api/admin/moderate', decision)).status).toBe(200)
    const rows = await sql<{ user_id_id: string; type: string }>(
      app,
      'SELECT user_id_id, type FROM notifications WHERE target_id = $1',
      [group],
    )
    // The reports are closed all the same; only the reporter who neither blocks nor turned the inbox off is told.
    expect(rows).toEqual([{ user_id_id: told.user.id, type: 'report_resolved' }])
    expect(
      await sql(app, "SELECT 1 FROM content_reports WHERE post_id = $1 AND status = 'actioned'", [group]),
    ).toHaveLength(3)
  })

  it('A’s search leaves B’s items out, total and pages true; staff’s items and others’ searches stay', async () => {
    const reader = await customerActor(app)
    const author = await customerActor(app)
    const mod = await createUser(app, { roles: ['moderator'] })
    const tag = `zq${Array.from(randomBytes(8), (byte) => 'bcdfghjkmnpqrtvwxz'[byte % 18]).join('')}`
    const groupOf = (who: string) => makeItem(app, 'groups', who, 'published', { name: `Group ${tag} ${word()}` })
    const blocked = [await groupOf(author.user.id), await groupOf(author.user.id)]
    const kept = [await groupOf(mod.id), await groupOf(c.user.id)]
    const find = async (who: Actor, page = '1') => {
      const reply = await who.get('/api/search', { q: tag, perPage: '1', page })
      expect(reply.status).toBe(200)
      return reply.body as { results: Array<{ id: string }>; total: number; totalPages: number }
    }
    expect((await find(reader)).total).toBe(4)
    await reader.send(BLOCKS, { userId: author.user.id })
    await reader.send(BLOCKS, { userId: mod.id })
    const first = await find(reader)
    expect([first.total, first.totalPages]).toEqual([2, 2])
    const second = await find(reader, '2')
    expect([...first.results, ...second.results].map((result) => result.id).sort()).toEqual([...kept].sort())
    // Anonymous, another member and a moderator who blocks the author find all four.
    expect((await call(app, 'GET', `/api/search?q=${tag}`)).body.total).toBe(4)
    expect((await find(c)).total).toBe(4)
    await moderator.send(BLOCKS, { userId: author.user.id })
    expect((await find(moderator)).total).toBe(4)
    await reader.send(`${BLOCKS}/${author.user.id}`, undefined, 'DELETE')
    const unblocked = await call(app, 'GET', `/api/search?q=${tag}`, { headers: reader.headers })
    expect(unblocked.body.results.map((result: { id: string }) => result.id).sort()).toEqual(
      [...blocked, ...kept].sort(),
    )
  })
})
