// `GET /api/health/ready` (docs/api.md "Running several instances", docs/decisions.md
// "Readiness reports database, replicas and jobs"): 200 while the primary answers and every
// migration is applied, 503 while it does not or one is pending, and 200 again once that is
// over, without restarting the app. Never rate-limited. It needs a PostgreSQL of its own to
// stop, so it starts one beside the run's shared server.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import {
  type EmbeddedDatabase,
  freePort,
  removeEmbeddedState,
  startEmbeddedDatabase,
} from '../../src/lib/embedded-database'
import { migrations } from '../../src/migrations/index'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

let dir: string
let port: number
let db: EmbeddedDatabase | undefined
let app: TestApp

const startDatabase = () => startEmbeddedDatabase({ stateDir: dir, port, log: () => {} })
const lastMigration = migrations[migrations.length - 1].name

async function waitForReady(status: number, timeoutMs = 15_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const response = await app.request('/api/health/ready')
    if (response.status === status || Date.now() > deadline) return response
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'community-ready-'))
  port = await freePort()
  db = await startDatabase()
  // A global limit of 3 requests a minute: the probes below go past it, ordinary requests don't.
  app = await startTestApp({ databaseUrl: db.url, env: { RATE_LIMIT_GLOBAL_MAX: '3', RATE_LIMIT_GLOBAL_WINDOW: '60' } })
}, 120_000)

afterAll(async () => {
  await app?.stop({ drop: false })
  await db?.stop()
  await removeEmbeddedState(dir)
})

describe('readiness', () => {
  it('is 200 with the database, no replicas and the shared job queue counted', async () => {
    await sql(app, `INSERT INTO payload_jobs (queue, wait_until) VALUES ('readiness-test', now() + interval '1 day')`)
    await sql(
      app,
      `INSERT INTO payload_jobs (queue, wait_until, has_error) VALUES ('readiness-test', now() + interval '1 day', true)`,
    )
    const [counts] = await sql<{ queued: number; failed: number }>(
      app,
      `SELECT count(*) FILTER (WHERE NOT has_error)::int AS queued, count(*) FILTER (WHERE has_error)::int AS failed
         FROM payload_jobs WHERE completed_at IS NULL`,
    )
    expect(counts.queued).toBeGreaterThanOrEqual(1)
    expect(counts.failed).toBeGreaterThanOrEqual(1)

    const response = await app.request('/api/health/ready')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ database: 'ok', replicas: [], jobs: counts })
    await sql(app, `DELETE FROM payload_jobs WHERE queue = 'readiness-test'`)
  })

  it('answers GET only: another method is 405 with Allow', async () => {
    const response = await app.request('/api/health/ready', { method: 'POST' })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET')
  })

  it('is not rate-limited: probes go on past the global limit that stops ordinary requests', async () => {
    for (let i = 0; i < 6; i++) expect((await app.request('/api/health/ready')).status).toBe(200)
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) statuses.push((await app.request('/api/service-categories')).status)
    expect(statuses).toContain(429)
    expect((await app.request('/api/health/ready')).status).toBe(200)
  })

  it('is 503 migrations_pending while the last migration is not recorded, 200 once it is', async () => {
    const [row] = await sql<{ batch: number }>(app, `DELETE FROM payload_migrations WHERE name = $1 RETURNING batch`, [
      lastMigration,
    ])
    expect(row).toBeDefined()
    const pending = await app.request('/api/health/ready')
    expect(pending.status).toBe(503)
    expect(await pending.json()).toMatchObject({ database: 'migrations_pending', replicas: [] })
    // Liveness is not readiness: the process and its database are fine.
    expect((await app.request('/api/health')).status).toBe(200)

    await sql(app, `INSERT INTO payload_migrations (name, batch) VALUES ($1, $2)`, [lastMigration, row.batch])
    const back = await app.request('/api/health/ready')
    expect(back.status).toBe(200)
    expect(await back.json()).toMatchObject({ database: 'ok' })
  })

  it('is 503 unreachable while PostgreSQL is down, and 200 again once it is back', async () => {
    await db!.stop()
    db = undefined
    const down = await waitForReady(503)
    expect(down.status).toBe(503)
    expect(await down.json()).toEqual({ database: 'unreachable', replicas: [], jobs: null })

    db = await startDatabase()
    const up = await waitForReady(200)
    expect(up.status).toBe(200)
    expect(await up.json()).toMatchObject({ database: 'ok', replicas: [] })
  })
})
