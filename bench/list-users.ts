// admin/list-users with a search (issue 22), beside the limit (bench/limit-server.ts: express
// + pg, the same statement): a narrow search (one match) and a broad one (every seeded user
// matches: the total counts them all) at BENCH_LIST_USERS users (default 10,000), 1 and 10
// connections. `npm run bench -- list-users`; BENCH_LIST_USERS=1000000 for the large run.
import { freePort } from '../src/lib/embedded-database'
import { measure } from './autocannon'
import { adminCredentials, countRows, log, seedTo, type BenchApp } from './harness'
import { startServerProcess } from './processes'
import type { Row, ScenarioResult } from './report'
import { SECONDS } from './reads'

const USERS = Number(process.env.BENCH_LIST_USERS ?? 10_000)
const CONNECTIONS = [1, 10]

export async function listUsersBench(app: BenchApp): Promise<ScenarioResult> {
  const now = await countRows(app)
  const sizes = await seedTo(app, { ...now, users: USERS })
  log(`database: ${sizes.users.toLocaleString('en')} users`)
  const credentials = await adminCredentials(app)
  const limit = await startServerProcess('bench/limit-server.ts', await freePort(), { DATABASE_URL: app.databaseUrl })
  const queries = [
    ['admin/list-users, search (1 match)', `/api/auth/admin/list-users?searchValue=${encodeURIComponent(`.${Math.min(4242, sizes.users - 1)}@`)}&limit=20`],
    ['admin/list-users, search (all match)', '/api/auth/admin/list-users?searchValue=customer.&limit=20'],
  ] as const
  const rows: Row[] = []
  try {
    for (const [name, path] of queries) {
      for (const connections of CONNECTIONS) {
        log(`${name} at ${connections} connection(s), ${SECONDS} s each side`)
        const options = { connections, seconds: SECONDS, headers: credentials.bearer }
        const ours = await measure(`${app.url}${path}`, options)
        const serverRssMb = await app.server.rssMb()
        rows.push({ scenario: `${name}, ${sizes.users.toLocaleString('en')} users`, connections, ours, limit: await measure(`${limit.url}${path}`, options), serverRssMb })
      }
    }
  } finally {
    await limit.stop()
  }
  return { rows, data: { users: sizes.users } }
}
