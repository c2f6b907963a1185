// Raw SQL for the few statements the Local API cannot express atomically (an UPDATE …
// RETURNING that consumes a token exactly once). Runs inside the request's transaction
// when there is one, so it commits or rolls back with the rest of the use case.
import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

type SQL = ReturnType<typeof sql>

interface Executor {
  execute: (query: SQL) => Promise<{ rows: Array<Record<string, unknown>> }>
}

export async function execute(req: PayloadRequest, query: SQL): Promise<Array<Record<string, unknown>>> {
  const db = req.payload.db as unknown as { drizzle: Executor; sessions?: Record<string, { db: Executor }> }
  const transactionId = await req.transactionID
  const executor = (transactionId !== undefined && transactionId !== null && db.sessions?.[String(transactionId)]?.db) || db.drizzle
  const result = await executor.execute(query)
  return result.rows
}

export { sql }
