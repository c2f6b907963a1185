// How a transaction ended, for work outside the database that must follow it: a media file
// written before its INSERT must go when that INSERT is rolled back (issue 19). Every
// Payload operation ends its transaction through the adapter's commitTransaction (after
// reportFailedCommits, a failed COMMIT rejects) or rollbackTransaction (killTransaction, on
// any error of an operation or of our inTransaction), whoever opened it: those two are
// wrapped here, and listeners registered for a transaction id hear its outcome once.
import type { Payload } from 'payload'

import { isDatabaseUnavailable } from '../http/unavailable'

/**
 * `rolled-back`: nothing of the transaction is in the database. `unknown`: the COMMIT was
 * sent and the connection failed before PostgreSQL answered; it may or may not have happened.
 */
export type TransactionEnd = 'committed' | 'rolled-back' | 'unknown'
/** What a listener returns is awaited before the operation goes on (and the client hears). */
export type TransactionEndListener = (end: TransactionEnd) => void | Promise<void>

interface Adapter {
  commitTransaction: (id: string | Promise<string>) => Promise<void>
  rollbackTransaction: (id: string | Promise<string>) => Promise<void>
}

const listeners = new WeakMap<Payload, Map<string, TransactionEndListener[]>>()

async function tell(payload: Payload, id: string, end: TransactionEnd): Promise<void> {
  const waiting = listeners.get(payload)?.get(id)
  if (!waiting) return
  listeners.get(payload)!.delete(id)
  await Promise.all(waiting.map((listener) => listener(end)))
}

/** Hears how transaction `id` of `payload` ends (once). */
export function onTransactionEnd(payload: Payload, id: string, listener: TransactionEndListener): void {
  watchTransactionEnds(payload)
  const byId = listeners.get(payload)!
  byId.set(id, [...(byId.get(id) ?? []), listener])
}

/** Installs the watch on Payload's adapter (after reportFailedCommits, whose commit it wraps). */
export function watchTransactionEnds(payload: Payload): void {
  if (listeners.has(payload)) return
  listeners.set(payload, new Map())
  const db = payload.db as unknown as Adapter
  const commit = db.commitTransaction.bind(db)
  const rollback = db.rollbackTransaction.bind(db)
  db.commitTransaction = async (incoming) => {
    const id = await incoming
    try {
      await commit(id)
    } catch (error) {
      // PostgreSQL's own refusal of the COMMIT (a deferred constraint) rolled it back; a
      // connection lost on the way leaves the outcome unknown.
      await tell(payload, id, isDatabaseUnavailable(error) ? 'unknown' : 'rolled-back')
      throw error
    }
    await tell(payload, id, 'committed')
  }
  db.rollbackTransaction = async (incoming) => {
    const id = await incoming
    try {
      await rollback(id)
    } finally {
      await tell(payload, id, 'rolled-back')
    }
  }
}
