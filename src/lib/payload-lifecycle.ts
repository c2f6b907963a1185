// Starting and stopping Payload in one place, for the server, scripts and tests alike.
// Node 20 now and then never settles the import of @payloadcms/richtext-lexical: each of
// lexical's entry modules awaits a dynamic import at top level, and evaluating many of them
// in one graph can leave the outer import pending for good (the process hangs, or exits 13
// with nothing logged; about one start in three here). Evaluating lexical's core first, in
// this earlier graph, avoids it (0 hangs in 15 starts against 5 in 15).
import 'lexical'

import { getPayload, type Payload, type SanitizedConfig } from 'payload'

import { backgroundWorkersOf } from './background-workers'
import { stopMailRunner } from './mail-queue/runner'
import { hasQueryInFlight } from './postgres/one-query-at-a-time'
import { startReadReplicas, stopReadReplicas } from './replicas/read-route'
import { reloadSettings } from './settings'

interface PgClient {
  on: (event: 'error', listener: (error: Error) => void) => void
  query: (...args: unknown[]) => unknown
}

interface PgPool {
  on: ((event: 'error', listener: (error: Error) => void) => void) &
    ((event: 'connect', listener: (client: PgClient) => void) => void)
  end: () => Promise<void>
  _clients?: Array<{ release?: () => void; on?: PgClient['on']; query?: PgClient['query'] }>
  _idle?: Array<{ client: unknown }>
}

export const poolOf = (payload: Payload) => payload.db.pool as PgPool

export async function loadConfig(): Promise<SanitizedConfig> {
  const { default: config } = await import('../../payload.config')
  return config
}

export async function startPayload(config?: SanitizedConfig): Promise<Payload> {
  reloadSettings()
  // The plugin's onInit (src/plugin) migrates and starts the workers; the shell's part follows.
  const payload = await getPayload({ config: config ?? (await loadConfig()) })
  // DATABASE_REPLICA_URLS: reads of requests that allow it go to a usable replica from now on.
  await startReadReplicas(payload)
  return payload
}

/**
 * Payload's destroy() leaves the pg pool open and db-postgres keeps one client checked out
 * for good (payload #15674, #11727), which keeps the event loop alive. Release it, end the
 * pool, and forget the cached instance so a later getPayload() starts afresh. `log` hears
 * each stage ("jobs stopped", "pool closed"): the server logs them.
 */
export async function stopPayload(payload: Payload, log: (stage: string) => void = () => undefined): Promise<void> {
  const pool = poolOf(payload)
  // First: a sweep or a mail being sent finishes on the pool that is about to close.
  await Promise.all(backgroundWorkersOf(payload).map((worker) => worker.stop(payload)))
  await stopMailRunner(payload)
  log('jobs stopped')
  await stopReadReplicas(payload)
  await payload.destroy()
  const idle = new Set((pool._idle ?? []).map((item) => item.client))
  for (const client of pool._clients ?? []) {
    // A client with a query on the wire belongs to work still finishing (a request whose HTTP
    // client went away runs on after the server closed): it releases itself when its query
    // ends, and pool.end() waits for that. Released here too, its query's own release threw
    // pg-pool's double-release error from a pg callback and the process exited 1.
    if (!idle.has(client) && !hasQueryInFlight(client)) {
      try {
        client.release?.()
      } catch {
        // already released
      }
    }
  }
  await pool.end().catch(() => undefined)
  log('pool closed')
  const cache = (globalThis as { _payload?: Map<string, unknown> })._payload
  cache?.delete('default')
}
