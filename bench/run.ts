// `npm run bench [-- scenario …]`: starts the server once on loopback (its own process, an
// embedded PostgreSQL in a temp folder) and runs the scenarios in order, each printing its
// table. Request counts and durations are bounded.
import { startBenchApp, log, type BenchApp } from './harness'
import { bookingsBench } from './bookings'
import { readsBench } from './reads'
import { reportReads } from './report'
import { signInBench } from './sign-in'

// `npm run bench -- reads bookings` runs only the named scenarios.
const all: Array<[name: string, run: (app: BenchApp) => Promise<void>]> = [
  ['reads', async (app) => reportReads(await readsBench(app))],
  ['bookings', bookingsBench],
  ['sign-in', signInBench],
]
const wanted = process.argv.slice(2)
const scenarios = wanted.length ? all.filter(([name]) => wanted.includes(name)) : all

async function main() {
  const started = Date.now()
  const app = await startBenchApp()
  let failed = false
  try {
    for (const [name, run] of scenarios) {
      log(`scenario ${name}`)
      try {
        await run(app)
      } catch (error) {
        failed = true
        log(`scenario ${name} failed: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
  } finally {
    await app.stop()
  }
  log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  process.exit(failed ? 1 : 0)
}

main().catch((error: unknown) => {
  console.error(`[bench] could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
  process.exit(1)
})
