// Notification settings and one-click unsubscribe (docs/api.md "Notification settings"): every route and
// code, the settings honoured by the public booking's one statement (inbox and mail), the RFC 8058
// headers on a booking's mail and not on account mail, and the token's scope.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createLocalReq } from 'payload'

import { queueDueReminders } from '../../src/operations/bookings/reminders'
import { notify } from '../../src/operations/notifications/notify'
import { unsubscribeToken } from '../../src/operations/notifications/unsubscribe-token'
import { type AppWithMailbox, startAppWithMailbox } from '../helpers/app-with-mailbox'
import { ADMIN_BOOKINGS, book, bookableService, customerActor, localDate } from '../helpers/bookings'
import { type Actor, actor, adminActor, call, MISSING_ID } from '../helpers/catalogue'
import { statementsDuring } from '../helpers/statements'
import { sql } from '../helpers/test-app'
import { authHeaders, createUser, signIn } from '../helpers/users'

const SETTINGS = '/api/profile/notification-settings'
const TYPES = ['booking', 'moderation', 'report_resolved', 'webhook']
const day = localDate(21)

let env: AppWithMailbox
let admin: Actor
let provider: Actor
let customer: Actor
let service: { id: string }
let hour = 9

const secret = () => env.app.payload.secret
const patch = (who: Actor, body: unknown) => who.send(SETTINGS, body, 'PATCH')
const unsubscribe = (token: string, method = 'POST', headers: Record<string, string> = {}) =>
  call(env.app, method, `/api/profile/unsubscribe?token=${encodeURIComponent(token)}`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    raw: method === 'POST' ? 'List-Unsubscribe=One-Click' : undefined,
  })

async function bookOnce(who: Actor) {
  const reply = await book(who, {
    serviceId: service.id,
    bookingDate: day.date,
    bookingTime: `${String(hour++).padStart(2, '0')}:00`,
  })
  expect(reply.status).toBe(201)
  return String(
    (reply.body as { booking?: { id: string }; id?: string }).booking?.id ?? (reply.body as { id: string }).id,
  )
}

const inboxCount = async (userId: string, bookingId: string) =>
  (
    await sql<{ n: number }>(
      env.app,
      'SELECT count(*)::int AS n FROM notifications WHERE user_id_id = $1 AND target_id = $2',
      [userId, bookingId],
    )
  )[0]!.n

// The mail runner is woken after commit; a mail not sent within this is taken as not sent.
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500))

beforeAll(async () => {
  env = await startAppWithMailbox()
  admin = await adminActor(env.app)
  provider = await customerActor(env.app)
  customer = await customerActor(env.app)
  service = await bookableService(admin, day, { providerId: provider.user.id })
})

afterAll(async () => {
  await env.stop()
})

describe('GET/PATCH /api/profile/notification-settings', () => {
  it('answers every type with the default, and 401 without a session', async () => {
    const reply = await customer.get(SETTINGS)
    expect(reply.status).toBe(200)
    expect(Object.keys(reply.body.settings).sort()).toEqual([...TYPES].sort())
    for (const type of TYPES) expect(reply.body.settings[type]).toEqual({ inbox: true, email: 'instant' })
    const anonymous = await call(env.app, 'GET', SETTINGS)
    expect(anonymous.status).toBe(401)
    expect(anonymous.body.error).toBe('unauthorized')
    expect((await call(env.app, 'PATCH', SETTINGS, { body: { settings: {} } })).status).toBe(401)
  })

  it('changes any subset, channel by channel, and answers the whole settings', async () => {
    const member = await customerActor(env.app)
    let reply = await patch(member, { settings: { moderation: { email: 'daily' } } })
    expect(reply.status).toBe(200)
    expect(reply.body.settings.moderation).toEqual({ inbox: true, email: 'daily' })
    expect(reply.body.settings.booking).toEqual({ inbox: true, email: 'instant' })
    reply = await patch(member, { settings: { moderation: { inbox: false }, webhook: { inbox: false, email: 'off' } } })
    expect(reply.body.settings).toEqual({
      booking: { inbox: true, email: 'instant' },
      moderation: { inbox: false, email: 'daily' },
      report_resolved: { inbox: true, email: 'instant' },
      webhook: { inbox: false, email: 'off' },
    })
    expect((await member.get(SETTINGS)).body).toEqual(reply.body)
    const audit = await sql(
      env.app,
      `SELECT 1 FROM audit_logs WHERE action = 'notification_settings.update' AND target_id = $1`,
      [member.user.id],
    )
    expect(audit).toHaveLength(2)
  })

  it('refuses an unknown type, channel or value with 400 invalid_request, changing nothing', async () => {
    const member = await customerActor(env.app)
    for (const body of [
      { settings: { newsletter: { email: 'off' } } },
      { settings: { booking: { email: 'hourly' } } },
      { settings: { booking: { inbox: 'no' } } },
      { settings: { booking: { sms: true } } },
      { settings: { booking: {} } },
      { settings: 'all' },
      { booking: { email: 'off' } },
    ]) {
      const reply = await patch(member, body)
      expect(reply.status).toBe(400)
      expect(reply.body.error).toBe('invalid_request')
    }
    expect(await sql(env.app, 'SELECT 1 FROM notification_settings WHERE user_id = $1', [member.user.id])).toHaveLength(
      0,
    )
  })
})

describe('the settings, honoured by the public booking', () => {
  it('writes the inbox item and mails with the headers by default (the control)', async () => {
    const id = await bookOnce(customer)
    expect(await inboxCount(provider.user.id, id)).toBe(1)
    const mail = await env.mailbox.waitFor(
      (m) => m.to.includes(customer.user.email.toLowerCase()) && m.subject.startsWith('Booking received'),
    )
    const header = mail.headers.get('list-unsubscribe')!
    expect(header).toMatch(new RegExp(`^<${env.app.url}/api/profile/unsubscribe\\?token=[^>]+>$`))
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    const token = new URL(header.slice(1, -1)).searchParams.get('token')!
    expect(token).toBe(unsubscribeToken(secret(), customer.user.id, 'booking'))
  })

  it('an inbox turned off writes no notification; email off sends no mail but the inbox item stays', async () => {
    await patch(provider, { settings: { booking: { inbox: false } } })
    const silent = await bookOnce(customer)
    expect(await inboxCount(provider.user.id, silent)).toBe(0)

    const quiet = await customerActor(env.app)
    await patch(quiet, { settings: { booking: { email: 'off' } } })
    await patch(provider, { settings: { booking: { inbox: true } } })
    const id = await bookOnce(quiet)
    expect(await inboxCount(provider.user.id, id)).toBe(1)
    await settle()
    expect(env.mailbox.to(quiet.user.email)).toHaveLength(0)
    expect(await sql(env.app, `SELECT 1 FROM payload_jobs WHERE queue = 'mail'`)).toHaveLength(0)
  })

  it('one member’s type with email off still reaches their inbox, with no mail; on, both (the control)', async () => {
    const tomorrow = localDate(2)
    const other = await bookableService(admin, tomorrow, { providerId: provider.user.id })
    const members = { off: await customerActor(env.app), on: await customerActor(env.app) }
    await patch(members.off, { settings: { booking: { email: 'off' } } })
    const ids: Record<string, string> = {}
    for (const [key, who] of Object.entries(members)) {
      const reply = await book(who, {
        serviceId: other.id,
        bookingDate: tomorrow.date,
        bookingTime: key === 'on' ? '10:00' : '12:00',
      })
      expect(reply.status).toBe(201)
      ids[key] = String(reply.body.booking?.id ?? reply.body.id)
      expect((await admin.send(ADMIN_BOOKINGS, { action: 'confirm', id: ids[key] }, 'POST')).status).toBe(200)
      expect(await inboxCount(who.user.id, ids[key]!)).toBe(1)
    }
    await env.mailbox.waitFor(
      (m) => m.to.includes(members.on.user.email.toLowerCase()) && m.subject.startsWith('Booking confirmed'),
    )
    await settle()
    expect(env.mailbox.to(members.off.user.email)).toHaveLength(0)
  })

  it('a status move reads its customer’s settings once for the notice and the mail, and writes both', async () => {
    const member = await customerActor(env.app)
    const id = await bookOnce(member)
    const { result, statements } = await statementsDuring(() =>
      admin.send(ADMIN_BOOKINGS, { action: 'confirm', id }, 'POST'),
    )
    expect(result.status).toBe(200)
    expect(statements.filter((text) => /notification_settings/.test(text))).toHaveLength(1)
    expect(await inboxCount(member.user.id, id)).toBe(1)
    await env.mailbox.waitFor(
      (m) => m.to.includes(member.user.email.toLowerCase()) && m.subject.startsWith('Booking confirmed'),
    )
  })

  it('a digested type (daily) holds back the mails its digest lists, not those with no inbox item; off, all', async () => {
    const tomorrow = localDate(1)
    const soon = await bookableService(admin, tomorrow, { providerId: provider.user.id })
    const members = { daily: await customerActor(env.app), off: await customerActor(env.app) }
    for (const [email, who] of Object.entries(members)) {
      await patch(who, { settings: { booking: { email } } })
      const time = email === 'daily' ? '10:00' : '12:00'
      const reply = await book(who, { serviceId: soon.id, bookingDate: tomorrow.date, bookingTime: time })
      expect(reply.status).toBe(201)
      const id = String(reply.body.booking?.id ?? reply.body.id)
      expect((await admin.send(ADMIN_BOOKINGS, { action: 'confirm', id }, 'POST')).status).toBe(200)
      expect(await inboxCount(who.user.id, id)).toBe(1)
    }
    await queueDueReminders(await createLocalReq({}, env.app.payload), 48)
    const to = (who: Actor, subject: string) => (m: { to: string[]; subject: string }) =>
      m.to.includes(who.user.email.toLowerCase()) && m.subject.startsWith(subject)
    await env.mailbox.waitFor(to(members.daily, 'Booking received'))
    await env.mailbox.waitFor(to(members.daily, 'Reminder'))
    await settle()
    const subjects = env.mailbox.to(members.daily.user.email).map((m) => m.subject.split(':')[0])
    expect(subjects.sort()).toEqual(['Booking received', 'Reminder'])
    expect(env.mailbox.to(members.off.user.email)).toHaveLength(0)
  })

  it('every other mail of a booking carries the headers too: a status move, a reminder', async () => {
    const member = await customerActor(env.app)
    const tomorrow = localDate(1)
    const soon = await bookableService(admin, tomorrow, { providerId: provider.user.id })
    const reply = await book(member, { serviceId: soon.id, bookingDate: tomorrow.date, bookingTime: '10:00' })
    expect(reply.status).toBe(201)
    const id = String(reply.body.booking?.id ?? reply.body.id)
    expect((await admin.send(ADMIN_BOOKINGS, { action: 'confirm', id }, 'POST')).status).toBe(200)
    await queueDueReminders(await createLocalReq({}, env.app.payload), 48)
    const token = encodeURIComponent(unsubscribeToken(secret(), member.user.id, 'booking'))
    const expected = `<${env.app.url}/api/profile/unsubscribe?token=${token}>`
    for (const subject of ['Booking received', 'Booking confirmed', 'Reminder']) {
      const mail = await env.mailbox.waitFor(
        (m) => m.to.includes(member.user.email.toLowerCase()) && m.subject.startsWith(subject),
      )
      expect(new URL(mail.headers.get('list-unsubscribe')!.slice(1, -1)).searchParams.get('token')).toBe(
        unsubscribeToken(secret(), member.user.id, 'booking'),
      )
      expect(decodeURIComponent(mail.headers.get('list-unsubscribe')!)).toBe(decodeURIComponent(expected))
      expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    }
  })

  it('every type’s inbox setting is honoured by the one notification writer', async () => {
    const member = await customerActor(env.app)
    const req = { payload: env.app.payload, user: null, context: {} } as never
    await patch(member, { settings: { moderation: { inbox: false }, report_resolved: { email: 'off' } } })
    for (const type of ['moderation', 'report_resolved', 'webhook'] as const) {
      await notify(req, { userId: member.user.id, type, title: `about ${type}`, body: 'b' })
    }
    const rows = await sql<{ type: string }>(
      env.app,
      'SELECT type FROM notifications WHERE user_id_id = $1 ORDER BY type',
      [member.user.id],
    )
    expect(rows.map((row) => row.type)).toEqual(['report_resolved', 'webhook'])
  })

  it('account mail carries no unsubscribe headers', async () => {
    const email = `reset-${Date.now()}@example.test`
    const signUp = await call(env.app, 'POST', '/api/auth/sign-up/email', {
      body: { email, password: 'Correct-Horse-42!', name: 'Reset Me' },
    })
    expect(signUp.status).toBeLessThan(300)
    const mail = await env.mailbox.waitFor((m) => m.to.includes(email))
    expect(mail.headers.has('list-unsubscribe')).toBe(false)
    expect(mail.headers.has('list-unsubscribe-post')).toBe(false)
  })
})

describe('/api/profile/unsubscribe', () => {
  it('GET changes nothing and answers a page whose button does the POST', async () => {
    const member = await customerActor(env.app)
    const token = unsubscribeToken(secret(), member.user.id, 'moderation')
    const response = await env.app.request(`/api/profile/unsubscribe?token=${encodeURIComponent(token)}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    expect(response.headers.get('content-security-policy')).toContain("form-action 'self'")
    const html = await response.text()
    expect(html).toMatch(/<form method="post" action="\/api\/profile\/unsubscribe\?token=[^"]+"/)
    expect(await sql(env.app, 'SELECT 1 FROM notification_settings WHERE user_id = $1', [member.user.id])).toHaveLength(
      0,
    )
  })

  it('POST without a session, as a mail provider sends it, turns that type’s email off', async () => {
    const member = await customerActor(env.app)
    const reply = await unsubscribe(unsubscribeToken(secret(), member.user.id, 'moderation'), 'POST', {
      origin: 'https://mail.example.com',
    })
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({ type: 'moderation', email: 'off' })
    const settings = (await member.get(SETTINGS)).body.settings
    expect(settings.moderation).toEqual({ inbox: true, email: 'off' })
    expect(settings.booking).toEqual({ inbox: true, email: 'instant' })
    const audit = await sql(
      env.app,
      `SELECT 1 FROM audit_logs WHERE action = 'notification_settings.unsubscribe' AND target_id = $1`,
      [member.user.id],
    )
    expect(audit).toHaveLength(1)
  })

  it('POST passes the CSRF check with the member’s own cookie and a foreign Origin (the token decides)', async () => {
    const member = await customerActor(env.app)
    const { cookie } = await signIn(env.app, member.user)
    const reply = await unsubscribe(unsubscribeToken(secret(), member.user.id, 'webhook'), 'POST', {
      cookie,
      origin: 'https://mail.example.com',
    })
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({ type: 'webhook', email: 'off' })
  })

  it('a bad, tampered or other-type token is 400 invalid_token, on GET and POST, changing nothing', async () => {
    const member = await customerActor(env.app)
    const other = await customerActor(env.app)
    const good = unsubscribeToken(secret(), member.user.id, 'booking')
    const [, , mac] = good.split('.')
    const bad = [
      'nonsense',
      '',
      `${member.user.id}.moderation.${mac}`,
      `${other.user.id}.booking.${mac}`,
      `${good.slice(0, -2)}${good.endsWith('A') ? 'B' : 'A'}A`,
      `${good}.extra`,
      unsubscribeToken('another-secret', member.user.id, 'booking'),
    ]
    for (const token of bad) {
      for (const method of ['GET', 'POST']) {
        const reply = await unsubscribe(token, method)
        expect(reply.status).toBe(400)
        expect(reply.body.error).toBe('invalid_token')
      }
    }
    expect((await call(env.app, 'POST', '/api/profile/unsubscribe')).body.error).toBe('invalid_token')
    const gone = await customerActor(env.app)
    const token = unsubscribeToken(secret(), gone.user.id, 'booking')
    const removal = await call(env.app, 'POST', '/api/auth/admin/remove-user', {
      headers: admin.headers,
      body: { userId: gone.user.id },
    })
    expect(removal.status).toBe(200)
    const late = await unsubscribe(token)
    expect(late.status).toBe(400)
    expect(late.body.error).toBe('invalid_token')
    expect(
      await sql(env.app, 'SELECT 1 FROM notification_settings WHERE user_id = ANY($1::uuid[])', [
        [member.user.id, other.user.id],
      ]),
    ).toHaveLength(0)
  })
})

describe('GET /api/admin/notification-settings (the panel’s read, for support)', () => {
  const ADMIN_SETTINGS = '/api/admin/notification-settings'

  it('answers an admin the member’s settings as the member reads them; 403 to anyone else', async () => {
    const member = await customerActor(env.app)
    await patch(member, { settings: { moderation: { inbox: false }, webhook: { email: 'weekly' } } })
    const reply = await admin.get(ADMIN_SETTINGS, { userId: member.user.id })
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({ userId: member.user.id, settings: (await member.get(SETTINGS)).body.settings })
    expect(reply.body.settings).toMatchObject({
      moderation: { inbox: false, email: 'instant' },
      webhook: { inbox: true, email: 'weekly' },
      booking: { inbox: true, email: 'instant' },
    })
    const moderatorUser = await createUser(env.app, { roles: ['moderator'] })
    const moderator = actor(env.app, moderatorUser, await authHeaders(env.app, moderatorUser))
    for (const who of [member, moderator]) {
      const refused = await who.get(ADMIN_SETTINGS, { userId: member.user.id })
      expect(refused.status).toBe(403)
      expect(refused.body.error).toBe('forbidden')
    }
    const anonymous = await call(env.app, 'GET', `${ADMIN_SETTINGS}?userId=${member.user.id}`)
    expect(anonymous.status).toBe(403)
    expect(anonymous.body.error).toBe('forbidden')
  })

  it('400 invalid_request for a missing or malformed userId, 404 user_not_found for no such member', async () => {
    for (const query of [{}, { userId: 'nope' }, { userId: MISSING_ID, extra: '1' }]) {
      const reply = await admin.get(ADMIN_SETTINGS, query as Record<string, string>)
      expect(reply.status).toBe(400)
      expect(reply.body.error).toBe('invalid_request')
    }
    const missing = await admin.get(ADMIN_SETTINGS, { userId: MISSING_ID })
    expect(missing.status).toBe(404)
    expect(missing.body.error).toBe('user_not_found')
  })
})
