// Every instance hears the others' bans, role changes and revocations on one LISTEN connection of its own
// (docs/decisions.md "Bans, role changes and revocations reach every instance"), and a round trip on it
// after a request arrived is the barrier before a cookie snapshot is trusted (docs/decisions.md "A cookie
// snapshot waits for the instance to hear every commit", "The cookie barrier is the version read").
import type { Payload } from 'payload'

import type { BackgroundWorker } from '../background-workers'
import { type SessionClient as ListenClient, sessionClient, sessionsAreDirect } from '../postgres/session-client'
import { runOn, type Statement } from '../prepared'
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
  state.timer = setTimeout(
    () => {
      state.timer = undefined
      state.connecting = listen(payload)
    },
    base / 2 + Math.random() * (base / 2),
  )
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
    resumeTrust(Date.now())
    payload.logger.info({ msg: 'stale-session listener listening again; older cookie snapshots are checked once' })
  }
  state.failures = 0
}

/** A read made by the catch-up round trip itself (values taken when it is sent). */
export interface CatchUpRead {
  statement: Statement
  values: () => unknown[]
}

/**
 * One catch-up round trip's outcome. `heard`: every change committed before the call has been
 * marked (or no listener runs in this process). `read` and `rows`: the read it made and its
 * answer (none when it was a `LISTEN`, or was not answered).
 */
export interface CatchUp {
  heard: boolean
  read?: CatchUpRead
  rows?: unknown[]
}

const catchUp: {
  running?: Promise<CatchUp>
  queued?: Promise<CatchUp>
  /** What the calls waiting for the queued round trip want read. */
  wanted: Set<CatchUpRead>
  /** A read that answers for every read wanted (the read cache's every version): sent when several are. */
  all?: CatchUpRead
  /** A round trip timed out and has not been answered yet: the next would only queue behind it. */
  stalled?: ListenClient
} = { wanted: new Set() }

/**
 * Registers the read sent when callers waiting for one round trip want different reads; the last one registered wins.
 */
export function readOnCatchUp(all: CatchUpRead): void {
  catchUp.all = all
}

const notHeard: CatchUp = { heard: false }
const nothingToHear: CatchUp = { heard: true }

/** One read wanted: that one; several: the registered read of everything (or the first); none: a LISTEN. */
const readFor = (wanted: CatchUpRead[]) => (wanted.length > 1 ? (catchUp.all ?? wanted[0]) : wanted[0])

function roundTrip(client: ListenClient, wanted: CatchUpRead[]): Promise<CatchUp> {
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<CatchUp>((resolve) => {
    timer = setTimeout(() => {
      catchUp.stalled = client
      resolve(notHeard)
    }, CATCH_UP_TIMEOUT_MS)
  })
  const read = readFor(wanted)
  // Direct (session-client.ts), the read stays a named statement; else it follows
  // DATABASE_PREPARED_STATEMENTS, as the pool's reads do.
  // With nothing to read, the LISTEN again: a no-op for a session that listens.
  const sent: Promise<{ rows: unknown[] } | undefined> = read
    ? runOn(
        { query: (config) => client.query(config), keepsPreparedStatements: sessionsAreDirect() },
        read.statement,
        read.values(),
      )
    : client.query(`LISTEN ${STALE_CHANNEL}`).then(() => undefined)
  const answered = sent.then(
    (result): CatchUp => ({ heard: true, ...(result ? { read, rows: result.rows } : {}) }),
    (): CatchUp => notHeard,
  )
  void answered.then(() => {
    if (catchUp.stalled === client) catchUp.stalled = undefined
  })
  const run: Promise<CatchUp> = Promise.race([answered, timedOut]).finally(() => {
    clearTimeout(timer)
    if (catchUp.running === run) catchUp.running = undefined
  })
  catchUp.running = run
  return run
}

/**
 * A round trip on the listening connection that starts after this call (shared with every
 * call made before it is sent), reading `want` (or, when the calls sharing it want different
 * reads, the registered read of everything: the caller checks `read`). Once it resolves
 * heard, every change committed before this call has been heard (and marked stale). Not
 * heard when that cannot be known (not listening, no answer within CATCH_UP_TIMEOUT_MS, or
 * still none to an earlier round trip that timed out: no snapshot is trusted then anyway). A
 * process that runs no listener (a script, the Local API) has nothing to wait for and makes
 * no round trip.
 */
export function caughtUp(want?: CatchUpRead): Promise<CatchUp> {
  if (state.stopped) return Promise.resolve(nothingToHear)
  const client = state.listening
  if (!client || catchUp.stalled === client) return Promise.resolve(notHeard)
  if (!catchUp.running) return roundTrip(client, want ? [want] : [])
  // The round trip on the wire may have been sent before this call: wait for the next one,
  // which every call made meanwhile shares.
  if (want) catchUp.wanted.add(want)
  catchUp.queued ??= catchUp.running.then(() => {
    const wanted = [...catchUp.wanted]
    catchUp.wanted.clear()
    catchUp.queued = undefined
    if (state.stopped) return nothingToHear
    const current = state.listening
    if (!current || catchUp.stalled === current) return notHeard
    return roundTrip(current, wanted)
  })
  return catchUp.queued
}

/** Whether this process runs a listener (a server does; a script or the Local API alone does not). */
export const listenerRuns = (): boolean => !state.stopped

/** Whether every change committed before this call has been heard (`caughtUp`, its outcome only). */
export function heardUpToNow(): Promise<boolean> {
  return caughtUp().then((outcome) => outcome.heard)
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
