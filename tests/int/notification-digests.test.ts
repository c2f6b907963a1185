// Digests (docs/api.md "Notification settings"): with two instances on one database, each sweeping every
// second during DIGEST_HOUR, a member's digest is sent once, lists exactly their unread items of the
// digested types since the last one, in their profile's language with its plural rules, and none is
// sent when nothing is new.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { sendDigests } from '../../src/operations/notifications/digests'
import { notify } from '../../src/operations/notifications/notify'
import { type AppWithMailbox, startAppWithMailbox } from '../helpers/app-with-mailbox'
import { customerActor } from '../helpers/bookings'
import { type Actor } from '../helpers/catalogue'
import { setEnv } from '../helpers/env'
import type { Mail } from '../helpers/mailbox'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

let env: AppWithMailbox
let second: TestApp
let member: Actor
let french: Actor
let idle: Actor
let start: Date

const send = async (app: TestApp, userId: string, title: string, type: 'booking' | 'moderation' = 'moderation') => {
  const req = { payload: app.payload, user: null, context: {} } as never
  await notify(req, { userId, type, title, body: `${title} body`, targetType: 'bookings', targetId: 'b-1' })
}
const markRead = (app: TestApp, title: string) =>
  sql(app, 'UPDATE notifications SET read_at = now() WHERE title = $1', [title])
const digestsTo = (who: Actor) => env.mailbox.to(who.user.email).filter((mail) => /summary|résumé/.test(mail.subject))
const listed = (mail: Mail) =>
  mail.text
    .split(/\r?\n/)
    .filter((line) => line.startsWith('- '))
    .map((line) => line.slice(2))
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

beforeAll(async () => {
  // Not across an hour's end: the test's digests are those of this hour.
  if (new Date().getMinutes() === 59) await pause((61 - new Date().getSeconds()) * 1000)
  start = new Date()
  setEnv({ DIGEST_HOUR: String(start.getHours()), DIGEST_SWEEP_SECONDS: '1' })
  env = await startAppWithMailbox()
  second = await startTestApp({ databaseUrl: env.app.databaseUrl })
  member = await customerActor(env.app)
  french = await customerActor(env.app)
  idle = await customerActor(env.app)
  // The items first, then the setting: a sweep in between has no member to claim yet.
  await send(env.app, member.user.id, 'first unread')
  await send(env.app, member.user.id, 'first read')
  await markRead(env.app, 'first read')
  await send(env.app, member.user.id, 'a booking, sent instantly', 'booking')
  await send(env.app, french.user.id, 'pour vous')
  expect((await french.send('/api/profile', { locale: 'fr' }, 'PATCH')).status).toBe(200)
  for (const who of [member, french, idle]) {
    expect(
      (await who.send('/api/profile/notification-settings', { settings: { moderation: { email: 'daily' } } }, 'PATCH'))
        .status,
    ).toBe(200)
  }
}, 120_000)

afterAll(async () => {
  await second?.stop()
  await env?.stop()
  setEnv({ DIGEST_HOUR: undefined, DIGEST_SWEEP_SECONDS: undefined })
})

describe('digests', () => {
  it('are sent once by two instances’ sweeps, listing exactly the unread items of the digested types', async () => {
    const mail = await env.mailbox.waitFor(
      (m) => m.to.includes(member.user.email.toLowerCase()) && m.subject.includes('summary'),
      15_000,
    )
    expect(mail.subject).toBe('Your daily summary: 1 new notification')
    expect(listed(mail)).toEqual(['first unread'])
    expect(mail.headers.get('list-unsubscribe')).toMatch(/^<.+\/api\/profile\/unsubscribe\?token=.+>$/)
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    await pause(3000) // several more sweeps of both instances
    expect(digestsTo(member)).toHaveLength(1)
    const claims = await sql(env.app, `SELECT period FROM notification_digests WHERE user_id = $1`, [member.user.id])
    expect(claims).toHaveLength(1)
  })

  it('speak the member’s language with its plural rules', async () => {
    const mail = await env.mailbox.waitFor((m) => m.to.includes(french.user.email.toLowerCase()), 15_000)
    expect(mail.subject).toBe('Votre résumé du jour: 1 nouvelle notification')
    expect(listed(mail)).toEqual(['pour vous'])
  })

  it('none when nothing is new', async () => {
    await pause(1500)
    expect(digestsTo(idle)).toHaveLength(0)
    expect(await sql(env.app, `SELECT 1 FROM notification_digests WHERE user_id = $1`, [idle.user.id])).toHaveLength(1)
  })

  it('the next period lists only the unread items since the last digest, once with both instances racing', async () => {
    await send(env.app, member.user.id, 'second unread')
    await send(env.app, member.user.id, 'second unread too')
    await send(env.app, member.user.id, 'second read')
    await markRead(env.app, 'second read')
    const tomorrow = new Date(start.getTime() + 86_400_000)
    const sent = await Promise.all([sendDigests(env.app.payload, tomorrow), sendDigests(second.payload, tomorrow)])
    expect(sent[0] + sent[1]).toBe(1)
    const next = await env.mailbox.waitFor(
      (m) => m.to.includes(member.user.email.toLowerCase()) && m.subject.includes('2 new'),
      10_000,
    )
    expect(next.subject).toBe('Your daily summary: 2 new notifications')
    expect(listed(next).sort()).toEqual(['second unread', 'second unread too'])
    // The same period again: nothing to send.
    expect(await sendDigests(second.payload, tomorrow)).toBe(0)
    // Nothing new in the period after.
    expect(await sendDigests(env.app.payload, new Date(tomorrow.getTime() + 86_400_000))).toBe(0)
    await pause(1000)
    expect(digestsTo(member)).toHaveLength(2)
  })
})
