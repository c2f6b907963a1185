// `community-platform/testing`: the platform for tests written on top of it (docs/testing.md).
// startPlatform() gives a fresh, migrated database and Payload's Local API on it; users with
// roles, each with a bearer token for HTTP and a `req` for Local API calls made as them; the
// use cases (book, confirm, moderate, report, appeal, …) called as a user with the rules,
// codes and audit entries of their endpoints; the HTTP app on a free port if wanted; and
// stop(), which ends all of it. Everything here reuses the server's own code.
import http from 'node:http'
import type { AddressInfo } from 'node:net'

import type { Payload } from 'payload'

import { isStaff } from '../domain/permissions'
import { createApp } from './app'
import { startPayload, stopPayload } from './lib/payload-lifecycle'
import { staffRequestCheck } from './lib/staff-request'
import { kitDatabase } from './testing/database'
import { type UseCases, useCasesOf } from './testing/use-cases'
import { createKitUser, type KitUser, type UserOptions } from './testing/users'

export type { Role } from '../domain/permissions'
export { ApiError } from './lib/http/errors'
export type { KitUser, UseCases, UserOptions }

/** What the kit sets unless the environment (or `env`) already does. */
const DEFAULT_ENV: Record<string, string> = {
  PAYLOAD_SECRET: 'testing-kit-secret-testing-kit-secret',
  // Tests sign in and call from one address: the per-IP limits would stop a suite early.
  RATE_LIMIT_GLOBAL_MAX: '100000',
  RATE_LIMIT_SIGN_IN_MAX: '100000',
  RATE_LIMIT_SIGN_IN_EMAIL_MAX: '100000',
  RATE_LIMIT_SIGN_UP_MAX: '100000',
  // The reminder sweep would mail and query on its own timer in the middle of a test.
  BOOKING_REMINDER_HOURS: '0',
}

export interface PlatformOptions {
  /** A PostgreSQL server to make the databases on (default: DATABASE_URL, else an embedded one). */
  databaseUrl?: string
  /**
   * Where the embedded PostgreSQL and its template are kept (default: COMMUNITY_TESTING_DIR, else `.test-data/kit`).
   */
  dir?: string
  /** Environment variables for the platform, over the kit's defaults and the process's own. */
  env?: Record<string, string>
  /** Lines from the embedded PostgreSQL (default: none). */
  log?: (line: string) => void
}

export interface Platform {
  /** The Local API. Its calls bypass every access rule unless given `overrideAccess: false` and a user's `req`. */
  payload: Payload
  /** The database's URL (a copy of the migrated template, dropped by stop()). */
  databaseUrl: string
  /** Whether this start built the template (the first start, or after a migration changed). */
  builtTemplate: boolean
  /** A verified user (default role: citizen) with a session. */
  createUser: (options?: UserOptions) => Promise<KitUser>
  /** The use cases as `user`; `null` for an anonymous caller. */
  as: (user: KitUser | null) => UseCases
  /** Serves the HTTP API (the express app `npm start` serves, without the admin panel) on a free port: its base URL. */
  listen: () => Promise<string>
  /** Stops the HTTP app, Payload and the database, and drops the database. */
  stop: () => Promise<void>
}

function applyEnv(env: Record<string, string> = {}): void {
  for (const [name, value] of Object.entries(DEFAULT_ENV)) process.env[name] ??= value
  Object.assign(process.env, env)
}

/** Starts Payload on the database at `url`, with its migrations. */
async function payloadOn(url: string): Promise<Payload> {
  process.env.DATABASE_URL = url
  return startPayload()
}

export async function startPlatform(options: PlatformOptions = {}): Promise<Platform> {
  // Put back at stop: the next start in this process must find the server the caller named.
  const givenUrl = process.env.DATABASE_URL
  const restoreUrl = () => {
    if (givenUrl === undefined) delete process.env.DATABASE_URL
    else process.env.DATABASE_URL = givenUrl
  }
  applyEnv(options.env)
  const database = await kitDatabase({
    databaseUrl: options.databaseUrl,
    dir: options.dir,
    log: options.log ?? (() => {}),
    migrate: async (url) => stopPayload(await payloadOn(url)),
  })
  let payload: Payload
  try {
    payload = await payloadOn(database.url)
  } catch (error) {
    await database.stop()
    restoreUrl()
    throw error
  }
  let server: http.Server | undefined

  return {
    payload,
    databaseUrl: database.url,
    builtTemplate: database.builtTemplate,
    createUser: (userOptions) => createKitUser(payload, userOptions),
    as: (user) => useCasesOf(payload, user),
    listen: async () => {
      if (!server) {
        const app = createApp({ payload, isRateLimitExempt: staffRequestCheck(payload, isStaff) })
        server = http.createServer(app)
        await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
      }
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    },
    stop: async () => {
      if (server) {
        const closing = server
        server = undefined
        closing.closeAllConnections()
        await new Promise<void>((resolve) => closing.close(() => resolve()))
      }
      await stopPayload(payload)
      await database.stop()
      restoreUrl()
    },
  }
}
