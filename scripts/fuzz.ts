// `npm run fuzz [-- --seed N --count N --concurrency N]`: the long hostile-input run.
// Starts PostgreSQL (embedded, or DATABASE_URL's server) with a migrated database and the real
// app in this process (so Object.prototype can be inspected afterwards), seeds a catalogue,
// sends the requests, probes the hidden fields, checks the database invariants, and exits 1
// on any failure. A failing seed replays exactly with the same --seed and --count.
import { parseArgs } from 'node:util'

import { dropMedia } from '../tests/helpers/catalogue'
import { runFuzz } from '../tests/helpers/fuzz/run'
import { seedFuzzData } from '../tests/helpers/fuzz/seed'
import { checkInvariants } from '../tests/helpers/invariants'
import { startTestApp } from '../tests/helpers/test-app'
import { setupTestDatabase } from '../tests/helpers/test-database'

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: String(Date.now() % 2 ** 31) },
    count: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '4' },
  },
})
const log = (line: string) => console.error(`[fuzz] ${line}`)

async function main(): Promise<number> {
  const seed = Number(values.seed)
  const count = Number(values.count)
  const database = await setupTestDatabase()
  const app = await startTestApp()
  try {
    await seedFuzzData(app)
    log(`seed ${seed}, ${count} requests, concurrency ${values.concurrency}`)
    const report = await runFuzz(app, {
      seed,
      count,
      concurrency: Number(values.concurrency),
      onProgress: (progress) =>
        log(`${progress.sent} sent, ${progress.failures.length} failing, ${(progress.durationMs / 1000).toFixed(0)} s`),
    })
    const violations = await checkInvariants(app)
    log(`${report.sent} requests to ${report.targets} routes in ${(report.durationMs / 1000).toFixed(1)} s`)
    log(`statuses: ${JSON.stringify(report.byStatus)}`)
    for (const slow of report.slowest)
      log(`slow: ${slow.ms} ms ${slow.method} ${slow.path.slice(0, 160)} [${slow.note}] → ${slow.status}`)
    for (const failure of report.failures) {
      log(
        `FAIL #${failure.index} ${failure.method} ${failure.path.slice(0, 200)} [${failure.note}] → ${failure.status ?? '-'}: ${failure.problems.join('; ')}`,
      )
    }
    for (const [reason, count] of Object.entries(report.knownOpen)) log(`known open (${count}×): ${reason}`)
    if (Object.keys(report.failureKinds).length) log(`failures by kind: ${JSON.stringify(report.failureKinds)}`)
    for (const violation of violations) log(`INVARIANT ${violation}`)
    const passed = report.failures.length === 0 && violations.length === 0
    log(
      passed
        ? 'PASS: no 5xx (beyond the known open items above), no unanswered request, no bad error body, no leak, no pollution, invariants hold'
        : 'FAIL',
    )
    return passed ? 0 : 1
  } finally {
    await dropMedia(app)
    await app.stop()
    await database.stop()
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[fuzz] could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
    process.exit(2)
  },
)
