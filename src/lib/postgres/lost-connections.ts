import type { Payload } from 'payload'

import { oneQueryAtATime } from './one-query-at-a-time'

interface PgClient {
  on: (event: 'error', listener: (error: Error) => void) => void
  query: (...args: unknown[]) => unknown
}

type OnError = (event: 'error', listener: (error: Error) => void) => void

interface PgPool {
  on: OnError & ((event: 'connect', listener: (client: PgClient) => void) => void)
  _clients?: Array<{ on?: PgClient['on']; query?: PgClient['query'] }>
}

/**
 * pg emits 'error' on the pool when an idle client's connection dies (PostgreSQL stopped or
 * restarted), and on the client itself when it is checked out between two queries (a
 * transaction in progress). Payload listens to neither, and an unheard 'error' event ends
 * the process: the server died this way under load when PostgreSQL stopped. Heard, the
 * client is marked unusable, its next query fails (503), and the pool drops it on release
 * and connects anew. Clients made before this point count too (Payload keeps one checked
 * out from its start). Each client also sends one query at a time (one-query-at-a-time.ts).
 */
export function listenForLostConnections(payload: Payload): void {
  const lost = (err: Error & { code?: string }) => {
    const msg = 'database connection lost; the pool will reconnect'
    payload.logger.warn({ msg, code: err.code, reason: err.message })
  }
  const pool = payload.db.pool as PgPool
  pool.on('error', lost)
  pool.on('connect', (client) => {
    client.on('error', lost)
    oneQueryAtATime(client)
  })
  for (const client of pool._clients ?? []) {
    client.on?.('error', lost)
    if (client.query) oneQueryAtATime(client as PgClient)
  }
}
