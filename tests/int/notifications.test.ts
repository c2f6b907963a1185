// Notifications through the stock route (docs/api.md "Roles and permissions"): each user reads, marks read and
// deletes only their own, admins included; nobody creates one over HTTP; nothing but
// `readAt` changes after the server wrote it; the list comes unread first, then newest.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { notify } from '../../src/operations/notifications/notify'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'
import { authHeaders, createUser, type TestUser } from '../helpers/users'

let app: TestApp
let alice: TestUser
let bob: TestUser
let admin: TestUser
const headers: Record<string, Record<string, string>> = {}

async function send(userId: string, title: string, readAt?: string): Promise<string> {
  const req = { payload: app.payload, user: null, context: {} } as never
  await notify(req, { userId, type: 'booking', title, body: `${title} body`, targetType: 'bookings', targetId: 'b-1' })
  const [row] = await sql<{ id: string }>(app, 'SELECT id FROM notifications WHERE title = $1', [title])
  if (readAt) await sql(app, 'UPDATE notifications SET read_at = $2 WHERE id = $1', [row!.id, readAt])
  return row!.id
}

const list = async (who: string, query = '') => {
  const response = await app.request(`/api/notifications${query}`, { headers: headers[who] })
  return { status: response.status, body: (await response.json()) as { docs: Array<Record<string, unknown>> } }
}

const patch = (who: string, id: string, data: Record<string, unknown>) =>
  app.request(`/api/notifications/${id}`, {
    method: 'PATCH',
    headers: { ...headers[who], 'content-type': 'application/json' },
    body: JSON.stringify(data),
  })

beforeAll(async () => {
  app = await startTestApp()
  alice = await createUser(app)
  bob = await createUser(app)
  admin = await createUser(app, { roles: ['admin'] })
  headers.alice = await authHeaders(app, alice)
  headers.bob = await authHeaders(app, bob)
  headers.admin = await authHeaders(app, admin)
  await send(alice.id, 'old read', '2026-01-02T00:00:00.000Z')
  await send(alice.id, 'old unread')
  await new Promise((resolve) => setTimeout(resolve, 5))
  await send(alice.id, 'new unread')
  await send(bob.id, 'for bob')
})

afterAll(async () => {
  await app.stop()
})

describe('GET /api/notifications', () => {
  it('lists only the caller’s own, unread first, then newest, with the documented field names', async () => {
    const { status, body } = await list('alice')
    expect(status).toBe(200)
    expect(body.docs.map((doc) => doc.title)).toEqual(['new unread', 'old unread', 'old read'])
    expect(body.docs[0]).toMatchObject({
      userId: alice.id,
      type: 'booking',
      body: 'new unread body',
      targetType: 'bookings',
      targetId: 'b-1',
      readAt: null,
    })
  })

  it('shows nobody another user’s notifications, an admin included, at any depth or filter', async () => {
    const bobs = (await sql<{ id: string }>(app, 'SELECT id FROM notifications WHERE user_id_id = $1', [bob.id]))[0]!.id
    expect((await list('alice')).body.docs.map((doc) => doc.id)).not.toContain(bobs)
    expect((await list('admin')).body.docs).toEqual([])
    expect((await list('alice', `?where[userId][equals]=${bob.id}&depth=2`)).body.docs).toEqual([])
    expect((await app.request(`/api/notifications/${bobs}`, { headers: headers.alice })).status).toBe(404)
  })

  it('refuses an anonymous caller', async () => {
    expect((await app.request('/api/notifications')).status).toBe(403)
  })
})

describe('marking read', () => {
  it('lets the recipient set readAt and nothing else', async () => {
    const id = (await sql<{ id: string }>(app, `SELECT id FROM notifications WHERE title = 'old unread'`))[0]!.id
    const response = await patch('alice', id, {
      readAt: '2026-11-20T10:00:00.000Z',
      title: 'changed',
      userId: bob.id,
      type: 'moderation',
    })
    expect(response.status).toBe(200)
    const [row] = await sql<Record<string, unknown>>(
      app,
      'SELECT title, type, user_id_id, read_at FROM notifications WHERE id = $1',
      [id],
    )
    expect(row).toMatchObject({ title: 'old unread', type: 'booking', user_id_id: alice.id })
    expect((row!.read_at as Date).toISOString()).toBe('2026-11-20T10:00:00.000Z')
  })

  it('refuses another user’s notification and leaves it unread', async () => {
    const id = (await sql<{ id: string }>(app, `SELECT id FROM notifications WHERE title = 'for bob'`))[0]!.id
    expect((await patch('alice', id, { readAt: '2026-11-20T10:00:00.000Z' })).status).toBe(403)
    expect((await patch('admin', id, { readAt: '2026-11-20T10:00:00.000Z' })).status).toBe(403)
    const [row] = await sql<{ read_at: Date | null }>(app, 'SELECT read_at FROM notifications WHERE id = $1', [id])
    expect(row!.read_at).toBeNull()
  })
})

describe('writing', () => {
  it('creates none over HTTP, whoever asks', async () => {
    for (const who of ['alice', 'admin']) {
      const response = await app.request('/api/notifications', {
        method: 'POST',
        headers: { ...headers[who], 'content-type': 'application/json' },
        body: JSON.stringify({ userId: bob.id, type: 'booking', title: 'spoof', body: 'spoof' }),
      })
      expect(response.status).toBe(403)
    }
    expect(await sql(app, `SELECT id FROM notifications WHERE title = 'spoof'`)).toEqual([])
  })

  it('goes with its user when the user is deleted', async () => {
    const carol = await createUser(app)
    await send(carol.id, 'for carol')
    await app.payload.delete({ collection: 'users', id: carol.id, overrideAccess: true })
    expect(await sql(app, `SELECT id FROM notifications WHERE title = 'for carol'`)).toEqual([])
  })
})
