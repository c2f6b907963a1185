// Sends the mail queue, woken after a commit that queued mail and on a timer, one run at a time per
// database under an advisory lock, because Payload claims jobs with a find then an update and two
// instances would send a mail twice (docs/decisions.md "Mail through Payload's jobs queue, our own runner").
import type { Payload } from 'payload'

import { startPollingLoop } from '../polling-loop'
import { type SessionClient, sessionClient, sessionsAreDirect } from '../postgres/session-client'
import type { Connection } from '../prepared'
import { settings } from '../settings'
import { sendMailBatch } from './send-batch'
import { MAIL_QUEUE } from './send-mail-task'

interface PoolClient {
  query: (
    textOrConfig: string | Parameters<Connection['query']>[0],
    values?: unknown[],
  ) => Promise<{ rows: Array<Record<string, unknown>>; rowCount: number | null }>
  release: (destroy?: boolean) => void
  keepsPreparedStatements?: boolean
}

const LOCK = `hashtext('community.mail-queue')`
/** Jobs per batch, sent in parallel; the run repeats while full batches come back. */
const BATCH = 10
/**
 * How long a wake-up (a commit that queued mail) waits before the run. A run costs a few
 * statements whatever it sends: woken by every booking, runs cost more CPU than the bookings
 * (docs/performance.md). 50 ms lets the mails of a burst share one run and is
 * nothing in a mail's delivery time.
 */
export const WAKE_DELAY_MS = 50

export interface MailRunner {
  wake: () => void
  stop: () => Promise<void>
}

const runners = new WeakMap<Payload, MailRunner>()

/** Wakes the runner of `payload`, if it has one (a script without a runner leaves mail to the server). */
export function wakeMailRunner(payload: Payload): void {
  runners.get(payload)?.wake()
}

/** How often the queue is looked at without a wake-up: the retry delay, between 250 ms and 5 s. */
export function pollInterval(): number {
  return Math.min(5_000, Math.max(250, settings().mail.retryDelayMs))
}

interface Queryable {
  query: PoolClient['query']
}

/**
 * Payload's own runner deleted a batch's completed jobs only after the whole batch: a process
 * killed mid-batch left sent mail behind as completed rows. Sent is sent: they go before a
 * server says it is ready (src/lib/payload-lifecycle.ts). This runner never leaves any.
 */
export async function deleteSentMail(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM payload_jobs WHERE queue = $1 AND completed_at IS NOT NULL`, [MAIL_QUEUE])
}

/** The application_name of a runner's own lock connection (DATABASE_DIRECT_URL set). */
export const mailLockName = (pid = process.pid) => `community-mail-lock:${pid}`

export function startMailRunner(payload: Payload): MailRunner {
  const pool = payload.db.pool
  let own: Promise<SessionClient> | undefined

  async function ownSession(): Promise<SessionClient> {
    const client = sessionClient(payload, mailLockName())
    // Heard, so a dropped connection does not end the process; its next query fails and it is made anew.
    client.on('error', () => undefined)
    await client.connect()
    return client
  }

  /** The connection the lock is taken on, and how to give it back (broken: never used again). */
  async function lockSession(): Promise<PoolClient> {
    if (!sessionsAreDirect()) return pool.connect()
    own ??= ownSession()
    const held = own
    const client = await held.catch((error: unknown) => {
      own = undefined
      throw error
    })
    return {
      query: (textOrConfig, values) => client.query(textOrConfig, values),
      // Its own session on the primary: the batch statements stay prepared behind a pooler too.
      keepsPreparedStatements: true,
      release: (broken) => {
        if (!broken || own !== held) return
        own = undefined
        void client.end().catch(() => undefined)
      },
    }
  }

  async function drainOnce(stopping: () => boolean): Promise<void> {
    const client = await lockSession()
    let broken = false
    try {
      const [row] = (await client.query(`SELECT pg_try_advisory_lock(${LOCK}) AS locked`)).rows
      if (!row?.locked) return // another instance is sending; its next run takes what is new
      try {
        while ((await sendMailBatch(payload, client, BATCH)) === BATCH && !stopping());
      } finally {
        await client.query(`SELECT pg_advisory_unlock(${LOCK})`)
      }
    } catch (error) {
      broken = true
      throw error
    } finally {
      // A client whose query failed may be a dead connection: destroyed, not pooled again.
      client.release(broken)
    }
  }

  const loop = startPollingLoop({
    intervalMs: pollInterval(),
    round: drainOnce,
    onOutage: (err) => payload.logger.warn({ err, msg: 'mail queue: run failed; retrying on the next tick' }),
    onRecovery: () => payload.logger.info({ msg: 'mail queue: database reachable again' }),
  })
  // A wake-up waits WAKE_DELAY_MS, and the wake-ups meanwhile join it: the mails of a burst go
  // in one run instead of one run each.
  let pendingWake: NodeJS.Timeout | null = null
  const runner: MailRunner = {
    wake: () => {
      if (pendingWake) return
      pendingWake = setTimeout(() => {
        pendingWake = null
        loop.wake()
      }, WAKE_DELAY_MS)
      pendingWake.unref()
    },
    stop: async () => {
      runners.delete(payload)
      if (pendingWake) clearTimeout(pendingWake)
      // A run in progress finishes its batch, so no job is left marked `processing`.
      await loop.stop()
      const held = own
      own = undefined
      await held?.then((client) => client.end()).catch(() => undefined)
    },
  }
  runners.set(payload, runner)
  return runner
}

export async function stopMailRunner(payload: Payload): Promise<void> {
  await runners.get(payload)?.stop()
}
