// `npm run soak [-- --clients 200 --seconds 60]`: the long load run. Starts the server
// the way `npm run bench` does (src/server.ts in a process of its own, admin panel off, an
// embedded PostgreSQL in a temp folder, rate limits out of reach), seeds users, services and
// comments, runs the mixed workload (tests/helpers/load.ts) from that many clients for that
// long while sampling the server's RSS, then checks the database invariants. Prints p50/p99,
// statuses by action and the RSS trend; exits 1 on any 5xx, unanswered request, broken
// invariant or growing RSS.
import { parseArgs } from 'node:util'

import { viaServer } from '../tests/helpers/server-app'
import { judgeSoak, runSoak } from '../tests/helpers/soak'
import { sql, type TestApp } from '../tests/helpers/test-app'
import { log as benchLog, startBenchApp } from './harness'

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
  },
})
const log = (line: string) => console.error(`[soak] ${line}`)

async function main(): Promise<number> {
  const bench = await startBenchApp()
  try {
    const local: TestApp = {
      url: bench.url,
      payload: bench.payload,
      databaseUrl: bench.databaseUrl,
      request: (path, init) => fetch(`${bench.url}${path}`, init),
      stop: async () => {},
    }
    const result = await runSoak({
      app: viaServer(local, bench.url),
      clients: Number(values.clients),
      seconds: Number(values.seconds),
      rssMb: bench.server.rssMb,
      log,
    })
    const [{ bookings }] = await sql<{ bookings: number }>(local, 'SELECT count(*)::int AS bookings FROM bookings')
    log(`bookings stored: ${bookings}; p50 ${result.p50.toFixed(0)} ms, p99 ${result.p99.toFixed(0)} ms`)
    return judgeSoak(result, log) ? 0 : 1
  } finally {
    benchLog('stopping')
    await bench.stop()
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[soak] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
    process.exit(1)
  },
)
