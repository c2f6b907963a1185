// Read-replica routing: the public reads with DATABASE_REPLICA_URLS set
// (a streaming replica on this same machine) ÷ the same reads with it unset, on one Debian
// PostgreSQL 15 primary + replica pair (scripts/cluster/postgres-pair.ts) and the same data,
// measured in alternating rounds in one run (bench/rounds.ts). Target: on ÷ off ≥ 0.95, i.e. choosing
// the replica and its probe cost nothing measurable. The replica's own pg_stat_statements
// shows that the "on" server's reads did go to it. Ignores the bench's embedded server:
// `npm run bench -- replicas`.
import pg from 'pg'

import { type PostgresPair, startPostgresPair, waitForReplay } from '../scripts/cluster/postgres-pair'
import { freePort } from '../src/lib/embedded-database'
import { onServer } from '../src/lib/postgres/template-database'
import { BENCH_ENV, type BenchApp, log, runSeed } from './harness'
import { type ServerProcess, startServerProcess } from './processes'
import { markdownTable, type ScenarioResult } from './report'
import { alternate, formatSpread, ROUND_SECONDS, ROUNDS } from './rounds'

const DATABASE = 'bench'
const CONNECTIONS = Number(process.env.BENCH_REPLICA_CONNECTIONS ?? 10)
const READS = [
  { name: 'forum thread list, anonymous (shell SQL)', path: '/api/forum-threads?limit=20', table: 'forum_threads' },
  {
    name: 'public catalogue, anonymous (Payload REST)',
    path: '/api/service-listings?limit=20&depth=1',
    table: 'service_listings',
  },
]

/** Statements on `table` the replica ran for the bench database. */
async function replicaCalls(pair: PostgresPair, table: string): Promise<number> {
  const client = new pg.Client({ connectionString: pair.replica.url() })
  await client.connect()
  try {
    const { rows } = await client.query(
      `SELECT coalesce(sum(calls), 0)::int AS n FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = $1) AND query ILIKE $2`,
      [DATABASE, `%${table}%`],
    )
    return rows[0].n as number
  } finally {
    await client.end()
  }
}

export async function replicasBench(_app: BenchApp): Promise<ScenarioResult> {
  const pair = await startPostgresPair()
  const servers: ServerProcess[] = []
  try {
    await onServer(pair.primary.url(), (client) => client.query(`CREATE DATABASE ${DATABASE}`))
    const primaryUrl = pair.primary.url(DATABASE)
    const env = { ...BENCH_ENV, DATABASE_URL: primaryUrl, ADMIN_PANEL: 'false' }
    // The first server migrates the database at its start; the seed then fills it.
    const off = await startServerProcess('src/server.ts', await freePort(), env)
    servers.push(off)
    await runSeed({ databaseUrl: primaryUrl } as BenchApp, { services: 1_000, threads: 1_000, posts: 20_000 })
    await onServer(primaryUrl, (client) => client.query('CHECKPOINT'))
    await waitForReplay(pair, 120_000)
    const on = await startServerProcess(
      'src/server.ts',
      await freePort(),
      { ...env, DATABASE_REPLICA_URLS: pair.replica.url(DATABASE) },
      '/api/health/ready',
    )
    servers.push(on)

    const rows: Array<Record<string, string>> = []
    const data: Record<string, unknown> = {}
    for (const read of READS) {
      const before = await replicaCalls(pair, read.table)
      const {
        runs,
        merged,
        ratio: ratioOf,
      } = await alternate(
        `replicas: ${read.name}, routing off / on`,
        [
          { name: 'off', url: `${off.url}${read.path}` },
          { name: 'on', url: `${on.url}${read.path}` },
        ],
        { connections: CONNECTIONS },
      )
      const servedByReplica = (await replicaCalls(pair, read.table)) - before
      const bad = merged.off!.errors + merged.off!.non2xx + merged.on!.errors + merged.on!.non2xx
      const spread = ratioOf('on', 'off')
      const ratio = spread.median
      rows.push({
        read: read.name,
        conns: String(CONNECTIONS),
        'off req/s': merged.off!.rps.toFixed(0),
        'on req/s': merged.on!.rps.toFixed(0),
        'on ÷ off': formatSpread(spread),
        'on p50 / p99': `${merged.on!.p50} / ${merged.on!.p99} ms`,
        'statements on the replica': String(servedByReplica),
        'non-2xx/errors': String(bad),
      })
      data[read.path] = { off: runs.off, on: runs.on, ratio, servedByReplica }
    }
    const markdown = [
      `Public reads with replica routing on (\`DATABASE_REPLICA_URLS\`, the replica a Debian PostgreSQL 15 on this machine) ÷ off, same primary and data (1,000 services, 1,000 threads, 20,000 posts), ${ROUNDS} alternating rounds of ${ROUND_SECONDS} s each side (req/s the median of the rounds, the ratio the median of the rounds' ratios and their range), \`npm run bench -- replicas\`. Target ≥ 0.95×.`,
      '',
      markdownTable(rows),
    ].join('\n')
    log(markdown)
    return { sections: [{ name: 'replicas', markdown }], data }
  } finally {
    for (const server of servers.reverse()) await server.stop()
    await pair.stop()
  }
}
