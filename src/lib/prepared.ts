// Hot statements as named prepared statements on Payload's own pool: PostgreSQL plans each
// once per connection, and no query is rebuilt in JavaScript per request (a Local API find
// rebuilds its drizzle relational query every time: issue 10, the profile in
// docs/performance.md). Only for reads and writes outside a use case's transaction; a use
// case keeps going through `req` (src/lib/sql.ts) so it commits or rolls back as one.
import type { Payload } from 'payload'

export interface Statement {
  /** Unique per text: pg keys its per-connection prepared statements by this name. */
  name: string
  text: string
}

interface Pool {
  query: (config: { name: string; text: string; values: unknown[] }) => Promise<{ rows: unknown[]; rowCount: number | null }>
}

export function statement(name: string, text: string): Statement {
  return { name: `community.${name}`, text }
}

export async function run<T>(payload: Payload, statement: Statement, values: unknown[]): Promise<{ rows: T[]; rowCount: number }> {
  const pool = (payload.db as unknown as { pool: Pool }).pool
  const result = await pool.query({ ...statement, values })
  return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 }
}
