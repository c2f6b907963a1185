// Memory under load ("server RSS under the 50-connection load below 512 MB and
// flat over a 60 s run"): 50 connections for 60 s cycling through the hot reads (get-session
// by bearer and by cookie, the services list, one service, the bookings list), the server's
// RSS and PostgreSQL's proportional size sampled every 5 s.
import autocannon from 'autocannon'

import { adminCredentials, type BenchApp, log, seedTo } from './harness'
import { postgresPssMb } from './processes'
import { headersFor, readScenarios, SMALL } from './reads'
import { markdownTable, type ScenarioResult } from './report'

const SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 60)
const CONNECTIONS = 50
const EVERY_MS = 5_000
const MIX = [
  'get-session, bearer',
  'get-session, cookie (cache hit)',
  'services list, 20',
  'one service',
  'admin bookings list, 20',
]

export async function memoryBench(app: BenchApp): Promise<ScenarioResult> {
  await seedTo(app, SMALL)
  const credentials = await adminCredentials(app)
  const scenarios = (await readScenarios(app, credentials)).filter((scenario) => MIX.includes(scenario.name))
  const requests = scenarios.map((scenario) => ({
    method: 'GET' as const,
    path: scenario.ours,
    headers: headersFor(scenario, credentials),
  }))
  const samples: Array<{ second: number; serverRssMb: number; postgresPssMb: number }> = []
  const sample = async (second: number) => {
    samples.push({ second, serverRssMb: await app.server.rssMb(), postgresPssMb: await postgresPssMb(app.databaseDir) })
    const last = samples.at(-1)!
    log(
      `memory at ${second} s: server ${last.serverRssMb.toFixed(0)} MB RSS, PostgreSQL ${last.postgresPssMb.toFixed(0)} MB PSS`,
    )
  }
  await sample(0)
  const started = Date.now()
  const timer = setInterval(() => void sample(Math.round((Date.now() - started) / 1000)), EVERY_MS)
  let result: autocannon.Result
  try {
    result = await autocannon({ url: app.url, connections: CONNECTIONS, duration: SECONDS, requests })
  } finally {
    clearInterval(timer)
  }
  await sample(Math.round((Date.now() - started) / 1000))

  const server = samples.map((s) => s.serverRssMb)
  const afterWarmUp = samples.filter((s) => s.second >= 10).map((s) => s.serverRssMb)
  const summary = {
    requests: result.requests.total,
    perSecond: result.requests.average,
    non2xx: result.non2xx + result.errors + result.timeouts,
    serverRssMb: { start: server[0]!, max: Math.max(...server), end: server.at(-1)! },
    // Flat: how much the RSS moved after the first 10 s (JIT, pools and caches filled).
    driftAfter10sMb: Math.max(...afterWarmUp) - Math.min(...afterWarmUp),
    postgresPssMbMax: Math.max(...samples.map((s) => s.postgresPssMb)),
  }
  const table = markdownTable(
    samples.map((s) => ({
      second: String(s.second),
      'server RSS': `${s.serverRssMb.toFixed(0)} MB`,
      'PostgreSQL PSS': `${s.postgresPssMb.toFixed(0)} MB`,
      'server + PostgreSQL': `${(s.serverRssMb + s.postgresPssMb).toFixed(0)} MB`,
    })),
  )
  const markdown = [
    `${CONNECTIONS} connections for ${SECONDS} s cycling through ${MIX.join('; ')}: ${summary.requests.toLocaleString('en')} requests (${summary.perSecond.toFixed(0)}/s), ${summary.non2xx} non-2xx or errors.`,
    `Server RSS ${summary.serverRssMb.start.toFixed(0)} MB at the start, at most **${summary.serverRssMb.max.toFixed(0)} MB**, ${summary.serverRssMb.end.toFixed(0)} MB at the end; after the first 10 s it moved within **${summary.driftAfter10sMb.toFixed(0)} MB**. PostgreSQL at most ${summary.postgresPssMbMax.toFixed(0)} MB (proportional set size: shared buffers counted once).`,
    '',
    table,
  ].join('\n')
  if (summary.non2xx > 0) throw new Error(`memory bench: ${summary.non2xx} non-2xx answers or errors`)
  return { data: { summary, samples }, sections: [{ name: 'memory', markdown }] }
}
