// Runs a family's test file again, unchanged, behind a real PgBouncer in transaction mode (docs/decisions.md
// "Suites behind PgBouncer are the same files, run again"); one imported file per test file, since Payload is
// one per module registry.
import { startPgBouncer } from '../../scripts/cluster/pgbouncer'
import { VIA_POOLER_ENV } from './test-app'

export interface BehindPgBouncer {
  /** The databases clients logged in to through the pooler (its log). */
  logins: Set<string>
  /** Stops the pooler and forgets it: after the imported file's apps have stopped. */
  stop: () => Promise<void>
}

export async function behindPgBouncer(): Promise<BehindPgBouncer> {
  const adminUrl = process.env.COMMUNITY_TEST_ADMIN_URL
  if (!adminUrl) throw new Error('No test database: run the tests through jest (globalSetup starts PostgreSQL)')
  const logins = new Set<string>()
  const bouncer = await startPgBouncer({
    target: adminUrl,
    poolSize: 3,
    log: (line) => logins.add(/login attempt: db=(\S+)/.exec(line)?.[1] ?? ''),
  })
  process.env[VIA_POOLER_ENV] = `127.0.0.1:${bouncer.port}`
  return {
    logins,
    stop: async () => {
      for (const name of [VIA_POOLER_ENV, 'DATABASE_PREPARED_STATEMENTS', 'DATABASE_DIRECT_URL'])
        delete process.env[name]
      await bouncer.stop()
    },
  }
}
