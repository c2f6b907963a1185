// The soak: the mixed workload of load.ts from many clients for a bounded time
// against a server process, its resident memory sampled every second, then the database
// invariants. Verdict (`judgeSoak`): zero 5xx, zero unanswered requests, invariants hold,
// RSS flat. `npm run soak` (long) judges; tests/int/soak.test.ts (short) measures and makes
// its own checks, ten seconds being mostly warm-up for the RSS trend, so its log carries no
// verdict (a GROWING and FAIL printed by a passing test misled a reader).
import { checkInvariants } from './invariants'
import { type Action, ACTIONS, type LoadReport, quantile, runLoad, seedLoad, summary } from './load'
import type { TestApp } from './test-app'

export interface SoakOptions {
  /** HTTP to the server process, Local API and SQL in this one (server-app.ts). */
  app: TestApp
  clients: number
  seconds: number
  /**
   * Runs on past `seconds` until every action has been answered 2xx this many times: a check
   * on each action then holds however slow the machine (the short soak in npm test).
   */
  minEachAction?: number
  rssMb: () => Promise<number>
  log: (line: string) => void
}

export interface RssTrend {
  samples: number[]
  /** Least-squares slope over the second half (the first half is warm-up: JIT, caches, pool). */
  slopeMbPerMinute: number
  /** What that slope adds over the second half, in MB. */
  growthMb: number
  flat: boolean
}

export interface SoakResult {
  report: LoadReport
  rss: RssTrend
  violations: string[]
  p50: number
  p99: number
}

/** Growth under this (MB over the second half, and under 10 % of the mean) counts as flat. */
const FLAT_GROWTH_MB = 30

export function rssTrend(samples: number[]): RssTrend {
  const half = samples.slice(Math.floor(samples.length / 2))
  const n = half.length
  const meanX = (n - 1) / 2
  const meanY = half.reduce((sum, y) => sum + y, 0) / Math.max(1, n)
  let num = 0
  let den = 0
  half.forEach((y, x) => {
    num += (x - meanX) * (y - meanY)
    den += (x - meanX) ** 2
  })
  const slopePerSample = den === 0 ? 0 : num / den // samples are one second apart
  const growthMb = slopePerSample * Math.max(0, n - 1)
  return {
    samples,
    slopeMbPerMinute: slopePerSample * 60,
    growthMb,
    flat: growthMb < FLAT_GROWTH_MB && growthMb < 0.1 * meanY,
  }
}

export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const { app, log } = options
  log(`seeding (citizens, services with slots, comments to moderate)`)
  const fixture = await seedLoad(app, {
    citizens: Math.min(50, Math.max(5, Math.ceil(options.clients / 4))),
    comments: 200,
  })
  log(`${options.clients} clients for ${options.seconds} s against ${app.url}`)

  const samples: number[] = []
  let sent = 0
  const sampler = setInterval(() => {
    void options.rssMb().then((mb) => {
      samples.push(mb)
      if (samples.length % 10 === 0) log(`${samples.length} s: ${sent} requests, RSS ${mb.toFixed(0)} MB`)
    })
  }, 1000)
  const ok = new Map<Action, number>()
  let everyAction!: () => void
  const everyActionAnswered = new Promise<void>((resolve) => (everyAction = resolve))
  const enough = () => ACTIONS.every((action) => (ok.get(action) ?? 0) >= (options.minEachAction ?? 0))
  if (enough()) everyAction()
  const report = await runLoad({
    url: app.url,
    fixture,
    clients: options.clients,
    until: Promise.all([new Promise((resolve) => setTimeout(resolve, options.seconds * 1000)), everyActionAnswered]),
    onAnswer: (action, status) => {
      sent++
      if (status < 200 || status >= 300) return
      ok.set(action, (ok.get(action) ?? 0) + 1)
      if (enough()) everyAction()
    },
  })
  clearInterval(sampler)

  const rss = rssTrend(samples)
  const violations = await checkInvariants(app)
  const p50 = quantile(report.latenciesMs, 0.5)
  const p99 = quantile(report.latenciesMs, 0.99)
  log(summary(report))
  log(`by action: ${JSON.stringify(report.byAction)}`)
  if (Object.keys(report.networkErrors).length) log(`unanswered: ${JSON.stringify(report.networkErrors)}`)
  for (const answer of report.fiveXX.slice(0, 20))
    log(`5xx: ${answer.status} ${answer.action} ${answer.path} ${answer.body}`)
  log(
    `RSS MB: first ${samples[0]?.toFixed(0)}, max ${Math.max(...samples).toFixed(0)}, last ${samples.at(-1)?.toFixed(0)}; second-half slope ${rss.slopeMbPerMinute.toFixed(1)} MB/min (${rss.growthMb.toFixed(1)} MB over it)`,
  )
  for (const violation of violations) log(`INVARIANT ${violation}`)
  return { report, rss, violations, p50, p99 }
}

/** The long run's verdict, logged: true when it passed. */
export function judgeSoak(result: SoakResult, log: (line: string) => void): boolean {
  const { report, rss, violations } = result
  log(`RSS trend: ${rss.flat ? 'flat' : 'GROWING'}`)
  const passed =
    report.fiveXX.length === 0 && Object.keys(report.networkErrors).length === 0 && violations.length === 0 && rss.flat
  log(passed ? 'PASS: no 5xx, every request answered, invariants hold, RSS flat' : 'FAIL')
  return passed
}
