// One use case, one transaction: every Local API call passes the same `req`, `afterCommit` work runs only
// after the commit, and a deadlock or serialization failure runs the use case again (docs/decisions.md "A
// deadlock or serialization failure runs the use case again").
import { commitTransaction, getDataLoader, initTransaction, killTransaction, type PayloadRequest } from 'payload'

const AFTER_COMMIT = 'afterCommit'

type Callback = () => void

/**
 * Runs `callback` once the transaction `req` is in commits (dropped on rollback). Only
 * transactions opened by `inTransaction` run callbacks; a change made through Payload's own
 * routes (the panel, stock REST) has none, which is why whoever registers one must not
 * depend on it (the mail runner also polls).
 */
export function afterCommit(req: PayloadRequest, callback: Callback): void {
  const pending = (req.context[AFTER_COMMIT] as Callback[] | undefined) ?? []
  pending.push(callback)
  req.context[AFTER_COMMIT] = pending
}

function takeAfterCommit(req: PayloadRequest): Callback[] {
  const pending = (req.context[AFTER_COMMIT] as Callback[] | undefined) ?? []
  delete req.context[AFTER_COMMIT]
  return pending
}

/** Attempts of one use case in all: the first and two more after a deadlock or serialization failure. */
export const TRANSACTION_ATTEMPTS = 3

// SQLSTATE 40P01 deadlock_detected, 40001 serialization_failure.
const RETRYABLE = new Set(['40P01', '40001'])

/**
 * The SQLSTATE when `error`, or an error it wraps (Payload and drizzle wrap the driver's), is a deadlock or
 * serialization failure.
 */
function retryableCodeOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown }
    if (typeof code === 'string' && RETRYABLE.has(code)) return code
    current = cause
  }
  return undefined
}

export const isRetryableConflict = (error: unknown): boolean => retryableCodeOf(error) !== undefined

// A short random pause before the next attempt, growing with each: the two transactions that
// met should not meet again at the same instant.
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt))

export async function inTransaction<T>(req: PayloadRequest, fn: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    const startedHere = await initTransaction(req)
    try {
      const result = await fn()
      if (startedHere) {
        await commitTransaction(req)
        for (const callback of takeAfterCommit(req)) callback()
      }
      return result
    } catch (error) {
      // Nested in a larger transaction: the error goes up to the use case that owns it, which
      // alone may run it again.
      if (!startedHere) throw error
      takeAfterCommit(req)
      await killTransaction(req)
      const code = retryableCodeOf(error)
      if (!code || tries >= TRANSACTION_ATTEMPTS) throw error
      req.payload.logger.warn({
        msg: 'transaction aborted by PostgreSQL; running the use case again',
        code,
        attempt: tries,
      })
      // Documents read in the undone attempt may have changed since: the next one reads afresh.
      req.payloadDataLoader = getDataLoader(req)
      await pause(tries)
    }
  }
}

/**
 * A use case whose writes are ONE statement (a PL/pgSQL function that does them all:
 * docs/decisions.md "The public booking is one statement"), which PostgreSQL runs atomically
 * on its own, so without the BEGIN and COMMIT round trips: `fn` may read before, but must
 * write in exactly one statement. Inside a transaction that is already open it joins it, as
 * `inTransaction` does (its owner commits, runs the callbacks, runs it again). Otherwise the
 * callbacks registered with `afterCommit` run once that statement has returned (committed),
 * and a deadlock or serialization failure runs the use case again, as `inTransaction` does.
 */
export async function inOneStatement<T>(req: PayloadRequest, fn: () => Promise<T>): Promise<T> {
  const open = await req.transactionID
  if (open !== undefined && open !== null) return inTransaction(req, fn)
  for (let tries = 1; ; tries++) {
    try {
      const result = await fn()
      for (const callback of takeAfterCommit(req)) callback()
      return result
    } catch (error) {
      takeAfterCommit(req)
      const code = retryableCodeOf(error)
      if (!code || tries >= TRANSACTION_ATTEMPTS) throw error
      req.payload.logger.warn({
        msg: 'statement aborted by PostgreSQL; running the use case again',
        code,
        attempt: tries,
      })
      req.payloadDataLoader = getDataLoader(req)
      await pause(tries)
    }
  }
}
