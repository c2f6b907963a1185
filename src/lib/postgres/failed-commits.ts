// A COMMIT that fails must fail the request: Payload's postgres adapter swallows that error, so the server
// answered 2xx for writes never stored (docs/decisions.md "Every pg client is listened to, and a failed
// COMMIT fails"). Every transaction's end also tells transaction-ends.ts how it ended.
import { randomUUID } from 'node:crypto'

import type { Payload } from 'payload'

import { endOfFailedCommit, type HeardSession, tellEnd } from './transaction-ends'

interface Session extends HeardSession {
  db: unknown
  resolve: () => Promise<void>
  reject: () => Promise<void>
}

interface TransactionalAdapter {
  drizzle: { transaction: (fn: (tx: unknown) => Promise<void>, options?: unknown) => Promise<void> }
  initializing?: Promise<void>
  sessions: Record<string, Pick<Session, 'db' | 'resolve' | 'reject'>>
  transactionOptions?: unknown
  beginTransaction: (options?: unknown) => Promise<string | null>
  commitTransaction: (id: string | Promise<string>) => Promise<void>
}

/** What the transaction body rejects with to make drizzle roll back (not an error). */
const ROLLBACK = Symbol('rollback')

export function reportFailedCommits(payload: Payload): void {
  const db = payload.db as TransactionalAdapter

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
