// A÷B on a shared machine: short alternating rounds (A B, B A, …), each after a settle and a warm-up second,
// and the median of the per-round ratios, so the machine's drift falls on both sides (docs/decisions.md
// "Bench ratios come from alternating short rounds").
import { measure, type Measurement, type Options } from './autocannon'
import { log } from './harness'

/** Rounds per A÷B (BENCH_ROUNDS, default 8). */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8)
/**
 * Rounds for the scenarios of the default run and the three-sided ones (reads, catalogue, forum,
 * the main booking rows), BENCH_QUICK_ROUNDS, default 2 (A B, then B A): 2 × (1 + 3) s a side
 * against the 1 + 5 s of one long run, so the default run takes about a third longer, not 3×.
 */
export const QUICK_ROUNDS = Number(process.env.BENCH_QUICK_ROUNDS ?? 2)
/** Seconds per side per round (BENCH_ROUND_SECONDS, default 3). */
export const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 3)

export interface Side {
  name: string
  url: string
  /** Headers or a varying request for this side only (else the shared ones). */
  headers?: Record<string, string>
  varying?: Options['varying']
  /** Before each of this side's measurements, after `settle` (a switch the sides share, such as webhooks on or off). */
  prepare?: () => Promise<void>
}

export interface AlternateOptions {
  connections: number
  rounds?: number
  seconds?: number
  headers?: Record<string, string>
  varying?: Options['varying']
  /** Before every measurement (the first warm-up included): wait until the last one's work is done. */
  settle?: () => Promise<void>
}

/** The median of per-round ratios and their range. */
export interface Spread {
  median: number
  low: number
  high: number
  ratios: number[]
}

export interface Alternation {
  /** Every round's measurement, by side. */
  runs: Record<string, Measurement[]>
  /** One figure per side: the median of its rounds' req/s, p50 and p99; errors, non-2xx and 2xx summed. */
  merged: Record<string, Measurement>
  /** `a ÷ b`, round by round. */
  ratio: (a: string, b: string) => Spread
}

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

export function spreadOf(ratios: number[]): Spread {
  return { median: median(ratios), low: Math.min(...ratios), high: Math.max(...ratios), ratios }
}

/** `0.93× (0.85–1.02)`: the median of the rounds' ratios, then their range. */
export const formatSpread = (spread?: Spread) =>
  spread ? `${spread.median.toFixed(2)}× (${spread.low.toFixed(2)}–${spread.high.toFixed(2)})` : ''

function mergeRuns(runs: Measurement[]): Measurement {
  const sum = (pick: (m: Measurement) => number) => runs.reduce((total, m) => total + pick(m), 0)
  return {
    rps: median(runs.map((m) => m.rps)),
    p50: median(runs.map((m) => m.p50)),
    p99: median(runs.map((m) => m.p99)),
    errors: sum((m) => m.errors),
    non2xx: sum((m) => m.non2xx),
    ok: sum((m) => m.ok),
  }
}

/** Measures `sides` in alternating rounds at `connections`; see the file's comment. */
export async function alternate(label: string, sides: Side[], options: AlternateOptions): Promise<Alternation> {
  const rounds = options.rounds ?? ROUNDS
  const seconds = options.seconds ?? ROUND_SECONDS
  const settle = options.settle ?? (async () => undefined)
  const optionsOf = (side: Side): Options => ({
    connections: options.connections,
    seconds,
    warmUpSeconds: 1,
    headers: side.headers ?? options.headers,
    varying: side.varying ?? options.varying,
  })
  const runs: Record<string, Measurement[]> = Object.fromEntries(sides.map((side) => [side.name, []]))
  log(
    `${label}: ${sides.map((side) => side.name).join(' / ')} at ${options.connections} connection(s), ${rounds} alternating rounds of ${seconds} s each side (after 1 s of warm-up each)`,
  )
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? sides : [...sides].reverse()
    for (const side of order) {
      await settle()
      await side.prepare?.()
      runs[side.name]!.push(await measure(side.url, optionsOf(side)))
    }
    process.stderr.write(
      `\r[bench] ${label}: round ${round + 1}/${rounds} ${sides.map((side) => `${side.name} ${runs[side.name]!.at(-1)!.rps.toFixed(0)}`).join(', ')} req/s   `,
    )
  }
  process.stderr.write('\n')
  await settle()
  // `ok` sums every round's 2xx, warm-ups included (a write scenario checks the database against it).
  const merged = Object.fromEntries(sides.map((side) => [side.name, mergeRuns(runs[side.name]!)]))
  const ratio = (a: string, b: string) =>
    spreadOf(runs[a]!.map((m, i) => m.rps / Math.max(runs[b]![i]!.rps, Number.EPSILON)))
  return { runs, merged, ratio }
}
