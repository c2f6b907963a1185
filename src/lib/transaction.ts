// One use case, one transaction: every Local API call inside `fn` must pass the same `req`
// so it joins the transaction; a thrown error rolls all of it back (audit entry included).
// Work that must wait for the commit (waking the mail runner: the queued job is invisible
// to it before) is registered with `afterCommit` and runs only if the commit happened.
import { commitTransaction, initTransaction, killTransaction, type PayloadRequest } from 'payload'

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

export async function inTransaction<T>(req: PayloadRequest, fn: () => Promise<T>): Promise<T> {
  const startedHere = await initTransaction(req)
  try {
    const result = await fn()
    if (startedHere) {
      await commitTransaction(req)
      for (const callback of takeAfterCommit(req)) callback()
    }
    return result
  } catch (error) {
    if (startedHere) {
      takeAfterCommit(req)
      await killTransaction(req)
    }
    throw error
  }
}
