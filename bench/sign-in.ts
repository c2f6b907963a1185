// Sign-in cost: what one argon2id hash costs, how many sign-ins per second the
// server answers over real HTTP beside bare argon2 verifies at the same concurrency (the
// floor set by the hash alone), and whether an unknown email answers in the time of a wrong
// password.
import { verify } from '@node-rs/argon2'

import { hashPassword } from '../src/lib/auth/password-hash'
import { measure, type Measurement } from './autocannon'
import { type BenchApp, load, log, ms, printTable, rate } from './harness'
import { SECONDS } from './reads'
import type { Row, ScenarioResult } from './report'

const HASH_SAMPLES = 20
const VERIFIES = 200
const CONNECTIONS = [1, 10, 50]
const PARITY_ROUNDS = 30
const PASSWORD = 'Bench-Passw0rd!'

async function timeHashes(): Promise<{ perHash: number[]; median: number; p95: number }> {
  await hashPassword('warm-up-Passw0rd!')
  const perHash: number[] = []
  for (let i = 0; i < HASH_SAMPLES; i++) {
    const t0 = performance.now()
    await hashPassword(`${PASSWORD}-${i}`)
    perHash.push(performance.now() - t0)
    process.stderr.write(`\r[bench] argon2id hash: ${i + 1}/${HASH_SAMPLES}`)
  }
  process.stderr.write('\n')
  const sorted = [...perHash].sort((a, b) => a - b)
  return {
    perHash,
    median: sorted[Math.floor(sorted.length / 2)]!,
    p95: sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))]!,
  }
}

async function benchUser(app: BenchApp): Promise<string> {
  const email = `bench-${Date.now()}@example.test`
  const response = await fetch(`${app.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  })
  if (response.status !== 200) throw new Error(`bench sign-up failed: ${response.status} ${await response.text()}`)
  const { user } = (await response.json()) as { user: { id: string } }
  await app.payload.update({
    collection: 'users',
    id: user.id,
    data: { emailVerified: true } as never,
    overrideAccess: true,
  })
  return email
}

/** Sequential sign-ins alternating an unknown email and a wrong password: median of each. */
async function timingParity(url: string, email: string, rounds: number) {
  const unknown: number[] = []
  const wrong: number[] = []
  for (let i = 0; i < rounds; i++) {
    for (const [target, samples] of [
      ['nobody@example.test', unknown],
      [email, wrong],
    ] as const) {
      const t0 = performance.now()
      const ok = await signIn(url, target, 'Wrong-Passw0rd!', 401)()
      if (!ok) throw new Error('timing parity: expected 401')
      samples.push(performance.now() - t0)
    }
    process.stderr.write(`\r[bench] timing parity (sequential, alternating): ${i + 1}/${rounds}`)
  }
  process.stderr.write('\n')
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
  return { unknown: median(unknown), wrong: median(wrong) }
}

const signIn = (url: string, email: string, password: string, expected: number) => async () => {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  await response.arrayBuffer()
  return response.status === expected
}

/** Bare argon2 verifies at `connections` in flight, in the bench process: the floor set by the hash. */
async function bareVerify(stored: string, connections: number): Promise<Measurement> {
  const result = await load(`bare argon2 verify ×${connections}`, VERIFIES, connections, async () =>
    verify(stored, PASSWORD),
  )
  return {
    rps: result.perSecond,
    p50: Math.round(result.p50),
    p99: Math.round(result.p99),
    errors: result.failures,
    non2xx: 0,
    ok: result.count - result.failures,
  }
}

export async function signInBench(app: BenchApp): Promise<ScenarioResult> {
  log(`argon2id (m=19456 KiB, t=2, p=1), ${HASH_SAMPLES} sequential hashes`)
  const hashes = await timeHashes()
  const email = await benchUser(app)
  const stored = await hashPassword(PASSWORD)
  const rows: Row[] = []
  for (const connections of CONNECTIONS) {
    log(`sign-in at ${connections} connection(s), ${SECONDS} s`)
    const ours = await measure(`${app.url}/api/auth/sign-in/email`, {
      connections,
      seconds: SECONDS,
      varying: {
        method: 'POST',
        next: () => ({
          body: JSON.stringify({ email, password: PASSWORD }),
          headers: { 'content-type': 'application/json' },
        }),
      },
    })
    const serverRssMb = await app.server.rssMb()
    rows.push({
      scenario: 'sign-in (limit: bare argon2 verify)',
      connections,
      ours,
      limit: await bareVerify(stored, connections),
      serverRssMb,
    })
  }
  const parity = await timingParity(app.url, email, PARITY_ROUNDS)

  printTable(`Password hashing (argon2id, n=${HASH_SAMPLES}, sequential)`, [
    { measure: 'time per hash, median', value: ms(hashes.median) },
    { measure: 'time per hash, p95', value: ms(hashes.p95) },
    { measure: 'hashes per second (one at a time)', value: rate(1000 / hashes.median) },
  ])
  const parityRatio = parity.unknown / parity.wrong
  printTable('Timing parity', [
    {
      ratio: `unknown email ÷ wrong password, sequential medians (${ms(parity.unknown)} / ${ms(parity.wrong)}; ≈1: no enumeration by time)`,
      value: parityRatio.toFixed(2),
    },
  ])
  const failed = rows.filter((row) => row.ours.non2xx + row.ours.errors > 0)
  if (failed.length)
    throw new Error(
      `sign-in: unexpected answers at ${failed.map((row) => `${row.connections} connection(s)`).join(', ')}`,
    )
  return {
    rows,
    data: {
      hashMs: { median: hashes.median, p95: hashes.p95 },
      parity: { unknownMs: parity.unknown, wrongMs: parity.wrong, ratio: parityRatio },
    },
    sections: [
      {
        name: 'sign-in',
        markdown: `argon2id hash, median of ${HASH_SAMPLES} sequential: ${ms(hashes.median)} (p95 ${ms(hashes.p95)}). Timing parity, sequential medians of ${PARITY_ROUNDS} alternating sign-ins: unknown email ${ms(parity.unknown)}, wrong password ${ms(parity.wrong)}, ratio **${parityRatio.toFixed(2)}** (≈ 1: an email's existence does not show in the time).`,
      },
    ],
  }
}
