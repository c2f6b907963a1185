// A PostgreSQL session of one's own, outside Payload's pool, for the LISTEN and the mail lock, which belong
// to one server connection (docs/decisions.md "A direct connection past the pooler").
import type { Payload } from 'payload'
import pg from 'pg'

import { settings } from '../settings'

export interface SessionClient {
  connect: () => Promise<unknown>
  /** Text and values, or pg's query config (a named, prepared statement: lib/prepared.ts). */
  query: (
    textOrConfig: string | { name?: string; text: string; values: unknown[] },
    values?: unknown[],
  ) => Promise<{ rows: Array<Record<string, unknown>>; rowCount: number | null }>
  end: () => Promise<void>
  on: ((event: 'notification', listener: (message: { channel: string; payload?: string }) => void) => void) &
    ((event: 'error', listener: (error: Error) => void) => void) &
    ((event: 'end', listener: () => void) => void)
}

/**
 * Whether a session client reaches the primary itself (DATABASE_DIRECT_URL set): no pooler
 * between, so its named statements stay prepared (docs/decisions.md "The mail runner's
 * lock session keeps named statements") and its advisory locks stay held. Otherwise it
 * connects to DATABASE_URL, which may be a pooler.
 */
export const sessionsAreDirect = (): boolean => settings().databaseDirectUrl !== undefined

/** A new, unconnected client on the primary itself; the caller connects it and hears its 'error'. */
export function sessionClient(payload: Payload, applicationName: string): SessionClient {
  const direct = settings().databaseDirectUrl
  return new pg.Client({
    ...payload.db.poolOptions,
    ...(direct ? { connectionString: direct } : {}),
    application_name: applicationName,
  })
}
