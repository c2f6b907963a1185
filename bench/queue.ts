// The moderation queue: GET /api/admin/moderation/queue at 1,000 and at 100,000 open
// reports (five per item: 200, then 20,000 items in the queue), beside the limit (bench/
// limit-server.ts: express + pg running the same statement). The target: p50 at 100,000
// within 1.5× of p50 at 1,000. Reports and queue rows are seeded set-based, consistent with
// each other (the invariant of tests/helpers/invariants.ts), as the report operation leaves them.
import { freePort } from '../src/lib/embedded-database'
import { measure, type Measurement } from './autocannon'
import { adminCredentials, type BenchApp, log } from './harness'
import { startServerProcess } from './processes'
import { SECONDS } from './reads'
import { markdownTable, type Row, type ScenarioResult } from './report'

const SIZES = [1_000, 100_000]
const PER_ITEM = 5
const CONNECTIONS = [1, 10]
const PATH = '/api/admin/moderation/queue?perPage=20'

type Pool = { query: (text: string, values?: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }> }

/** Adds open reports (and their queue entries) until there are `total`. */
async function seedReports(pool: Pool, total: number): Promise<void> {
  const [{ n }] = (await pool.query(`SELECT count(*)::int AS n FROM content_reports WHERE status = 'open'`)).rows as [
    { n: number },
  ]
  const items = Math.ceil((total - n) / PER_ITEM)
  if (items <= 0) return
  await pool.query(
    `WITH items AS (
       SELECT gen_random_uuid()::text AS post_id, now() - (i * interval '1 second') AS first FROM generate_series(1, $1) i
     ), reports AS (
       INSERT INTO content_reports (post_type, post_id, reason, status, created_at, updated_at)
       SELECT 'blogComments', post_id, (ARRAY['spam','hate','harassment','other','illegal'])[r]::enum_content_reports_reason, 'open', first + r * interval '1 ms', first
       FROM items, generate_series(1, $2) r
       RETURNING 1
     )
     INSERT INTO report_queue (post_type, post_id, status, item_status, excerpt, reports, reasons, first_reported_at, created_at, updated_at)
     SELECT 'blogComments', post_id, 'open', 'published', 'A reported comment for the bench', $2, '{"spam":1,"hate":1,"harassment":1,"other":1,"illegal":1}', first, first, first FROM items`,
    [items, PER_ITEM],
  )
  await pool.query('ANALYZE content_reports; ANALYZE report_queue')
}

export async function queueBench(app: BenchApp): Promise<ScenarioResult> {
  const pool = app.payload.db.pool
  const credentials = await adminCredentials(app)
  const limit = await startServerProcess('bench/limit-server.ts', await freePort(), { DATABASE_URL: app.databaseUrl })
  const rows: Row[] = []
  const p50s: Record<number, Measurement> = {}
  try {
    for (const size of SIZES) {
      await seedReports(pool, size)
      log(`queue at ${size.toLocaleString('en')} open reports`)
      for (const connections of CONNECTIONS) {
        const options = { connections, seconds: SECONDS, headers: credentials.bearer }
        const ours = await measure(`${app.url}${PATH}`, options)
        const serverRssMb = await app.server.rssMb()
        const limitResult = await measure(`${limit.url}${PATH}`, options)
        rows.push({
          scenario: `moderation queue, ${size.toLocaleString('en')} open reports`,
          connections,
          ours,
          limit: limitResult,
          serverRssMb,
        })
        if (connections === 1) p50s[size] = ours
      }
    }
  } finally {
    await limit.stop()
  }
  const [small, large] = SIZES.map((size) => p50s[size]!)
  const ratio = large!.p50 / Math.max(small!.p50, 0.001)
  const table = markdownTable(
    rows.map((row) => ({
      scenario: row.scenario,
      conns: String(row.connections),
      'ours req/s': row.ours.rps.toFixed(0),
      'ours p50': `${row.ours.p50} ms`,
      'limit req/s': row.limit!.rps.toFixed(0),
      'limit p50': `${row.limit!.p50} ms`,
      'ours ÷ limit': `${(row.ours.rps / Math.max(row.limit!.rps, 1)).toFixed(2)}×`,
    })),
  )
  const markdown = `${table}\n\nQueue p50 at 1 connection: ${small!.p50} ms at 1,000 open reports, ${large!.p50} ms at 100,000 (${ratio.toFixed(2)}×; target ≤ 1.5×).`
  log(markdown)
  return {
    rows,
    sections: [{ name: 'Moderation queue', markdown }],
    data: { p50: { small: small!.p50, large: large!.p50 }, ratio },
  }
}
