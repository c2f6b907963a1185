// Boots the real express app (Payload + our shell, no Next) on an ephemeral port against a
// database of its own, so tests talk HTTP exactly as clients do and then look in the database.
import http from 'node:http'
import type { AddressInfo } from 'node:net'

import type { Payload } from 'payload'

import { auditEntryProblem } from '../../domain/audit-actions'
import { isStaff } from '../../domain/permissions'
import { webhookBodyProblem } from '../../domain/webhooks'
import { createApp } from '../../src/app'
import { startPayload, stopPayload } from '../../src/lib/payload-lifecycle'
import { staffRequestCheck } from '../../src/lib/staff-request'
import { checkedFetch } from './openapi-check'
import { createTestDatabase, testSecret } from './test-database'

const GENEROUS_LIMITS: Record<string, string> = {
  RATE_LIMIT_GLOBAL_MAX: '100000',
  RATE_LIMIT_SIGN_IN_MAX: '100000',
  RATE_LIMIT_SIGN_IN_EMAIL_MAX: '100000',
  RATE_LIMIT_SIGN_UP_MAX: '100000',
}

export interface TestApp {
  url: string
  payload: Payload
  databaseUrl: string
  /** fetch relative to the app's base URL; the answer is checked against the OpenAPI reference (openapi-check.ts). */
  request: (path: string, init?: RequestInit) => Promise<Response>
  /** Stops the server and Payload; keeps the database (for restart tests) unless drop is set. */
  stop: (options?: { drop?: boolean }) => Promise<void>
}

export interface TestAppOptions {
  /** Reuse an existing database (a restart) instead of cloning a fresh one. */
  databaseUrl?: string
  env?: Record<string, string>
  /** Runs after Payload starts and before the app is built (e.g. to add a test-only route). */
  beforeApp?: (payload: Payload) => void
}

/** Set (host:port) by a file that runs its apps behind a pooler: tests/int/pgbouncer-bookings-*.test.ts. */
export const VIA_POOLER_ENV = 'COMMUNITY_TEST_VIA_POOLER'

/**
 * The URL an app connects with: the database's own, or the same through the pooler of
 * VIA_POOLER_ENV, with what the service needs behind a transaction-mode pooler
 * (docs/api.md "Running several instances"): no named prepared statements, and the
 * primary itself for what needs a session.
 */
function throughPooler(url: string): string {
  const pooler = process.env[VIA_POOLER_ENV]
  // Already through it (a restart on the app's own URL): as it was.
  if (!pooler || new URL(url).host === pooler) return url
  Object.assign(process.env, { DATABASE_PREPARED_STATEMENTS: 'false', DATABASE_DIRECT_URL: url })
  const through = new URL(url)
  through.host = pooler
  return through.toString()
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const created = options.databaseUrl ? { url: options.databaseUrl, drop: async () => {} } : await createTestDatabase()
  const database = { ...created, url: throughPooler(created.url) }
  process.env.DATABASE_URL = database.url
  process.env.PAYLOAD_SECRET = testSecret()
  // Every test signs in from 127.0.0.1: the documented limits would stop a suite after five users.
  // Tests of the limits themselves set them back through `env`.
  // Reminder sweeps (BOOKING_REMINDER_HOURS) would mail and query on their own timer in the
  // middle of other tests: off unless a test asks (tests/int/booking-reminders.test.ts). The waitlist's sweep, the
  // same: once at start, then hourly unless a test asks (tests/int/bookings-waitlist.test.ts).
  Object.assign(
    process.env,
    GENEROUS_LIMITS,
    { BOOKING_REMINDER_HOURS: '0', WAITLIST_SWEEP_SECONDS: '3600' },
    options.env ?? {},
  )

  const payload = await startPayload()
  options.beforeApp?.(payload)
  const app = createApp({ payload, isRateLimitExempt: staffRequestCheck(payload, isStaff) })
  const server = http.createServer(app)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url,
    payload,
    databaseUrl: database.url,
    request: (path, init) => checkedFetch(`${url}${path}`, init),
    stop: async ({ drop = true } = {}) => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      const problems = [...(await auditProblems(payload)), ...(await outboxProblems(payload))]
      await stopPayload(payload)
      if (drop) await database.drop()
      if (problems.length) {
        throw new Error(`Audit entries or webhook bodies their schemas refuse:\n${problems.join('\n')}`)
      }
    },
  }
}

/**
 * Every audit entry the file's requests left, checked against its action's schema: one entry
 * per action and set of data keys with the JSON type of each. `test.*` entries are planted by
 * tests of the writer itself.
 */
export async function auditProblems(payload: Payload): Promise<string[]> {
  type Rows = { rows: Array<{ action: string; data: unknown }> }
  const pool = (payload.db as unknown as { pool: { query: (text: string) => Promise<Rows> } }).pool
  const sample = `SELECT DISTINCT ON (action, keys) action, data
    FROM (SELECT action, data,
        (SELECT array_agg(k || ':' || jsonb_typeof(v) ORDER BY k) FROM jsonb_each(data) e(k, v)) AS keys
      FROM audit_logs WHERE action NOT LIKE 'test.%' AND jsonb_typeof(data) = 'object') entries`
  // A file that stopped PostgreSQL (the fault tests) has nothing left to check.
  const rows = await pool.query(sample).then(
    (result) => result.rows,
    () => [],
  )
  return rows.map(({ action, data }) => auditEntryProblem(action, data)).filter((problem) => problem !== null)
}

/**
 * Every webhook body the file's requests queued, checked against its event's schema (as
 * `auditProblems`); rows a test planted for the worker carry message ids the outbox never makes.
 */
export async function outboxProblems(payload: Payload): Promise<string[]> {
  type Rows = { rows: Array<{ body: unknown }> }
  const pool = (payload.db as unknown as { pool: { query: (text: string) => Promise<Rows> } }).pool
  const sample = `SELECT DISTINCT ON (event, keys) body
    FROM (SELECT event, body, CASE WHEN jsonb_typeof(body->'data') = 'object' THEN
        (SELECT array_agg(k || ':' || jsonb_typeof(v) ORDER BY k) FROM jsonb_each(body->'data') e(k, v)) END AS keys
      FROM webhook_deliveries WHERE message_id ~ '^msg_[0-9a-f]{32}$') deliveries`
  const rows = await pool.query(sample).then(
    (result) => result.rows,
    () => [],
  )
  return rows.map(({ body }) => webhookBodyProblem(body)).filter((problem) => problem !== null)
}

/** Raw SQL against the app's database, for checking what a request left behind. */
export async function sql<T = Record<string, unknown>>(
  app: TestApp,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const pool = (app.payload.db as unknown as { pool: { query: (t: string, v: unknown[]) => Promise<{ rows: T[] }> } })
    .pool
  const { rows } = await pool.query(text, values)
  return rows
}
