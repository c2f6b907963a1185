// Hot statements as named prepared statements on Payload's own pool, planned once per connection and never
// rebuilt in JavaScript per request; DATABASE_PREPARED_STATEMENTS=false sends them unnamed, or as calls of
// PL/pgSQL functions, for PgBouncer in transaction mode (docs/decisions.md "Prepared statements can be turned
// off", "With prepared statements off, hot reads call PL/pgSQL functions").
import type { Payload, PayloadRequest } from 'payload'

import { publicReader } from './replicas/read-route'
import type { Reader } from './replicas/replica-set'
import { settings } from './settings'

export interface Statement {
  /** Unique per text: pg keys its per-connection prepared statements by this name. */
  name: string
  text: string
  /**
   * Sent instead of `text` when statements go unnamed: a call of a PL/pgSQL function whose
   * body is `text` (same columns, same values), so its plan is kept across transactions.
   */
  pooled?: string
}

/** A pool or one connection of it (or of its own): anything pg's `query(config)` runs on. */
export interface Connection {
  query: (config: {
    name?: string
    text: string
    values: unknown[]
  }) => Promise<{ rows: unknown[]; rowCount: number | null }>
  /**
   * True for a session of one's own on the server itself (postgres/session-client.ts on
   * DATABASE_DIRECT_URL: the mail runner's lock connection): no pooler stands between, so its
   * statements stay named whatever DATABASE_PREPARED_STATEMENTS says (docs/decisions.md "The
   * mail runner's lock session keeps named statements").
   */
  keepsPreparedStatements?: boolean
}

/**
 * db-postgres keeps each open transaction as a drizzle transaction in `db.sessions[id].db`
 * (packages/drizzle/src/transactions/beginTransaction.ts); drizzle's node-postgres session
 * holds the pg client the transaction runs on. Internal to both: pinned by
 * tests/int/prepared-in-transaction.test.ts.
 */
export interface TransactionSession {
  /** The drizzle transaction (`execute` for raw SQL); its session holds the pg client. */
  db?: { execute?: unknown; session?: { client?: Connection } }
}

interface Adapter {
  pool: Connection
  sessions?: Record<string, TransactionSession>
}

/** What the pool's statements use of Payload: its pool (a bench's server hands them only that). */
export interface PoolOwner {
  db: { pool: Connection & Reader }
}

export function statement(name: string, text: string, pooled?: string): Statement {
  return { name: `community.${name}`, text, ...(pooled ? { pooled } : {}) }
}

async function query<T>(
  connection: Connection,
  statement: Statement,
  values: unknown[],
): Promise<{ rows: T[]; rowCount: number }> {
  const named = settings().preparedStatements || connection.keepsPreparedStatements === true
  const config = named
    ? { name: statement.name, text: statement.text, values }
    : { text: statement.pooled ?? statement.text, values }
  const result = await connection.query(config)
  return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 }
}

/** `run` on a given connection: one a worker holds for a session's lock (the mail queue's). */
export function runOn<T>(
  connection: Connection,
  statement: Statement,
  values: unknown[],
): Promise<{ rows: T[]; rowCount: number }> {
  return query<T>(connection, statement, values)
}

export function run<T>(
  payload: PoolOwner,
  statement: Statement,
  values: unknown[],
): Promise<{ rows: T[]; rowCount: number }> {
  return query<T>(payload.db.pool, statement, values)
}

/**
 * A read where a slightly old answer is harmless (the public catalogue, forum, slots preview,
 * transparency figures): on a read replica when the request allows one and one is usable,
 * else on the primary. Inside a transaction (`req` has one open) it runs in the transaction.
 */
export async function runPublic<T>(
  payload: PoolOwner,
  statement: Statement,
  values: unknown[],
  req?: PayloadRequest,
): Promise<{ rows: T[]; rowCount: number }> {
  if (req && (await openTransaction(req))) return runIn<T>(req, statement, values)
  return query<T>(publicReader(payload), statement, values)
}

/**
 * `runPublic` for a statement planned for its values at every run (unnamed): where one plan for
 * any value would be wrong for the usual ones (src/lib/read-cache/count-free.ts).
 */
export async function runPublicUnnamed<T>(
  payload: Payload,
  text: string,
  values: unknown[],
  req?: Pick<Partial<PayloadRequest>, 'transactionID'>,
): Promise<{ rows: T[]; rowCount: number }> {
  const transaction = req ? await openTransaction({ payload, transactionID: req.transactionID }) : undefined
  const client = transaction?.db?.session?.client
  if (transaction && !client) throw new Error('No connection for the open transaction')
  const result = await (client ?? publicReader(payload)).query({ text, values })
  return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 }
}

/** `run`, on the request's transaction connection when a transaction is open, else on the pool. */
export async function runIn<T>(
  req: PayloadRequest,
  statement: Statement,
  values: unknown[],
): Promise<{ rows: T[]; rowCount: number }> {
  const transaction = await openTransaction(req)
  const client = transaction?.db?.session?.client
  // Never silently outside the transaction: the write would survive its rollback.
  if (transaction && !client) throw new Error('No connection for the open transaction')
  return query<T>(client ?? req.payload.db.pool, statement, values)
}

/**
 * The request's open transaction as db-postgres keeps it, or undefined when there is none.
 * Throws when the request names a transaction the adapter no longer has: a statement run
 * "outside" it would commit even if the use case rolls back.
 */
export async function openTransaction(
  req: Pick<PayloadRequest, 'payload' | 'transactionID'>,
): Promise<TransactionSession | undefined> {
  const transactionId = await req.transactionID
  if (transactionId === undefined || transactionId === null) return undefined
  const session = (req.payload.db as Adapter).sessions?.[String(transactionId)]
  if (!session) throw new Error(`No database session for transaction ${String(transactionId)}`)
  return session
}
