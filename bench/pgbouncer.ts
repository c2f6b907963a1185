// Booking creation behind PgBouncer in transaction mode ÷ direct (issue 30): a second server
// process on the same database, connected through PgBouncer (scripts/cluster/pgbouncer.ts,
// as `npm run cluster` runs it: DATABASE_PREPARED_STATEMENTS=false, DATABASE_DIRECT_URL on
// the database itself), measured beside the bench's own server (direct, prepared statements
// on) in the same run, both sides at the same connections on the same service, each request
// a distinct free time. In the table, "ours" is behind PgBouncer and "limit" is direct.
// Needs Debian's pgbouncer (not in the default run).
import { freePort } from '../src/lib/embedded-database'
import { startPgBouncer } from '../scripts/cluster/pgbouncer'
import { measure } from './autocannon'
import { bookingRequests, setUp } from './bookings'
import { BENCH_ENV, log, type BenchApp } from './harness'
import { startServerProcess } from './processes'
import { SECONDS } from './reads'
import type { Row, ScenarioResult } from './report'

// One client (the hop's latency) and ten (a busy instance's pool).
const CONNECTIONS = [1, 10]

export async function pgbouncerBench(app: BenchApp): Promise<ScenarioResult> {
  const { serviceId, tokens } = await setUp(app)
  const bouncer = await startPgBouncer({ target: app.databaseUrl })
  const pooled = await startServerProcess('src/server.ts', await freePort(), {
    ...BENCH_ENV,
    ADMIN_PANEL: 'false',
    DATABASE_URL: bouncer.via(app.databaseUrl),
    DATABASE_DIRECT_URL: app.databaseUrl,
    DATABASE_PREPARED_STATEMENTS: 'false',
  })
  const varying = bookingRequests(serviceId, tokens)
  const rows: Row[] = []
  try {
    for (const connections of CONNECTIONS) {
      log(`booking creation behind PgBouncer and direct at ${connections} connection(s), ${SECONDS} s each side`)
      const options = { connections, seconds: SECONDS, varying }
      // Direct first, then behind the pooler, then direct again: the two direct runs bound the drift of a shared machine.
      const direct = await measure(`${app.url}/api/services/bookings`, options)
      const ours = await measure(`${pooled.url}/api/services/bookings`, options)
      const directAgain = await measure(`${app.url}/api/services/bookings`, options)
      const limit = direct.rps <= directAgain.rps ? direct : directAgain
      log(`direct ${direct.rps.toFixed(0)} and ${directAgain.rps.toFixed(0)} req/s, behind PgBouncer ${ours.rps.toFixed(0)} req/s`)
      rows.push({ scenario: 'booking creation behind PgBouncer (limit: the same server direct)', connections, ours, limit: { ...limit, rps: (direct.rps + directAgain.rps) / 2 }, serverRssMb: await pooled.rssMb() })
    }
  } finally {
    await pooled.stop()
    await bouncer.stop()
  }
  const failed = rows.filter((row) => row.ours.non2xx + row.ours.errors + (row.limit?.non2xx ?? 0) + (row.limit?.errors ?? 0) > 0)
  if (failed.length) throw new Error('pgbouncer bench: non-2xx answers')
  const markdown = [
    '| connections | direct req/s (mean of the runs before and after) | behind PgBouncer req/s | ratio | p99 direct / PgBouncer (ms) |',
    '|---|---|---|---|---|',
    ...rows.map((row) => `| ${row.connections} | ${row.limit!.rps.toFixed(0)} | ${row.ours.rps.toFixed(0)} | ${(row.ours.rps / row.limit!.rps).toFixed(2)} | ${row.limit!.p99} / ${row.ours.p99} |`),
  ].join('\n')
  return { rows, sections: [{ name: 'pgbouncer', markdown }] }
}
