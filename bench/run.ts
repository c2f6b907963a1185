// `npm run bench [-- scenario …]`: starts the server once on loopback, runs the scenarios in order, prints
// one table, writes bench/results/<date>.json and updates docs/performance.md (docs/performance.md
// "Reproducing" lists the scenarios); every measurement is bounded in time.
import { bearerBench } from './bearer'
import { beforeAfterBench } from './before-after'
import { blocksBench } from './blocks'
import { bookingsBench } from './bookings'
import { catalogueBench } from './catalogue'
import { clusterBench } from './cluster'
import { cookieBarrierBench } from './cookie-barrier'
import { digestsBench } from './digests'
import { forumBench } from './forum'
import { growthBench } from './growth'
import { type BenchApp, log, startBenchApp } from './harness'
import { holdsSeatsBench } from './holds-seats'
import { listUsersBench } from './list-users'
import { memoryBench } from './memory'
import { outdatedBench } from './outdated'
import { pgbouncerBench } from './pgbouncer'
import { profileBench } from './profile'
import { queueBench } from './queue'
import { readsBench } from './reads'
import { replicasBench } from './replicas'
import { report, type ScenarioResult } from './report'
import { searchBench } from './search'
import { signInBench } from './sign-in'
import { slotsBench } from './slots'
import { versionsBench } from './versions'
import { watchedWordsBench } from './watched-words'
import { webhooksBench } from './webhooks'

const SCENARIOS: Record<string, (app: BenchApp) => Promise<ScenarioResult>> = {
  reads: readsBench,
  catalogue: catalogueBench,
  bookings: bookingsBench,
  'sign-in': signInBench,
  memory: memoryBench,
  growth: growthBench,
  'list-users': listUsersBench,
  queue: queueBench,
  slots: slotsBench,
  forum: forumBench,
  'cookie-barrier': cookieBarrierBench,
  webhooks: webhooksBench,
  profile: profileBench,
  pgbouncer: pgbouncerBench,
  cluster: clusterBench,
  replicas: replicasBench,
  bearer: bearerBench,
  'before-after': beforeAfterBench,
  digests: digestsBench,
  blocks: blocksBench,
  search: searchBench,
  'watched-words': watchedWordsBench,
  outdated: outdatedBench,
  'holds-seats': holdsSeatsBench,
  versions: versionsBench,
}
const DEFAULT = ['reads', 'catalogue', 'profile', 'bookings', 'sign-in', 'memory']

async function main() {
  const wanted = process.argv.slice(2)
  const unknown = wanted.filter((name) => !(name in SCENARIOS))
  if (unknown.length) {
    console.error(`[bench] unknown scenario(s): ${unknown.join(', ')}; known: ${Object.keys(SCENARIOS).join(', ')}`)
    process.exit(2)
  }
  const names = wanted.length ? wanted : DEFAULT
  const started = Date.now()
  const app = await startBenchApp()
  const results: Array<[string, ScenarioResult]> = []
  let failed = false
  try {
    for (const name of names) {
      log(`scenario ${name}`)
      try {
        results.push([name, await SCENARIOS[name]!(app)])
      } catch (error) {
        failed = true
        log(`scenario ${name} failed: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
  } finally {
    await app.stop()
  }
  const fullRun = !failed && DEFAULT.every((name) => names.includes(name))
  await report(results, `npm run bench${wanted.length ? ` -- ${wanted.join(' ')}` : ''}`, fullRun)
  log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  process.exit(failed ? 1 : 0)
}

main().catch((error: unknown) => {
  console.error(`[bench] could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
  process.exit(1)
})
