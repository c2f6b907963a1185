// The global limit takes its counts from PostgreSQL a few units at a time
// (src/lib/rate-limit-lease.ts, docs/decisions.md "The global rate limit leases units").
// On one instance it still admits exactly the max; the database's count runs ahead of the
// requests admitted, never behind; and a lease dies with its window. (Across two
// instances: tests/int/two-instances.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { sql, startTestApp, type TestApp } from '../helpers/test-app'

const MAX = 40
// Long enough for MAX + 3 requests on a busy machine (5 s was not: a CI run saw the window
// end during the 41 requests of the last test, which then admitted 41), short enough to wait for.
const WINDOW_SECONDS = 20

let app: TestApp

beforeAll(async () => {
  app = await startTestApp({
    env: { RATE_LIMIT_GLOBAL_MAX: String(MAX), RATE_LIMIT_GLOBAL_WINDOW: String(WINDOW_SECONDS) },
  })
})

afterAll(async () => {
  await app?.stop()
})

const from = (ip: string) => app.request('/api/service-categories?limit=1', { headers: { 'x-real-ip': ip } })
const counted = async (ip: string) =>
  (await sql<{ count: number }>(app, 'SELECT count::int AS count FROM rate_limits WHERE key = $1', [`global:${ip}`]))[0]
    ?.count

/** Sends `n` requests from `ip` one after the other; their statuses. */
async function send(ip: string, n: number): Promise<number[]> {
  const statuses: number[] = []
  for (let i = 0; i < n; i++) statuses.push((await from(ip)).status)
  return statuses
}

/** Waits until `ip`'s window has ended in the database. */
async function windowEnds(ip: string) {
  const [row] = await sql<{ ms: number }>(
    app,
    'SELECT greatest(0, extract(epoch FROM expires_at - now()) * 1000)::int AS ms FROM rate_limits WHERE key = $1',
    [`global:${ip}`],
  )
  await new Promise((resolve) => setTimeout(resolve, (row?.ms ?? 0) + 100))
}

describe('global limit, leased', () => {
  it(`admits exactly ${MAX} in a window, then 429`, async () => {
    const ip = '198.51.100.141'
    const statuses = await send(ip, MAX + 3)
    expect(statuses.slice(0, MAX)).toEqual(Array(MAX).fill(200))
    expect(statuses.slice(MAX)).toEqual([429, 429, 429])
  })

  it('counts ahead in PostgreSQL: units are reserved before they are used, never after', async () => {
    const ip = '198.51.100.142'
    await send(ip, 10)
    const count = await counted(ip)
    // One upsert per request would leave exactly 10.
    expect(count).toBeGreaterThan(10)
    expect(count).toBeLessThanOrEqual(MAX)
  })

  it('a lease dies with its window: the next window admits the max again, not more', async () => {
    const ip = '198.51.100.143'
    await send(ip, 5)
    await windowEnds(ip)
    const statuses = await send(ip, MAX + 1)
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAX)
    expect(statuses[MAX]).toBe(429)
  })
})
