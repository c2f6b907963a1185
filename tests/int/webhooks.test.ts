// Webhooks end to end against a real receiver on loopback (docs/api.md "Webhooks (/api/admin/webhooks)");
// retry delays and polling shortened through WEBHOOKS_* (tests/helpers/webhook-receiver.ts).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { createLocalReq } from 'payload'

import { emitEvent } from '../../hooks/shared/webhookEvents'
import { inTransaction } from '../../src/lib/transaction'
import { deliverDue, webhookWorker } from '../../src/operations/webhooks/deliver'
import { makeComment, makePost, roleActor } from '../helpers/blog'
import { ADMIN_BOOKINGS, book, bookableService, customerActor, localDate } from '../helpers/bookings'
import { type Actor, anonymous, audits, count, MISSING_ID, SERVICES } from '../helpers/catalogue'
import { makeItem } from '../helpers/community'
import { withEnv } from '../helpers/env'
import { DECIDE, report } from '../helpers/reports'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'
import { TEST_PASSWORD } from '../helpers/users'
import { type Receiver, startReceiver, verified, WEBHOOK_TEST_ENV } from '../helpers/webhook-receiver'

const WEBHOOKS = '/api/admin/webhooks'

let app: TestApp
let admin: Actor
let receiver: Receiver

interface Created {
  webhook: { id: string; url: string; events: string[]; active: boolean }
  secret: string
}

async function subscribe(events: string[] = ['*'], url = receiver.url): Promise<Created> {
  const reply = await admin.send(WEBHOOKS, { action: 'create', url, events })
  if (reply.status !== 201) throw new Error(`create failed: ${JSON.stringify(reply)}`)
  return reply.body as Created
}

const deliveriesOf = (webhookId: string) =>
  sql<{
    id: string
    event: string
    status: string
    attempts: string
    message_id: string
    response_status: string | null
    response_body: string | null
    error: string | null
  }>(
    app,
    'SELECT id, event, status, attempts, message_id, response_status, response_body, error FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY seq',
    [webhookId],
  )

/** Only webhooks made by the test at hand listen: the others are switched off. */
beforeEach(async () => {
  await sql(app, 'UPDATE webhooks SET active = false')
  await sql(app, "UPDATE webhook_deliveries SET status = 'failed' WHERE status = 'pending'")
  receiver.received.length = 0
  receiver.answer = () => 204
  receiver.answerBody = ''
})

beforeAll(async () => {
  app = await startTestApp({ env: WEBHOOK_TEST_ENV })
  admin = await roleActor(app, 'admin')
  receiver = await startReceiver()
})

afterAll(async () => {
  await receiver?.close()
  await app?.stop()
})

describe('/api/admin/webhooks', () => {
  it('403 forbidden without an admin session', async () => {
    const citizen = await roleActor(app, 'citizen')
    for (const who of [anonymous(app), citizen]) {
      expect((await who.get(WEBHOOKS)).body).toEqual({ error: 'forbidden', message: expect.any(String) })
      expect((await who.send(WEBHOOKS, { action: 'create', url: receiver.url, events: ['*'] })).status).toBe(403)
    }
  })

  it('create: 201 {webhook, secret}, whsec_ and 24 random bytes, audit without the secret; list and ?id= never show it', async () => {
    const reply = await admin.send(WEBHOOKS, {
      action: 'create',
      url: receiver.url,
      events: ['booking.created', 'booking.created'],
      description: 'CRM',
    })
    expect(reply.status).toBe(201)
    const { webhook, secret } = reply.body as Created
    expect(webhook).toEqual({
      id: expect.any(String),
      url: receiver.url,
      events: ['booking.created'],
      description: 'CRM',
      active: true,
      createdAt: expect.any(String),
      lastDeliveryAt: null,
      failingSince: null,
    })
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(24)
    const [entry] = await audits(app, 'webhook.create', webhook.id)
    expect(entry!.data).toEqual({ url: receiver.url, events: ['booking.created'], description: 'CRM', active: true })
    expect(JSON.stringify(entry)).not.toContain(secret.slice(6))

    const list = await admin.get(WEBHOOKS, { perPage: '100' })
    expect(list.body).toMatchObject({
      total: expect.any(Number),
      page: 1,
      perPage: 100,
      totalPages: expect.any(Number),
    })
    expect(list.body.webhooks.find((item: { id: string }) => item.id === webhook.id)).toEqual(webhook)
    const one = await admin.get(WEBHOOKS, { id: webhook.id })
    expect(one.body).toEqual({ webhook, deliveries: [] })
    expect(JSON.stringify([list.body, one.body])).not.toContain(secret.slice(6))
    // The stock route shows no secret either.
    const stock = await admin.get(`/api/webhooks/${webhook.id}`)
    expect(stock.status).toBe(200)
    expect(JSON.stringify(stock.body)).not.toContain(secret.slice(6))
    expect((await admin.get(WEBHOOKS, { id: MISSING_ID })).body.error).toBe('not_found')
  })

  it('400 for the envelope and the fields: missing_action, unknown_action, missing_id, invalid_request', async () => {
    expect((await admin.send(WEBHOOKS, {})).body.error).toBe('missing_action')
    expect((await admin.send(WEBHOOKS, { action: 'explode' })).body.error).toBe('unknown_action')
    for (const action of ['update', 'delete', 'rotate-secret', 'test', 'redeliver'])
      expect((await admin.send(WEBHOOKS, { action })).body.error).toBe('missing_id')
    const bad = [
      { url: receiver.url, events: [] },
      { url: receiver.url, events: ['booking.exploded'] },
      { url: receiver.url },
      { url: 'not a url', events: ['*'] },
      { url: 'ftp://example.com/hook', events: ['*'] },
      { url: receiver.url, events: ['*'], active: 'yes' },
    ]
    for (const body of bad) {
      const reply = await admin.send(WEBHOOKS, { action: 'create', ...body })
      expect(reply).toEqual({
        status: 400,
        body: { error: 'invalid_request', message: expect.any(String), issues: expect.any(Array) },
      })
    }
    // A URL past the bound says so, not that it is no string.
    const long = await admin.send(WEBHOOKS, {
      action: 'create',
      url: `https://example.com/${'a'.repeat(2_001)}`,
      events: ['*'],
    })
    expect(long.body).toMatchObject({
      error: 'invalid_request',
      issues: [{ path: 'url', message: 'url is at most 2,000 characters' }],
    })
    // http needs WEBHOOKS_ALLOW_HTTP.
    await withEnv({ WEBHOOKS_ALLOW_HTTP: 'false' }, async () => {
      expect((await admin.send(WEBHOOKS, { action: 'create', url: receiver.url, events: ['*'] })).body.error).toBe(
        'invalid_request',
      )
    })
    for (const action of ['update', 'delete', 'rotate-secret', 'test'])
      expect(
        (await admin.send(WEBHOOKS, { action, id: MISSING_ID, ...(action === 'update' ? { active: true } : {}) }))
          .status,
      ).toBe(404)
    expect((await admin.send(WEBHOOKS, { action: 'redeliver', deliveryId: MISSING_ID })).status).toBe(404)
  })

  it('update and delete: 200, audited; the log goes with the webhook', async () => {
    const { webhook } = await subscribe()
    const updated = await admin.send(
      WEBHOOKS,
      { action: 'update', id: webhook.id, events: ['service.created'], description: 'new' },
      'PATCH',
    )
    expect(updated.status).toBe(200)
    expect(updated.body.webhook).toMatchObject({ events: ['service.created'], description: 'new', active: true })
    expect(await audits(app, 'webhook.update', webhook.id)).toHaveLength(1)
    expect((await admin.send(WEBHOOKS, { action: 'test', id: webhook.id })).status).toBe(202)
    await receiver.waitFor((item) => item.json.type === 'webhook.test')
    expect(await admin.send(WEBHOOKS, { action: 'delete', id: webhook.id }, 'DELETE')).toEqual({
      status: 200,
      body: { success: true },
    })
    expect(await count(app, 'webhooks', 'id = $1', [webhook.id])).toBe(0)
    expect(await count(app, 'webhook_deliveries', 'webhook_id = $1', [webhook.id])).toBe(0)
    expect(await audits(app, 'webhook.delete', webhook.id)).toHaveLength(1)
  })
})

describe('delivery', () => {
  it('test: 202, a verified POST {type, timestamp, data} with the Standard Webhooks headers; the log shows it', async () => {
    const { webhook, secret } = await subscribe(['booking.created'])
    const reply = await admin.send(WEBHOOKS, { action: 'test', id: webhook.id })
    expect(reply).toEqual({ status: 202, body: { success: true, deliveryId: expect.any(String) } })
    const [received] = await receiver.waitFor((item) => item.json.type === 'webhook.test')
    expect(received!.headers['content-type']).toBe('application/json')
    expect(received!.headers['webhook-id']).toMatch(/^msg_/)
    expect(received!.headers['webhook-timestamp']).toMatch(/^\d+$/)
    expect(verified(secret, received!)).toEqual(received!.json)
    expect(Object.keys(received!.json)).toEqual(['type', 'timestamp', 'data'])
    expect(received!.json.data.webhook.id).toBe(webhook.id)
    expect(await audits(app, 'webhook.test', webhook.id)).toHaveLength(1)
    // The log: succeeded once.
    await waitForStatus(webhook.id, 'succeeded')
    const { body } = await admin.get(WEBHOOKS, { id: webhook.id })
    expect(body.deliveries).toEqual([
      {
        id: reply.body.deliveryId,
        event: 'webhook.test',
        status: 'succeeded',
        attempts: 1,
        responseStatus: 204,
        durationMs: expect.any(Number),
        nextAttemptAt: null,
        createdAt: expect.any(String),
      },
    ])
    expect(body.webhook.lastDeliveryAt).not.toBeNull()
  })

  it('booking events: created, confirmed, responded, completed, cancelled, no_show, in order per booking', async () => {
    const { secret } = await subscribe([
      'booking.created',
      'booking.confirmed',
      'booking.cancelled',
      'booking.completed',
      'booking.no_show',
      'booking.responded',
    ])
    const customer = await customerActor(app)
    const day = localDate(3)
    const service = await bookableService(admin, day)
    const ids: string[] = []
    for (const time of ['09:00', '11:00', '13:00']) {
      const reply = await book(customer, { serviceId: service.id, bookingDate: day.date, bookingTime: time })
      expect(reply.status).toBe(201)
      ids.push(reply.body.booking?.id ?? reply.body.id)
    }
    const [first, second, third] = ids as [string, string, string]
    const act = async (id: string, action: string, extra: Record<string, unknown> = {}) =>
      expect((await admin.send(ADMIN_BOOKINGS, { action, id, ...extra }, 'PATCH')).status).toBe(200)
    await act(first, 'confirm')
    await act(first, 'respond', { providerResponse: 'See you' })
    await act(first, 'complete')
    await act(second, 'cancel')
    await act(third, 'confirm')
    await act(third, 'no_show')
    const all = await receiver.waitFor(() => true, 9)
    for (const item of all) verified(secret, item)
    const typesOf = (id: string) => all.filter((item) => item.json.data.id === id).map((item) => item.json.type)
    expect(typesOf(first)).toEqual(['booking.created', 'booking.confirmed', 'booking.responded', 'booking.completed'])
    expect(typesOf(second)).toEqual(['booking.created', 'booking.cancelled'])
    expect(typesOf(third)).toEqual(['booking.created', 'booking.confirmed', 'booking.no_show'])
    const completed = all.find((item) => item.json.type === 'booking.completed')!.json.data
    expect(completed).toMatchObject({
      id: first,
      status: 'completed',
      serviceId: service.id,
      providerResponse: 'See you',
    })
  })

  it('service, user, content, report, moderation, appeal and approval events', async () => {
    const { secret } = await subscribe(['*'])
    const service = await admin.send(SERVICES, {
      action: 'create',
      slug: `hook-${Date.now()}`,
      providerId: admin.user.id,
      translations: [{ inLanguage: 'en', title: 'Hooked' }],
      inLanguage: 'en',
      basePrice: '10.00',
      currency: 'EUR',
    })
    expect(service.status).toBe(201)
    expect((await admin.send(SERVICES, { action: 'update', id: service.body.id, basePrice: '12.00' })).status).toBe(200)
    expect((await admin.send(SERVICES, { action: 'delete', id: service.body.id })).status).toBe(200)
    const email = `hooked-${Date.now()}@example.test`
    expect((await anonymous(app).send('/api/auth/sign-up/email', { email, password: TEST_PASSWORD })).status).toBe(200)
    const madeByAdmin = `made-${Date.now()}@example.test`
    expect(
      (await admin.send('/api/auth/admin/create-user', { email: madeByAdmin, password: TEST_PASSWORD })).status,
    ).toBe(200)

    const author = await roleActor(app, 'citizen')
    const other = await roleActor(app, 'citizen')
    const moderator = await roleActor(app, 'moderator')
    const thread = await makeItem(app, 'forum-threads', author.user.id)
    const place = await makeItem(app, 'places', author.user.id)
    expect(
      (await admin.send('/api/admin/approve', { postType: 'places', postId: place, decision: 'approve' })).status,
    ).toBe(200)
    const article = await makeItem(app, 'articles', author.user.id, 'pending_review')
    expect(
      (
        await admin.send('/api/admin/approve', {
          postType: 'articles',
          postId: article,
          decision: 'reject',
          reason: 'Off topic',
        })
      ).status,
    ).toBe(200)
    const comment = await makeComment(app, await makePost(app), author.user.id)
    expect((await report(other, comment, 'harassment')).status).toBe(201)
    expect(
      (
        await moderator.send('/api/admin/moderate', {
          postType: 'blogComments',
          postId: comment,
          reason: 'Propos injurieux',
        })
      ).status,
    ).toBe(200)
    const appeal = await author.send('/api/appeals', {
      postType: 'blogComments',
      postId: comment,
      statement: 'Ce commentaire était une citation.',
    })
    expect(appeal.status).toBe(201)
    expect(
      (await admin.send(DECIDE, { appealId: appeal.body.appeal.id, decision: 'uphold', reason: 'Réexamen fait' }))
        .status,
    ).toBe(200)

    const expected = [
      'service.created',
      'service.updated',
      'service.deleted',
      'user.created',
      'content.created',
      'content.approved',
      'content.rejected',
      'report.created',
      'content.moderated',
      'report.resolved',
      'appeal.created',
      'appeal.decided',
    ]
    const all = await receiver.waitFor((item) => expected.includes(item.json.type), expected.length + 3)
    for (const item of all) verified(secret, item)
    const byType = (type: string) => all.filter((item) => item.json.type === type).map((item) => item.json.data)
    for (const type of expected) expect(byType(type).length).toBeGreaterThan(0)
    expect(byType('service.created')[0]).toMatchObject({ id: service.body.id })
    expect(byType('user.created').map((data) => data.email)).toEqual([email, madeByAdmin])
    expect(JSON.stringify(byType('user.created'))).not.toMatch(/password|hash/i)
    expect(byType('content.created').map((data) => data.id)).toEqual(expect.arrayContaining([thread, place, article]))
    expect(byType('content.approved')[0]).toMatchObject({ postType: 'places', postId: place, status: 'published' })
    expect(byType('content.rejected')[0]).toMatchObject({ postType: 'articles', postId: article, status: 'rejected' })
    expect(byType('report.created')[0]).toMatchObject({ postType: 'blogComments', postId: comment, status: 'open' })
    expect(byType('content.moderated')[0]).toMatchObject({ postId: comment, status: 'moderated' })
    expect(byType('report.resolved')[0]).toMatchObject({ postId: comment, status: 'actioned', reportsClosed: 1 })
    expect(byType('appeal.decided')[0]).toMatchObject({ id: appeal.body.appeal.id, status: 'upheld' })
    // The comment's events arrive in the order they happened.
    const ofComment = all.filter((item) => item.json.data.postId === comment).map((item) => item.json.type)
    expect(ofComment).toEqual([
      'report.created',
      'content.moderated',
      'report.resolved',
      'appeal.created',
      'appeal.decided',
    ])
  })

  it('a rolled-back change sends nothing; a webhook not subscribed gets nothing', async () => {
    const { webhook } = await subscribe(['service.created'])
    const other = await subscribe(['booking.created'])
    const req = await createLocalReq({}, app.payload)
    await expect(
      inTransaction(req, async () => {
        await emitEvent(req, 'service.created', { type: 'service-listings', id: MISSING_ID }, { id: MISSING_ID })
        throw new Error('the change fails after its event was written')
      }),
    ).rejects.toThrow('the change fails')
    // A change refused by the API (slug taken) rolls back its event too.
    const slug = `taken-${Date.now()}`
    const create = () =>
      admin.send(SERVICES, {
        action: 'create',
        slug,
        providerId: admin.user.id,
        translations: [{ inLanguage: 'en', title: 'Taken' }],
        inLanguage: 'en',
      })
    expect((await create()).status).toBe(201)
    expect((await create()).status).toBe(409)
    await receiver.waitFor((item) => item.json.type === 'service.created')
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(await deliveriesOf(webhook.id)).toHaveLength(1)
    expect(receiver.received.filter((item) => item.json.type === 'service.created')).toHaveLength(1)
    expect(await deliveriesOf(other.webhook.id)).toHaveLength(0)
  })

  it('a receiver down then up: retried with the same webhook-id until it answers 2xx; redelivery keeps the id', async () => {
    const { webhook, secret } = await subscribe(['webhook.test'])
    await receiver.down()
    await admin.send(WEBHOOKS, { action: 'test', id: webhook.id })
    // Two attempts fail against the closed port.
    await waitFor(async () => Number((await deliveriesOf(webhook.id))[0]?.attempts ?? 0) >= 2)
    const [pending] = await deliveriesOf(webhook.id)
    expect(pending).toMatchObject({ status: 'pending', response_status: null, error: expect.any(String) })
    const failing = (await admin.get(WEBHOOKS, { id: webhook.id })).body
    expect(failing.webhook.failingSince).not.toBeNull()
    expect(failing.deliveries[0].nextAttemptAt).not.toBeNull()
    // Up, but answering 500 once, then 200 with a long body.
    let answers = 0
    receiver.answer = () => (answers++ === 0 ? 500 : 200)
    receiver.answerBody = 'x'.repeat(5000)
    await receiver.up()
    await waitForStatus(webhook.id, 'succeeded')
    const received = receiver.received.filter((item) => item.json.type === 'webhook.test')
    expect(received.length).toBe(2)
    expect(new Set(received.map((item) => item.headers['webhook-id']))).toEqual(new Set([pending!.message_id]))
    for (const item of received) verified(secret, item)
    const [done] = await deliveriesOf(webhook.id)
    expect(done).toMatchObject({ status: 'succeeded', response_status: '200' })
    expect(Number(done!.attempts)).toBeGreaterThanOrEqual(4)
    expect(done!.response_body).toHaveLength(1024)
    expect((await admin.get(WEBHOOKS, { id: webhook.id })).body.webhook.failingSince).toBeNull()

    const again = await admin.send(WEBHOOKS, { action: 'redeliver', deliveryId: done!.id })
    expect(again).toEqual({ status: 202, body: { success: true, deliveryId: expect.any(String) } })
    const all = await receiver.waitFor((item) => item.json.type === 'webhook.test', 3)
    expect(all[2]!.headers['webhook-id']).toBe(pending!.message_id)
    expect(await audits(app, 'webhook.redeliver', webhook.id)).toHaveLength(1)
  })

  it('after the last retry a delivery is failed', async () => {
    receiver.answer = () => 410
    const { webhook } = await subscribe(['webhook.test'])
    await admin.send(WEBHOOKS, { action: 'test', id: webhook.id })
    await waitForStatus(webhook.id, 'failed')
    const [row] = await deliveriesOf(webhook.id)
    // The first attempt and the six retries.
    expect(Number(row!.attempts)).toBe(7)
    expect(row!.response_status).toBe('410')
  })

  it('rotate-secret: the new and the old secret both sign for 24 h, then only the new', async () => {
    const { webhook, secret: old } = await subscribe(['webhook.test'])
    const rotated = await admin.send(WEBHOOKS, { action: 'rotate-secret', id: webhook.id })
    expect(rotated).toEqual({ status: 200, body: { secret: expect.stringMatching(/^whsec_/) } })
    const fresh = rotated.body.secret as string
    expect(fresh).not.toBe(old)
    const [entry] = await audits(app, 'webhook.rotate_secret', webhook.id)
    expect(JSON.stringify(entry)).not.toContain(fresh.slice(6))
    expect(JSON.stringify(entry)).not.toContain(old.slice(6))
    await admin.send(WEBHOOKS, { action: 'test', id: webhook.id })
    const [both] = await receiver.waitFor((item) => item.json.type === 'webhook.test')
    expect(both!.headers['webhook-signature']!.split(' ')).toHaveLength(2)
    verified(fresh, both!)
    verified(old, both!)
    // 24 h later.
    await sql(app, "UPDATE webhooks SET previous_secret_until = now() - interval '1 second' WHERE id = $1", [
      webhook.id,
    ])
    await admin.send(WEBHOOKS, { action: 'test', id: webhook.id })
    const [, one] = await receiver.waitFor((item) => item.json.type === 'webhook.test', 2)
    expect(one!.headers['webhook-signature']!.split(' ')).toHaveLength(1)
    verified(fresh, one!)
    expect(() => verified(old, one!)).toThrow()
  })
})

describe('SSRF', () => {
  it('a host resolving to loopback is refused at create, and at delivery', async () => {
    await withEnv({ WEBHOOKS_ALLOW_PRIVATE: 'false' }, async () => {
      for (const url of [
        receiver.url,
        `http://localhost:${receiver.port}/hook`,
        `http://[::ffff:127.0.0.1]:${receiver.port}/hook`,
        'http://10.0.0.1/hook',
        'http://169.254.169.254/latest',
      ]) {
        const reply = await admin.send(WEBHOOKS, { action: 'create', url, events: ['*'] })
        expect(reply).toEqual({
          status: 400,
          body: {
            error: 'invalid_request',
            message: expect.stringMatching(/loopback|private/),
            issues: [{ path: 'url', message: expect.any(String) }],
          },
        })
      }
    })
    // Made while private targets were allowed; refused when the delivery leaves.
    const { webhook } = await subscribe(['webhook.test'], `http://localhost:${receiver.port}/hook`)
    await withEnv({ WEBHOOKS_ALLOW_PRIVATE: 'false' }, async () => {
      await admin.send(WEBHOOKS, { action: 'test', id: webhook.id })
      await waitFor(async () => Number((await deliveriesOf(webhook.id))[0]?.attempts ?? 0) >= 2)
      const [row] = await deliveriesOf(webhook.id)
      expect(row!.error).toMatch(/loopback|private/)
      expect(receiver.received).toHaveLength(0)
      expect(
        (await admin.send(WEBHOOKS, { action: 'update', id: webhook.id, url: `http://127.0.0.2:${receiver.port}/x` }))
          .body.error,
      ).toBe('invalid_request')
      await admin.send(WEBHOOKS, { action: 'delete', id: webhook.id })
    })
  })
})

describe('switching off', () => {
  it('a webhook failing for 5 days is set inactive and its admins are told (injected clock)', async () => {
    await webhookWorker.stop(app.payload)
    try {
      receiver.answer = () => 500
      const { webhook } = await subscribe(['webhook.test'])
      await admin.send(WEBHOOKS, { action: 'test', id: webhook.id })
      const start = new Date()
      await deliverDue(app.payload, () => start)
      expect((await admin.get(WEBHOOKS, { id: webhook.id })).body.webhook).toMatchObject({
        active: true,
        failingSince: start.toISOString(),
      })
      // Four days on: failing, still on.
      const later = (days: number) => new Date(start.getTime() + days * 86_400_000)
      await deliverDue(app.payload, () => later(4))
      expect((await admin.get(WEBHOOKS, { id: webhook.id })).body.webhook.active).toBe(true)
      await deliverDue(app.payload, () => later(5.01))
      const after = (await admin.get(WEBHOOKS, { id: webhook.id })).body
      expect(after.webhook.active).toBe(false)
      expect(after.deliveries[0].status).toBe('failed')
      const notes = await sql<{ user_id_id: string; type: string }>(
        app,
        'SELECT user_id_id, type FROM notifications WHERE target_id = $1',
        [webhook.id],
      )
      expect(notes).toEqual(expect.arrayContaining([{ user_id_id: admin.user.id, type: 'webhook' }]))
      expect(await audits(app, 'webhook.disabled', webhook.id)).toHaveLength(1)
      // Inactive: new events are not queued for it.
      await admin.send(SERVICES, {
        action: 'create',
        slug: `off-${Date.now()}`,
        providerId: admin.user.id,
        translations: [{ inLanguage: 'en', title: 'Off' }],
        inLanguage: 'en',
      })
      expect(await deliveriesOf(webhook.id)).toHaveLength(1)
    } finally {
      webhookWorker.start(app.payload)
    }
  })
})

describe('a round’s outcomes recorded together', () => {
  it('a success in a round ends the failing period even when failures of the same round follow it', async () => {
    await webhookWorker.stop(app.payload)
    try {
      const { webhook } = await subscribe(['webhook.test'])
      const start = new Date()
      const later = (days: number) => new Date(start.getTime() + days * 86_400_000)
      // Failing for 4 days already; then a round of three (distinct records, all due at once)
      // where the first answer is a success and the two others fail.
      await sql(app, 'UPDATE webhooks SET failing_since = $2 WHERE id = $1', [webhook.id, later(-4)])
      await sql(
        app,
        `INSERT INTO webhook_deliveries (webhook_id, event, message_id, record_key, body, status, attempts, next_attempt_at, updated_at, created_at)
         SELECT $1::uuid, 'webhook.test', 'msg_round_' || i || '_' || $1::text, 'round:' || i, '{"type":"webhook.test","timestamp":"2031-01-01T00:00:00.000Z","data":{}}'::jsonb, 'pending', 0, $2, $2, $2
         FROM generate_series(1, 3) AS i`,
        [webhook.id, start],
      )
      let answered = 0
      receiver.answer = () => (answered++ === 0 ? 204 : 500)
      expect(await deliverDue(app.payload, () => start)).toBe(3)
      const rows = await deliveriesOf(webhook.id)
      expect(rows.map((row) => row.status).sort()).toEqual(['pending', 'pending', 'succeeded'])
      const [after] = await sql<{ failing_since: Date | null; last_delivery_at: Date }>(
        app,
        'SELECT failing_since, last_delivery_at FROM webhooks WHERE id = $1',
        [webhook.id],
      )
      // Never the failure of 4 days ago: cleared, or restarted at this round.
      expect(after!.failing_since === null || after!.failing_since.getTime() === start.getTime()).toBe(true)
      expect(after!.last_delivery_at.getTime()).toBe(start.getTime())
      // A day and a half on, the retries fail again: 1.5 days of failures, not 5.5, so it stays on.
      expect(await deliverDue(app.payload, () => later(1.5))).toBe(2)
      expect((await admin.get(WEBHOOKS, { id: webhook.id })).body.webhook).toMatchObject({
        active: true,
        failingSince: expect.any(String),
      })
      expect(await audits(app, 'webhook.disabled', webhook.id)).toHaveLength(0)
    } finally {
      webhookWorker.start(app.payload)
    }
  })
})

describe('a restart between the change and the delivery', () => {
  it('nothing is lost: the next start delivers it', async () => {
    await webhookWorker.stop(app.payload)
    const { webhook, secret } = await subscribe(['webhook.test'])
    await admin.send(WEBHOOKS, { action: 'test', id: webhook.id })
    expect((await deliveriesOf(webhook.id))[0]!.status).toBe('pending')
    const databaseUrl = app.databaseUrl
    await app.stop({ drop: false })
    app = await startTestApp({ databaseUrl, env: WEBHOOK_TEST_ENV })
    const [received] = await receiver.waitFor((item) => item.json.type === 'webhook.test')
    verified(secret, received!)
    await waitForStatus(webhook.id, 'succeeded')
  })
})

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const waitForStatus = (webhookId: string, status: string) =>
  waitFor(
    async () =>
      (await deliveriesOf(webhookId)).every((row) => row.status === status) &&
      (await deliveriesOf(webhookId)).length > 0,
  )
