// How a transaction ended, for work outside the database that must follow it: a media file
// written before its INSERT must go when that INSERT is rolled back. Every
// transaction of the adapter is opened by our beginTransaction (failed-commits.ts), and every
// way it ends (Payload's commitTransaction and rollbackTransaction, whoever opened it: an
// operation, its killTransaction on an error, our inTransaction) goes through the `resolve` or
// `reject` of the session it made; that session carries the listeners and tells them, once.
import type { Payload } from 'payload'

import { isDatabaseUnavailable } from '../http/unavailable'

/**
 * `rolled-back`: nothing of the transaction is in the database. `unknown`: the COMMIT was
 * sent and the connection failed before PostgreSQL answered; it may or may not have happened.
 */
export type TransactionEnd = 'committed' | 'rolled-back' | 'unknown'
/** What a listener returns is awaited before the operation goes on (and the client hears). */
export type TransactionEndListener = (end: TransactionEnd) => void | Promise<void>

/** What a session of failed-commits.ts keeps for its listeners. */
export interface HeardSession {
  listeners: TransactionEndListener[]
}

/** Tells the session's listeners how it ended; a second end of the same session tells nobody. */
export async function tellEnd(session: HeardSession, end: TransactionEnd): Promise<void> {
  const waiting = session.listeners.splice(0)
  await Promise.all(waiting.map((listener) => listener(end)))
}

/**
 * How a COMMIT that failed ended: PostgreSQL's own refusal (a deferred constraint) rolled it
 * back; a connection lost on the way leaves the outcome unknown.
 */
export const endOfFailedCommit = (error: unknown): TransactionEnd =>
  isDatabaseUnavailable(error) ? 'unknown' : 'rolled-back'

/** Hears how the open transaction `id` of `payload` ends (once). */
export function onTransactionEnd(payload: Payload, id: string, listener: TransactionEndListener): void {
  const session = (payload.db.sessions as Record<string, Partial<HeardSession> | undefined>)[id]
  // Not open (already ended), or not opened by failed-commits.ts (startPayload installs it).
  if (!session?.listeners)
    throw new Error(`Transaction ${id} is not open, or was not opened by reportFailedCommits' beginTransaction`)
  session.listeners.push(listener)
}
