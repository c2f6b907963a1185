// admin/list-users with a search, beside the limit (bench/limit-server.ts: express
// + pg, the same statement): a narrow search (one match) and a broad one (every seeded user
// matches: the total counts them all) at two sizes, 1 and 10 connections each:
// BENCH_LIST_USERS users (default 10,000), then BENCH_LIST_USERS_LARGE (default 1,000,000;
// 0 skips it). Seeding is scripts/seed-bulk-people.ts (batched SQL, a progress line per
// batch). `npm run bench -- list-users`. Each size's plans are logged (EXPLAIN ANALYZE of the
// limit's statement, the one the route builds) so a lost index shows in the log.
import type { Payload } from 'payload'

import { freePort } from '../src/lib/embedded-database'
import { measure } from './autocannon'
import { adminCredentials, type BenchApp, countRows, log, seedTo } from './harness'
import { startServerProcess } from './processes'
import { SECONDS } from './reads'
import type { Row, ScenarioResult } from './report'

const SIZES = [
  Number(process.env.BENCH_LIST_USERS ?? 10_000),
  Number(process.env.BENCH_LIST_USERS_LARGE ?? 1_000_000),
].filter((n) => n > 0)
const CONNECTIONS = [1, 10]

// The statement bench/limit-server.ts runs (and src/lib/auth/list-users-query.ts builds).
const EXPLAIN = `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) SELECT (SELECT count(*)::int FROM users u WHERE u.email ILIKE $1) AS total, u.id, u.email, u.created_at
  FROM users u WHERE u.email ILIKE $1 ORDER BY u.created_at desc, u.id LIMIT 20 OFFSET 0`

async function logPlan(payload: Payload, search: string) {
  const pool = payload.db.pool
  const { rows } = await pool.query(EXPLAIN, [`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`])
  log(`plan for searchValue=${search}:\n${rows.map((row) => `    ${row['QUERY PLAN']}`).join('\n')}`)
}

export async function listUsersBench(app: BenchApp): Promise<ScenarioResult> {
  const credentials = await adminCredentials(app)
  const limit = await startServerProcess('bench/limit-server.ts', await freePort(), { DATABASE_URL: app.databaseUrl })
  const rows: Row[] = []
  const measured: number[] = []
  try {
    for (const size of SIZES) {
      const now = await countRows(app)
      const started = Date.now()
      const sizes = await seedTo(app, { ...now, users: size })
      log(
        `database: ${sizes.users.toLocaleString('en')} users (seeded in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
      )
      // Fresh statistics after a bulk insert: the planner's choice is part of what is measured.
      await app.payload.db.pool.query('ANALYZE users, users_roles')
      measured.push(sizes.users)
      const narrow = `.${Math.min(4242, sizes.users - 1)}@`
      const queries = [
        ['admin/list-users, search (1 match)', narrow],
        ['admin/list-users, search (all match)', 'customer.'],
      ] as const
      for (const [, search] of queries) await logPlan(app.payload, search)
      for (const [name, search] of queries) {
        const path = `/api/auth/admin/list-users?searchValue=${encodeURIComponent(search)}&limit=20`
        for (const connections of CONNECTIONS) {
          log(
            `${name} at ${connections} connection(s), ${sizes.users.toLocaleString('en')} users, ${SECONDS} s each side`,
          )
          const options = { connections, seconds: SECONDS, headers: credentials.bearer }
          const ours = await measure(`${app.url}${path}`, options)
          const serverRssMb = await app.server.rssMb()
          rows.push({
            scenario: `${name}, ${sizes.users.toLocaleString('en')} users`,
            connections,
            ours,
            limit: await measure(`${limit.url}${path}`, options),
            serverRssMb,
          })
        }
      }
    }
  } finally {
    await limit.stop()
  }
  return { rows, data: { users: measured } }
}
