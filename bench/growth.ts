// Growth: the p50 of every read scenario at 10 connections on the small data set
// (1,000 services / 10,000 bookings) and again after seeding up to 100,000 services /
// 1,000,000 bookings, and EXPLAIN ANALYZE of each hot read's statements at the large size.
// The statements are recorded from the application's own query functions (a pool that
// records what they send), so the plans are those of the SQL the server runs.
// Not part of the default run (seeding a million bookings takes minutes): `npm run bench -- growth`.
import type { Pool } from 'pg'

import { findSession } from '../src/lib/auth/sessions'
import { type PoolOwner, run } from '../src/lib/prepared'
import { bookingPageQuery } from '../src/operations/bookings/admin-bookings'
import { queryService, queryServicePage } from '../src/operations/catalogue/services-query'
import { measure, type Measurement } from './autocannon'
import { adminCredentials, type BenchApp, log, seedTo, type Sizes } from './harness'
import { headersFor, readScenarios, SECONDS, SMALL } from './reads'
import { markdownTable, type ScenarioResult } from './report'

const LARGE: Sizes = {
  services: Number(process.env.BENCH_GROWTH_SERVICES ?? 100_000),
  users: Number(process.env.BENCH_GROWTH_USERS ?? 10_000),
  bookings: Number(process.env.BENCH_GROWTH_BOOKINGS ?? 1_000_000),
}
const CONNECTIONS = 10
const TARGET = 1.5

interface Recorded {
  title: string
  text: string
  values: unknown[]
}

/** The statements the app's read functions send, recorded on their way to the real pool. */
async function hotStatements(pool: Pool, token: string, serviceId: string): Promise<Recorded[]> {
  const recorded: Recorded[] = []
  let title = ''
  const recording = {
    query: (config: { text: string; values?: unknown[] }) => {
      recorded.push({ title, text: config.text, values: config.values ?? [] })
      return pool.query(config)
    },
  }
  const payload: PoolOwner = { db: { pool: recording } }
  const as = async (name: string, run: () => Promise<unknown>) => {
    title = name
    await run()
  }
  await as('get-session, bearer: the session lookup', () => findSession(payload, token))
  await as('services list, 20', () => queryServicePage(payload, {}, 20, 0))
  await as('services list, q=service 1', () => queryServicePage(payload, { q: 'service 1' }, 20, 0))
  await as('one service', () => queryService(payload, serviceId))
  // listBookings' one statement, as it runs outside a transaction: on the pool.
  const bookings = bookingPageQuery({}, { page: 1, perPage: 20 })
  await as('admin bookings list, 20', () => run(payload, bookings.statement, bookings.values))
  return recorded.filter((statement) => /^\s*(SELECT|WITH)/i.test(statement.text))
}

async function explain(pool: Pool, statement: Recorded) {
  await pool.query(statement.text, statement.values) // warm: the plan below is the steady state
  const { rows } = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${statement.text}`, statement.values)
  const plan = rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n')
  return {
    title: statement.title,
    executionMs: Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN),
    seqScans: [...plan.matchAll(/Seq Scan on (\w+)/g)].map((match) => match[1]!),
    indexes: [
      ...new Set(
        [...plan.matchAll(/(?:Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\w+)/g)].map(
          (match) => match[1]!,
        ),
      ),
    ],
    plan,
  }
}

async function p50s(
  app: BenchApp,
  credentials: Awaited<ReturnType<typeof adminCredentials>>,
): Promise<Map<string, Measurement>> {
  const results = new Map<string, Measurement>()
  for (const scenario of await readScenarios(app, credentials)) {
    if (scenario.name.startsWith('GET /api/health')) continue
    log(`growth: ${scenario.name} at ${CONNECTIONS} connections, ${SECONDS} s`)
    results.set(
      scenario.name,
      await measure(`${app.url}${scenario.ours}`, {
        connections: CONNECTIONS,
        seconds: SECONDS,
        headers: headersFor(scenario, credentials),
      }),
    )
  }
  return results
}

export async function growthBench(app: BenchApp): Promise<ScenarioResult> {
  const credentials = await adminCredentials(app)
  const small = await seedTo(app, SMALL)
  const before = await p50s(app, credentials)
  const large = await seedTo(app, LARGE)
  const after = await p50s(app, credentials)

  const pool = app.payload.db.pool
  const token = credentials.bearer.authorization!.replace(/^Bearer /, '')
  const [{ id }] = (
    await pool.query(`SELECT id FROM service_listings WHERE status = 'active' ORDER BY created_at DESC LIMIT 1`)
  ).rows as [{ id: string }]
  const plans = []
  for (const statement of await hotStatements(pool, token, id)) plans.push(await explain(pool, statement))

  const size = (sizes: Sizes) =>
    `${sizes.services.toLocaleString('en')} services / ${sizes.bookings.toLocaleString('en')} bookings`
  const rows = [...before].map(([name, small]) => {
    const big = after.get(name)!
    const growth = big.p50 / Math.max(small.p50, 1)
    return {
      scenario: name,
      [`p50, ${size(SMALL)}`]: `${small.p50} ms`,
      [`p50, ${size(LARGE)}`]: `${big.p50} ms`,
      growth: `${growth.toFixed(2)}×`,
      [`within ${TARGET}×`]: growth <= TARGET ? 'yes' : '**no**',
      'req/s small → large': `${small.rps.toFixed(0)} → ${big.rps.toFixed(0)}`,
    }
  })
  const planTable = plans.map((plan) => ({
    statement: plan.title,
    'execution time': `${plan.executionMs.toFixed(2)} ms`,
    indexes: plan.indexes.map((name) => `\`${name}\``).join(', '),
    'seq scans': plan.seqScans.length ? plan.seqScans.join(', ') : 'none',
  }))
  const markdown = [
    `Measured on ${size(small)} (${small.users.toLocaleString('en')} users), then on ${size(large)} (${large.users.toLocaleString('en')} users), ${CONNECTIONS} connections, ${SECONDS} s each, ours only.`,
    '',
    markdownTable(rows),
    '',
    `EXPLAIN (ANALYZE, BUFFERS) at ${size(large)}, each statement as the application sends it, run once before to warm the cache:`,
    '',
    markdownTable(planTable),
    '',
    ...plans.map((plan) => `<details><summary>${plan.title}</summary>\n\n\`\`\`\n${plan.plan}\n\`\`\`\n</details>\n`),
  ].join('\n')
  return {
    data: { small, large, before: Object.fromEntries(before), after: Object.fromEntries(after), plans },
    sections: [{ name: 'growth', markdown }],
  }
}
