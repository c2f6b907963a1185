// The mail queue's share of the database invariants (tests/helpers/invariants.ts), and a
// search of the whole database for a value (a token taken from a delivered mail) that must
// never be stored in clear. A queued mail's input is one sealed string and nothing else
// (src/lib/mail-queue/seal.ts); a failed try copies the input into the task log, so both count.
import type { Invariant } from './invariants'
import { sql, type TestApp } from './test-app'

const SEALED_ONLY = (column: string) =>
  `(jsonb_typeof(${column}) <> 'object' OR (SELECT count(*) FROM jsonb_object_keys(${column})) <> 1 OR ${column}->>'sealed' !~ '^v1\\.[A-Za-z0-9_-]+$')`

export const MAIL_INVARIANTS: Invariant[] = [
  {
    name: 'queued mail is sealed: no address, text or token in clear in payload_jobs',
    query: `SELECT 'job ' || id::text AS row FROM payload_jobs WHERE task_slug = 'send-mail' AND ${SEALED_ONLY('input')}
            UNION ALL SELECT 'job log ' || id FROM payload_jobs_log WHERE task_slug = 'send-mail' AND input IS NOT NULL AND ${SEALED_ONLY('input')}`,
  },
  {
    // Sent mail leaves nothing behind; a job that gave up stays, visibly failed. Payload
    // deletes a batch's sent jobs when the batch ends, so a runner at work (another process
    // on this database) holds some for a moment: only those older than a minute count.
    name: 'a mail job is waiting, running or failed: completed ones are deleted',
    query: `SELECT id::text AS row FROM payload_jobs WHERE task_slug = 'send-mail' AND completed_at < now() - interval '1 minute'`,
  },
]

/** `table.column` of every text or JSON column of the public schema holding `needle`. */
export async function columnsHolding(app: TestApp, needle: string): Promise<string[]> {
  const columns = await sql<{ table_name: string; column_name: string }>(
    app,
    `SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'jsonb', 'json')`,
  )
  const found: string[] = []
  for (const { table_name: table, column_name: column } of columns) {
    const rows = await sql(app, `SELECT 1 FROM "${table}" WHERE strpos("${column}"::text, $1) > 0 LIMIT 1`, [needle])
    if (rows.length) found.push(`${table}.${column}`)
  }
  return found
}
