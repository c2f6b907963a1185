// Hot statements as named prepared statements on Payload's own pool: PostgreSQL plans each
// once per connection, and no query is rebuilt in JavaScript per request (a Local API find
// rebuilds its drizzle relational query every time: issue 10, the profile in
// docs/performance.md). `run` is for reads and writes outside a use case's transaction;
// `runIn` runs on the request's transaction connection when there is one (so the statement
// commits or rolls back with the use case), else on the pool.
import type { Payload, PayloadRequest } from 'payload'

export interface Statement {
  /** Unique per text: pg keys its per-connection prepared statements by this name. */
  name: string
  text: string
}

interface Pool {
  query: (config: { name: string; text: string; values: unknown[] }) => Promise<{ rows: unknown[]; rowCount: number | null }>
}

/**
 * db-postgres keeps each open transaction as a drizzle transaction in `db.sessions[id].db`
 * (packages/drizzle/src/transactions/beginTransaction.ts); drizzle's node-postgres session
 * holds the pg client the transaction runs on. Internal to both: pinned by
 * tests/int/prepared-in-transaction.test.ts.
 */
interface Adapter {
  pool: Pool
  sessions?: Record<string, { db?: { session?: { client?: Pool } } }>
}

export function statement(name: string, text: string): Statement {
  return { name: `community.${name}`, text }
}

export async function run<T>(payload: Payload, statement: Statement, values: unknown[]): Promise<{ rows: T[]; rowCount: number }> {
  const pool = (payload.db as unknown as { pool: Pool }).pool
  const result = await pool.query({ ...statement, values })
  return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 }
}

/** `run`, on the request's transaction connection when a transaction is open, else on the pool. */
export async function runIn<T>(req: PayloadRequest, statement: Statement, values: unknown[]): Promise<{ rows: T[]; rowCount: number }> {
  const adapter = req.payload.db as unknown as Adapter
  const transactionId = await req.transactionID
  let connection = adapter.pool
  if (transactionId !== undefined && transactionId !== null) {
    const client = adapter.sessions?.[String(transactionId)]?.db?.session?.client
    // Never silently outside the transaction: the write would survive its rollback.
    if (!client) throw new Error(`No connection for transaction ${String(transactionId)}`)
    connection = client
  }
  const result = await connection.query({ ...statement, values })
  return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 }
}
