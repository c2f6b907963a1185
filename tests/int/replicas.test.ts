// Read replicas against a real PostgreSQL 15 primary and streaming replica (docs/operations.md "Read
// replicas"): which node served a read is counted on its own pg_stat_statements.
import { randomUUID } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import pg from 'pg'

import { pauseReplay, type PostgresNode, waitForReplay } from '../../scripts/cluster/postgres-pair'
import { PROBE_INTERVAL_MS } from '../../src/lib/replicas/replica-set'
import { makeItem } from '../helpers/community'
import { setEnv } from '../helpers/env'
import { type PairDatabase, startPairDatabase } from '../helpers/replica-pair'
import { type SecondApp, startSecondApp } from '../helpers/second-app'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { createUser, signIn } from '../helpers/users'

// Wide enough that the reads right after a write (before the bound passes) are not raced by a loaded machine.
const MAX_LAG = 8

let db: PairDatabase
let app: TestApp
let session: string
let threadId: string
let cached: SecondApp

/** How many times `node` ran statements of the test database matching `where` (pg_stat_statements). */
async function calls(node: PostgresNode, where: { like: string }): Promise<number> {
  const client = new pg.Client({ connectionString: node.url() })
  await client.connect()
  try {
    const { rows } = await client.query(
      `SELECT coalesce(sum(calls), 0)::int AS n FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = $1) AND query ILIKE $2`,
      [db.name, where.like],
    )
    return rows[0].n as number
  } finally {
    await client.end()
  }
}

// Payload's own list query of the public thread list (the read cache is off on this app).
const FORUM = { like: 'select%from "forum_threads"%' }
// Payload's own list query of the public catalogue (drizzle's select of the collection's table).
const CATALOGUE = { like: 'select%from "service_listings"%' }
// The slots preview's statement and the public transparency list's.
const SLOTS = { like: '%FROM service_availability a WHERE a.service_id = s.id%' }
// What the read cache's forum fill runs (the shell's thread page, or Payload's own list of the table).
const CATALOGUE_OR_FORUM_FILL = { like: '%forum_threads%' }
const TRANSPARENCY = { like: '%FROM transparency_publications%' }

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await app.request(path, { headers })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

const threadIds = async (headers: Record<string, string> = {}) => {
  const { status, body } = await get('/api/forum-threads?limit=20', headers)
  expect(status).toBe(200)
  return (body.docs as Array<{ id: string }>).map((doc) => doc.id)
}

async function ready() {
  const { status, body } = await get('/api/health/ready')
  return { status, replica: (body.replicas as Array<{ ok: boolean; lagSeconds: number | null }>)[0] }
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

beforeAll(async () => {
  db = await startPairDatabase()
  app = await startTestApp({
    databaseUrl: db.primaryUrl,
    env: {
      DATABASE_REPLICA_URLS: db.replicaUrl,
      DATABASE_REPLICA_MAX_LAG_SECONDS: String(MAX_LAG),
      READ_CACHE: 'false',
    },
  })
  cached = await startSecondApp(app.payload, { READ_CACHE: 'true' })
  const writer = await createUser(app)
  // Signing in is a write too: its answer carries a `wrote` cookie, left out here (each case adds its own).
  session = (await signIn(app, writer)).cookie
    .split('; ')
    .filter((cookie) => !cookie.startsWith('community.wrote='))
    .join('; ')
  threadId = await makeItem(app, 'forum-threads', writer.id)
  await waitForReplay(db.pair)
}, 120_000)

afterAll(async () => {
  setEnv({ DATABASE_REPLICA_URLS: undefined, DATABASE_REPLICA_MAX_LAG_SECONDS: undefined, READ_CACHE: undefined })
  await cached?.close()
  await app?.stop({ drop: false })
  await db?.stop()
})

describe('with a streaming replica (DATABASE_REPLICA_URLS)', () => {
  it('serves the public forum, catalogue, slots preview and transparency reads from the replica; readiness reports it', async () => {
    const counted = [FORUM, CATALOGUE, SLOTS, TRANSPARENCY]
    const before = {
      replica: await Promise.all(counted.map((what) => calls(db.pair.replica, what))),
      primary: await calls(db.pair.primary, FORUM),
    }
    const from = new Date().toISOString().slice(0, 10)
    for (let i = 0; i < 5; i++) {
      expect(await threadIds()).toContain(threadId)
      expect((await get('/api/service-listings?limit=5')).status).toBe(200)
      // No such service: 404, decided by the statement the replica ran.
      expect((await get(`/api/services/${randomUUID()}/slots?from=${from}&to=${from}`)).status).toBe(404)
      expect((await get('/api/transparency-reports')).status).toBe(200)
    }
    const after = await Promise.all(counted.map((what) => calls(db.pair.replica, what)))
    after.forEach((n, i) => expect(n - before.replica[i]!).toBeGreaterThanOrEqual(5))
    expect((await calls(db.pair.primary, FORUM)) - before.primary).toBe(0)
    const { status, replica } = await ready()
    expect(status).toBe(200)
    expect(replica.ok).toBe(true)
    expect(replica.lagSeconds).toBeLessThanOrEqual(MAX_LAG)
  })

  // The cookie must outlive the replicas' lag: a usable replica lags at most MAX_LAG as of its
  // last probe, and probes are PROBE_INTERVAL_MS apart (read-context.ts readYourWritesSeconds).
  it('any attempt at a write hands out the `wrote` cookie for the read-your-writes window, and a read does not', async () => {
    const refused = await app.request('/api/forum-threads', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(refused.status).toBeGreaterThanOrEqual(400)
    const cookie = refused.headers.getSetCookie().find((header) => header.startsWith('community.wrote='))
    expect(cookie).toMatch(/^community\.wrote=\d+; /)
    const attributes = cookie!.split('; ').slice(1)
    expect(attributes.sort()).toEqual(
      [
        `Max-Age=${MAX_LAG + Math.ceil((2 * PROBE_INTERVAL_MS) / 1000)}`,
        'HttpOnly',
        'Path=/',
        'SameSite=Lax',
        'Secure',
      ].sort(),
    )
    const read = await app.request('/api/forum-threads?limit=1')
    expect(read.headers.getSetCookie().filter((header) => header.startsWith('community.wrote='))).toEqual([])
  })

  it('a client that just wrote reads it back at once, replay paused; past the lag bound everyone reads the primary', async () => {
    await pauseReplay(db.pair.replica, true)
    try {
      const created = await app.request('/api/forum-threads', {
        method: 'POST',
        headers: { cookie: session, origin: app.url, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Written while the replica waits', body: 'Is it there?' }),
      })
      expect(created.status).toBe(201)
      const id = String(((await created.json()) as { doc: { id: string } }).doc.id)
      const wrote = created.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0]!)
        .find((cookie) => cookie.startsWith('community.wrote='))
      expect(wrote).toBeDefined()

      // The writer, carrying the cookie the write handed out: the primary.
      const own = await get(`/api/forum-threads/${id}`, { cookie: `${session}; ${wrote}` })
      expect(own.status).toBe(200)
      expect(await threadIds({ cookie: wrote! })).toContain(id)
      // Without it, the same reads go to the paused replica, which has not replayed the write.
      expect((await get(`/api/forum-threads/${id}`, { cookie: session })).status).toBe(404)
      expect(await threadIds()).not.toContain(id)
      expect((await ready()).replica.ok).toBe(true)
      // The read cache keeps answers under the primary's version: its miss reads the primary, so
      // an anonymous reader sees the write at once even though the replica has not replayed it.
      const fromPrimary = await calls(db.pair.primary, CATALOGUE_OR_FORUM_FILL)
      const list = await fetch(`${cached.url}/api/forum-threads?limit=20`)
      expect(list.status).toBe(200)
      expect(((await list.json()) as { docs: Array<{ id: string }> }).docs.map((doc) => doc.id)).toContain(id)
      expect((await calls(db.pair.primary, CATALOGUE_OR_FORUM_FILL)) - fromPrimary).toBeGreaterThanOrEqual(1)

      // Replay still paused: once the lag passes the bound the replica is skipped, readiness stays 200.
      await until('the replica is skipped for its lag', async () => (await ready()).replica.ok === false)
      const lagging = await ready()
      expect(lagging.status).toBe(200)
      expect(lagging.replica.lagSeconds).toBeGreaterThan(MAX_LAG)
      const before = { replica: await calls(db.pair.replica, FORUM), primary: await calls(db.pair.primary, FORUM) }
      expect(await threadIds()).toContain(id)
      expect((await get(`/api/forum-threads/${id}`, { cookie: session })).status).toBe(200)
      expect((await calls(db.pair.replica, FORUM)) - before.replica).toBe(0)
      expect((await calls(db.pair.primary, FORUM)) - before.primary).toBeGreaterThanOrEqual(1)
    } finally {
      await pauseReplay(db.pair.replica, false)
    }
    // Replay resumed: the replica catches up and serves again.
    await until('the replica is used again', async () => (await ready()).replica.ok === true)
    const before = await calls(db.pair.replica, FORUM)
    expect(await threadIds()).toContain(threadId)
    expect((await calls(db.pair.replica, FORUM)) - before).toBeGreaterThanOrEqual(1)
  })

  it('a stopped replica fails no request (reads go to the primary) and is used again once back', async () => {
    const before = await calls(db.pair.primary, FORUM)
    await db.pair.replica.stop()
    // At once, before any probe has noticed: the reads the replica cannot answer are retried on the primary.
    for (let i = 0; i < 3; i++) {
      expect(await threadIds()).toContain(threadId)
      expect((await get('/api/service-listings?limit=5')).status).toBe(200)
    }
    expect((await calls(db.pair.primary, FORUM)) - before).toBeGreaterThanOrEqual(3)
    await until('readiness reports the replica down', async () => (await ready()).replica.lagSeconds === null)
    const down = await ready()
    expect(down.status).toBe(200)
    expect(down.replica).toEqual({ ok: false, lagSeconds: null })

    await db.pair.replica.start()
    await db.pair.waitUntilStreaming()
    await until('the replica is used again', async () => (await ready()).replica.ok === true)
    // Its statistics started afresh with it.
    const again = await calls(db.pair.replica, FORUM)
    expect(await threadIds()).toContain(threadId)
    expect((await calls(db.pair.replica, FORUM)) - again).toBeGreaterThanOrEqual(1)
  })
})
