// Every instance hears the others' bans, role changes and revocations (decision 83): one
// dedicated connection per process LISTENs on STALE_CHANNEL and marks each user it is told
// about as stale (stale-snapshots.ts), so a cookie-cache snapshot signed before the change
// is a cache miss here too, on the next request. Not a pooled connection: LISTEN belongs to
// a session, and a pooled client goes back to serving queries (postgres/session-client.ts:
// the primary itself, past any pooler), named so an operator (and a test) can find it in
// pg_stat_activity. While its connection is down (dropped, reconnecting with backoff) this
// instance trusts no snapshot; once it listens again, none signed before then: what was
// notified in between is lost.
import type { Payload } from 'payload'

import type { BackgroundWorker } from '../background-workers'
import { sessionClient, type SessionClient as ListenClient } from '../postgres/session-client'
import { settings } from '../settings'
import { STALE_CHANNEL } from './session-events'
import { markUserStale, resumeTrust, suspendTrust } from './stale-snapshots'

/** The listener's application_name: one per server process. */
export const listenerName = (pid = process.pid) => `community-stale-listener:${pid}`

const MAX_RETRY_MS = 10_000

const state: { client?: ListenClient; connecting?: Promise<void>; timer?: NodeJS.Timeout; stopped: boolean; failures: number; dropped: boolean } = {
  stopped: true,
  failures: 0,
  /** The connection was lost since start: notifications may have been missed. */
  dropped: false,
}

function scheduleReconnect(payload: Payload) {
  if (state.stopped || state.timer) return
  // Doubling, capped, with jitter: a restarted PostgreSQL is not met by every instance at once.
  const base = Math.min(MAX_RETRY_MS, settings().staleListenerRetryMs * 2 ** state.failures)
  state.failures++
  state.timer = setTimeout(() => {
    state.timer = undefined
    state.connecting = listen(payload)
  }, base / 2 + Math.random() * (base / 2))
  // Never what keeps a process alive: stop() clears it anyway.
  state.timer.unref()
}

function dropped(payload: Payload, client: ListenClient, reason: string) {
  if (state.client !== client) return
  state.client = undefined
  state.dropped = true
  suspendTrust()
  payload.logger.warn({ msg: 'stale-session listener lost its connection; reconnecting', reason })
  client.end().catch(() => undefined)
  scheduleReconnect(payload)
}

async function listen(payload: Payload): Promise<void> {
  if (state.stopped) return
  // On DATABASE_DIRECT_URL when set: a transaction-mode pooler keeps no LISTEN (session-client.ts).
  const client = sessionClient(payload, listenerName())
  state.client = client
  client.on('notification', (message) => {
    if (message.channel === STALE_CHANNEL && message.payload) markUserStale(message.payload)
  })
  // pg_terminate_backend, a restart or a network cut: 'error' (an unheard one would end the
  // process) and then 'end'.
  client.on('error', (error) => dropped(payload, client, error.message))
  client.on('end', () => dropped(payload, client, 'connection ended'))
  try {
    await client.connect()
    await client.query(`LISTEN ${STALE_CHANNEL}`)
  } catch (error) {
    dropped(payload, client, error instanceof Error ? error.message : String(error))
    return
  }
  if (state.stopped || state.client !== client) return
  if (state.dropped) {
    resumeTrust(Math.floor(Date.now() / 1000))
    payload.logger.info({ msg: 'stale-session listener listening again; older cookie snapshots are checked once' })
  }
  state.failures = 0
}

export const staleListener: BackgroundWorker = {
  start: (payload) => {
    state.stopped = false
    state.failures = 0
    state.dropped = false
    state.connecting = listen(payload)
  },
  stop: async () => {
    state.stopped = true
    clearTimeout(state.timer)
    state.timer = undefined
    await state.connecting
    const client = state.client
    state.client = undefined
    await client?.end().catch(() => undefined)
  },
}
