// Every instance hears the others' bans, role changes and revocations (decision 83): one
// dedicated connection per process LISTENs on STALE_CHANNEL and marks each user it is told
// about as stale (stale-snapshots.ts), so a cookie-cache snapshot signed before the change
// is a cache miss here too, on the next request. Not a pooled connection: LISTEN belongs to
// a session, and a pooled client goes back to serving queries (postgres/session-client.ts:
// the primary itself, past any pooler), named so an operator (and a test) can find it in
// pg_stat_activity. While its connection is down (dropped, reconnecting with backoff) this
// instance trusts no snapshot; once it listens again, none signed before then: what was
// notified in between is lost.
//
// Hearing is not enough on its own: PostgreSQL delivers a notification when the listening
// backend and this process get to it, which under load can be after the committing instance
// has answered and its client's next request has reached us. So before a snapshot is trusted,
// `heardUpToNow` runs a round trip on the listening connection: a backend sends every
// notification it holds before it answers a query, so once that answer is in, every change
// committed before the request arrived has been marked (decision 189). Concurrent requests
// share one round trip.
import type { Payload } from 'payload'

import type { BackgroundWorker } from '../background-workers'
import { sessionClient, type SessionClient as ListenClient } from '../postgres/session-client'
import { settings } from '../settings'
import { STALE_CHANNEL } from './session-events'
import { markUserStale, resumeTrust, suspendTrust } from './stale-snapshots'

/** The listener's application_name: one per server process. */
export const listenerName = (pid = process.pid) => `community-stale-listener:${pid}`

const MAX_RETRY_MS = 10_000
/** A catch-up round trip slower than this counts as not caught up: the snapshot is not trusted. */
const CATCH_UP_TIMEOUT_MS = 1_000

const state: {
  client?: ListenClient
  /** The client once its LISTEN has been answered; unset while connecting or dropped. */
  listening?: ListenClient
  connecting?: Promise<void>
  timer?: NodeJS.Timeout
  stopped: boolean
  failures: number
  dropped: boolean
} = {
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
  state.listening = undefined
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
  state.listening = client
  if (state.dropped) {
    resumeTrust(Math.floor(Date.now() / 1000))
    payload.logger.info({ msg: 'stale-session listener listening again; older cookie snapshots are checked once' })
  }
  state.failures = 0
}

const catchUp: { running?: Promise<boolean>; queued?: Promise<boolean> } = {}

function roundTrip(client: ListenClient): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CATCH_UP_TIMEOUT_MS)
  })
  // The LISTEN again: a no-op for a session that listens, and the connection's last statement
  // keeps saying what it is for (pg_stat_activity, where operators and tests look for it).
  const answered = client.query(`LISTEN ${STALE_CHANNEL}`).then(
    () => true,
    () => false,
  )
  const run: Promise<boolean> = Promise.race([answered, timedOut]).finally(() => {
    clearTimeout(timer)
    if (catchUp.running === run) catchUp.running = undefined
  })
  catchUp.running = run
  return run
}

/**
 * Resolves true once every change committed before this call has been heard (and marked
 * stale), false when that cannot be known (not listening: no snapshot is trusted then
 * anyway). A process that runs no listener (a script, the Local API) has nothing to wait for.
 */
export function heardUpToNow(): Promise<boolean> {
  if (state.stopped) return Promise.resolve(true)
  const client = state.listening
  if (!client) return Promise.resolve(false)
  if (!catchUp.running) return roundTrip(client)
  // The round trip on the wire may have been answered before this request arrived: wait for
  // the next one, which every request arriving meanwhile shares.
  catchUp.queued ??= catchUp.running.then(() => {
    catchUp.queued = undefined
    return heardUpToNow()
  })
  return catchUp.queued
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
    state.listening = undefined
    await client?.end().catch(() => undefined)
  },
}
