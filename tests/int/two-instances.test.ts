// A second instance: two server processes on one PostgreSQL (DATABASE_URL) and
// nothing else shared. What one knows the other must know, because all state is in the
// database: a session made on one works on the other, a sign-out on one is refused on the
// other at once, rate-limit counts add up across both, and a 50-way race for one slot
// split across both still makes exactly one booking.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { bookableService, localDate, PUBLIC_BOOKINGS } from '../helpers/bookings'
import { type Actor, actor } from '../helpers/catalogue'
import { SERVER_UNDER_LOAD_ENV } from '../helpers/load'
import { type ServerProcess, startServerProcess } from '../helpers/processes'
import { viaServer } from '../helpers/server-app'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'
import { createAdmin, createUser, signIn, TEST_PASSWORD } from '../helpers/users'

const SIGN_UP_MAX = 6
// Low enough to reach in a test; the file's other requests from 127.0.0.1 stay far below it.
const GLOBAL_MAX = 300

let local: TestApp
let servers: ServerProcess[] = []
let admin: Actor

const start = () =>
  startServerProcess({
    ...SERVER_UNDER_LOAD_ENV,
    DATABASE_URL: local.databaseUrl,
    RATE_LIMIT_SIGN_UP_MAX: String(SIGN_UP_MAX),
    RATE_LIMIT_GLOBAL_MAX: String(GLOBAL_MAX),
  })

const post = (url: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })

const getSession = async (url: string, token: string) =>
  (await fetch(`${url}/api/auth/get-session`, { headers: { authorization: `Bearer ${token}` } })).json() as Promise<{
    user: { id: string }
  } | null>

beforeAll(async () => {
  local = await startTestApp()
  // Started one after the other: both run the migrations check at start.
  servers = [await start(), await start()]
  const adminUser = await createAdmin(viaServer(local, servers[0]!.url))
  admin = actor(viaServer(local, servers[0]!.url), adminUser, adminUser.headers)
}, 180_000)

afterAll(async () => {
  for (const server of servers) await server.stop(5_000)
  await local?.stop()
})

describe('two instances on one PostgreSQL', () => {
  it('a session made on one works on the other', async () => {
    const [a, b] = servers
    const user = await createUser(local)
    const { token } = await signIn(viaServer(local, a!.url), user)
    expect((await getSession(b!.url, token))?.user.id).toBe(user.id)
    // A route that needs the session: the user's own bookings (stock route).
    const bookings = await fetch(`${b!.url}/api/bookings?limit=1`, { headers: { authorization: `Bearer ${token}` } })
    expect(bookings.status).toBe(200)
    const anonymous = await fetch(`${b!.url}/api/bookings?limit=1`)
    expect(anonymous.status).toBe(403)
  })

  it('a sign-out on one is refused on the other at once', async () => {
    const [a, b] = servers
    const user = await createUser(local)
    const { token } = await signIn(viaServer(local, b!.url), user)
    expect((await getSession(a!.url, token))?.user.id).toBe(user.id)
    expect((await post(a!.url, '/api/auth/sign-out', {}, { authorization: `Bearer ${token}` })).status).toBe(200)
    expect(await getSession(b!.url, token)).toBeNull()
    expect(
      (await fetch(`${b!.url}/api/admin/services/services`, { headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(403)
  })

  it('a write on one shows in the very next read on the other (the read cache)', async () => {
    const [a, b] = servers
    // Its own client address: the race below needs the default one's global budget.
    const ip = { 'x-real-ip': '198.51.100.79' }
    const user = await createUser(local)
    const { token } = await signIn(viaServer(local, a!.url), user)
    const created = await post(
      a!.url,
      '/api/forum-threads',
      { title: 'Before', body: 'Hello' },
      { authorization: `Bearer ${token}`, ...ip },
    )
    expect(created.status).toBe(201)
    const id = ((await created.json()) as { doc: { id: string } }).doc.id
    const path = `/api/forum-threads/${id}`
    // B caches its answer (twice: filled, then served from its cache) and tags it.
    await fetch(`${b!.url}${path}`, { headers: ip })
    const cached = await fetch(`${b!.url}${path}`, { headers: ip })
    expect(((await cached.json()) as { title: string }).title).toBe('Before')
    const etag = cached.headers.get('etag')!
    expect(etag).toMatch(/^"/)
    const patched = await fetch(`${a!.url}${path}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...ip },
      body: JSON.stringify({ title: 'After' }),
    })
    expect(patched.status).toBe(200)
    const after = await fetch(`${b!.url}${path}`, { headers: { 'if-none-match': etag, ...ip } })
    expect(after.status).toBe(200)
    expect(((await after.json()) as { title: string }).title).toBe('After')
    // And a write by raw SQL (as a use case makes), seen by A, which had cached nothing.
    await sql(local, 'UPDATE forum_threads SET title = $2 WHERE id = $1', [id, 'By SQL'])
    expect(((await (await fetch(`${a!.url}${path}`, { headers: ip })).json()) as { title: string }).title).toBe(
      'By SQL',
    )
    expect(((await (await fetch(`${b!.url}${path}`, { headers: ip })).json()) as { title: string }).title).toBe(
      'By SQL',
    )
  })

  it('rate-limit counts add up across both', async () => {
    const ip = { 'x-real-ip': '198.51.100.77' }
    const signUp = (url: string) =>
      post(
        url,
        '/api/auth/sign-up/email',
        { email: `two-${Math.random().toString(36).slice(2)}@example.test`, password: TEST_PASSWORD },
        ip,
      )
    const statuses: number[] = []
    // Alternating instances: SIGN_UP_MAX allowed in all, not per instance.
    for (let i = 0; i < SIGN_UP_MAX; i++) statuses.push((await signUp(servers[i % 2]!.url)).status)
    expect(statuses).toEqual(Array(SIGN_UP_MAX).fill(200))
    const refusedA = await signUp(servers[0]!.url)
    const refusedB = await signUp(servers[1]!.url)
    expect([refusedA.status, refusedB.status]).toEqual([429, 429])
    expect(Number(refusedB.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('the leased global limit never lets more than the max through across both', async () => {
    const ip = { 'x-real-ip': '198.51.100.78' }
    const statuses: number[] = []
    for (let i = 0; i < GLOBAL_MAX + 20; i++) {
      statuses.push((await fetch(`${servers[i % 2]!.url}/api/service-categories?limit=1`, { headers: ip })).status)
    }
    const admitted = statuses.filter((status) => status === 200).length
    expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([])
    expect(admitted).toBeLessThanOrEqual(GLOBAL_MAX)
    // What a client can lose: the units the other instance still holds (a lease takes at most
    // 1/8 of what is left, src/lib/rate-limit-lease.ts).
    expect(admitted).toBeGreaterThanOrEqual(GLOBAL_MAX - Math.ceil(GLOBAL_MAX / 8))
  }, 60_000)

  it('a 50-way race for one slot split across both makes exactly one booking', async () => {
    const date = localDate(45)
    const service = await bookableService(admin, date)
    const customers = await Promise.all(Array.from({ length: 10 }, () => createUser(local)))
    const tokens = await Promise.all(
      customers.map(async (user, i) => (await signIn(viaServer(local, servers[i % 2]!.url), user)).token),
    )
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(
          servers[i % 2]!.url,
          PUBLIC_BOOKINGS,
          { serviceId: service.id, bookingDate: date.date, bookingTime: '10:00' },
          { authorization: `Bearer ${tokens[i % tokens.length]}` },
        ),
      ),
    )
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses.filter((status) => status === 201)).toHaveLength(1)
    expect(statuses.filter((status) => status === 409)).toHaveLength(49)
    const rows = await sql(
      local,
      `SELECT id FROM bookings WHERE service_id = $1 AND status IN ('pending', 'confirmed')`,
      [service.id],
    )
    expect(rows).toHaveLength(1)
  }, 60_000)
})
