// Raw SQL for the few statements the Local API cannot express atomically (an UPDATE …
// RETURNING that consumes a token exactly once). Runs inside the request's transaction
// when there is one, so it commits or rolls back with the rest of the use case.
import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { openTransaction } from './prepared'

type SQL = ReturnType<typeof sql>

interface Executor {
  execute: (query: SQL) => Promise<{ rows: Array<Record<string, unknown>> }>
}

const isExecutor = (db: unknown): db is Executor =>
  typeof db === 'object' && db !== null && 'execute' in db && typeof db.execute === 'function'

export async function execute(req: PayloadRequest, query: SQL): Promise<Array<Record<string, unknown>>> {
  // The same transaction lookup as prepared statements (src/lib/prepared.ts): a transaction
  // the adapter lost is an error, never a silent fall back to autocommit.
  const transaction = await openTransaction(req)
  const executor = transaction ? transaction.db : req.payload.db.drizzle
  if (!isExecutor(executor)) throw new Error('The database adapter offers no execute() for raw SQL')
  const result = await executor.execute(query)
  return result.rows
}

export { sql }
