// Boots the real express app (Payload + our shell, no Next) on an ephemeral port against a
// database of its own, so tests talk HTTP exactly as clients do and then look in the database.
import http from 'node:http'
import type { AddressInfo } from 'node:net'

import type { Payload } from 'payload'

import { isStaff } from '../../domain/permissions'
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

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.databaseUrl ? { url: options.databaseUrl, drop: async () => {} } : await createTestDatabase()
  process.env.DATABASE_URL = database.url
  process.env.PAYLOAD_SECRET = testSecret()
  // Every test signs in from 127.0.0.1: SPEC's limits would stop a suite after five users.
  // Tests of the limits themselves set them back through `env`.
  // Reminder sweeps (BOOKING_REMINDER_HOURS) would mail and query on their own timer in the
  // middle of other tests: off unless a test asks (tests/int/booking-reminders.test.ts).
  Object.assign(process.env, GENEROUS_LIMITS, { BOOKING_REMINDER_HOURS: '0' }, options.env ?? {})

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
      await stopPayload(payload)
      if (drop) await database.drop()
    },
  }
}

/** Raw SQL against the app's database, for checking what a request left behind. */
export async function sql<T = Record<string, unknown>>(app: TestApp, text: string, values: unknown[] = []): Promise<T[]> {
  const pool = (app.payload.db as unknown as { pool: { query: (t: string, v: unknown[]) => Promise<{ rows: T[] }> } }).pool
  const { rows } = await pool.query(text, values)
  return rows
}
