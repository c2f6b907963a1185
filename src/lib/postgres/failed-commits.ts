// A COMMIT that fails must fail the request. Payload's postgres adapter (@payloadcms/drizzle
// 3.90) loses that error twice: beginTransaction's `.catch` swallows the rejection of
// drizzle's transaction once it has started, and commitTransaction catches what is left.
// So when PostgreSQL went away between a use case's last statement and its COMMIT, the
// server answered 2xx for a write that was never made (fault 1 of found a sign-up
// answered 200 and absent from the database). The two adapter methods are replaced here,
// same contract (`sessions[id] = {db, resolve, reject}`), except that a failed COMMIT
// rejects: the caller's transaction helper then answers 503 (src/lib/http/unavailable.ts).
// Every transaction ends in its session's `resolve` or `reject`, so the session also tells
// who listens how it ended (transaction-ends.ts: the files of a failed upload).
import { randomUUID } from 'node:crypto'

import type { Payload } from 'payload'

import { endOfFailedCommit, tellEnd, type HeardSession } from './transaction-ends'

interface Session extends HeardSession {
  db: unknown
  resolve: () => Promise<void>
  reject: () => Promise<void>
}

interface TransactionalAdapter {
  drizzle: { transaction: (fn: (tx: unknown) => Promise<void>, options?: unknown) => Promise<void> }
  initializing?: Promise<void>
  sessions: Record<string, Session>
  transactionOptions?: unknown
  beginTransaction: (options?: unknown) => Promise<string | null>
  commitTransaction: (id: string | Promise<string>) => Promise<void>
}

/** What the transaction body rejects with to make drizzle roll back (not an error). */
const ROLLBACK = Symbol('rollback')

export function reportFailedCommits(payload: Payload): void {
  const db = payload.db as unknown as TransactionalAdapter

  db.beginTransaction = async (options) => {
    await db.initializing
    let tx: unknown
    let commit!: () => void
    let rollback!: () => void
    let done!: Promise<void>
    try {
      // Resolves once BEGIN has run and the body waits for commit or rollback.
      await new Promise<void>((ready, failed) => {
        done = db.drizzle.transaction(async (transaction) => {
          tx = transaction
          await new Promise<void>((resolve, reject) => {
            commit = resolve
            rollback = () => reject(ROLLBACK)
            ready()
          })
        }, options || db.transactionOptions)
        done.catch(failed) // a failed BEGIN; after `ready` this does nothing
      })
    } catch (error) {
      throw new Error(`Error: cannot begin transaction: ${(error as Error).message}`, { cause: error })
    }
    const id = randomUUID()
    const session: Session = {
      db: tx,
      listeners: [],
      // Rejects with the COMMIT's error: the write did not happen (or, connection lost, may not have).
      resolve: async () => {
        commit()
        try {
          await done
        } catch (error) {
          await tellEnd(session, endOfFailedCommit(error))
          throw error
        }
        await tellEnd(session, 'committed')
      },
      // A rollback is the outcome asked for; one that fails leaves nothing committed either.
      reject: async () => {
        rollback()
        await done.catch(() => undefined)
        await tellEnd(session, 'rolled-back')
      },
    }
    db.sessions[id] = session
    return id
  }

  db.commitTransaction = async (incomingId) => {
    const id = await incomingId
    const session = db.sessions[id]
    if (!session) return // already ended (rolled back by another operation of the request)
    delete db.sessions[id]
    await session.resolve()
  }
}
