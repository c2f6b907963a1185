// `npm run bench -- cluster`: the deployment of `npm run cluster` (three
// instances, admin panel off, PgBouncer, HAProxy, PostgreSQL primary + replica), started as
// the script starts it: its start time, step by step, and its memory part by part (RSS of each
// process tree; PostgreSQL also as PSS, its shared buffers counted once). Then public reads
// through the load balancer on a seeded catalogue and forum, with pg_stat_statements on the
// primary: the database time one request costs, from which docs/performance.md works out the
// read capacity with N replicas. Needs Debian's postgresql-15, pgbouncer and haproxy.
import { spawn } from 'node:child_process'
import os from 'node:os'

import pg from 'pg'

import { type Cluster, startCluster, startTimes } from '../scripts/cluster/cluster'
import { measure } from './autocannon'
import { BENCH_ENV, type BenchApp, log } from './harness'
import { postgresPssMb, postmasterPid, processTree, rssMb } from './processes'
import type { ScenarioResult } from './report'

const READS = ['/api/service-listings?limit=10', '/api/forum-threads?limit=20', '/api/service-categories?limit=20']
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)

const treeRssMb = async (pid: number) =>
  (await Promise.all((await processTree(pid)).map(rssMb))).filter(Number.isFinite).reduce((sum, mb) => sum + mb, 0)

function seed(cluster: Cluster): Promise<void> {
  // The demo data plus a catalogue and a forum of some size, straight into the primary.
  const args = ['--services', '200', '--users', '500', '--bookings', '2000', '--threads', '500', '--posts', '5000']
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', ...args], {
      env: {
        ...process.env,
        ...BENCH_ENV,
        PAYLOAD_SECRET: cluster.instanceEnv.PAYLOAD_SECRET!,
        DATABASE_URL: cluster.primaryUrl,
        DATABASE_REPLICA_URLS: '',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed exited with ${code}`))))
  })
}

export async function clusterBench(_app: BenchApp): Promise<ScenarioResult> {
  const loadAtStart = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ')
  const cluster = await startCluster({ env: BENCH_ENV, progress: log })
  try {
    const parts: Array<{ part: string; rssMb: number; note?: string }> = []
    for (const instance of cluster.instances) parts.push({ part: instance.name, rssMb: await treeRssMb(instance.pid) })
    for (const node of [cluster.pair.primary, cluster.pair.replica]) {
      parts.push({
        part: `PostgreSQL ${node.name}`,
        rssMb: await treeRssMb(await postmasterPid(node.dataDir)),
        note: `PSS ${(await postgresPssMb(node.dataDir)).toFixed(0)} MB`,
      })
    }
    parts.push({ part: 'PgBouncer', rssMb: await treeRssMb(cluster.bouncer.pid) })
    parts.push({ part: 'HAProxy', rssMb: await treeRssMb(cluster.lb.pid) })
    const total = parts.reduce((sum, part) => sum + part.rssMb, 0)
    log(`cluster up in ${(cluster.startMs / 1000).toFixed(1)} s; RSS ${total.toFixed(0)} MB in all`)
    for (const line of startTimes(cluster)) log(`start time, ${line}`)

    log('seeding the primary (200 services, 500 users, 2,000 bookings, 500 threads, 5,000 posts)')
    await seed(cluster)
    // pg_stat_statements lives in the `postgres` database (postgres-pair.ts) and counts every database's statements.
    const stats = new pg.Client({ connectionString: cluster.pair.primary.url() })
    await stats.connect()
    const reads: Array<{ path: string; rps: number; dbMs: number; calls: number }> = []
    try {
      for (const path of READS) {
        await stats.query('SELECT pg_stat_statements_reset()')
        const result = await measure(`${cluster.lb.url}${path}`, { connections: 30, seconds: SECONDS })
        const { rows } = await stats.query(
          `SELECT coalesce(sum(s.total_exec_time), 0)::float AS ms, coalesce(sum(s.calls), 0)::int AS calls FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = 'community'`,
        )
        // `ok` counts measure()'s warm-up second too, whose statements the counts include.
        const answered = result.ok
        reads.push({ path, rps: result.rps, dbMs: rows[0].ms / answered, calls: rows[0].calls / answered })
        log(
          `${path}: ${result.rps.toFixed(0)} req/s through the balancer, ${(rows[0].ms / answered).toFixed(2)} ms of database time and ${(rows[0].calls / answered).toFixed(1)} statements per request`,
        )
      }
    } finally {
      await stats.end()
    }
    const markdown = [
      `Started in ${(cluster.startMs / 1000).toFixed(1)} s (three instances, admin panel off; load average ${loadAtStart}), per part as \`npm run cluster\` prints it:`,
      '',
      ...startTimes(cluster).map((line) => `- ${line}`),
      '',
      '| part | RSS (MB, process tree) |',
      '|---|---|',
      ...parts.map((part) => `| ${part.part} | ${part.rssMb.toFixed(0)}${part.note ? ` (${part.note})` : ''} |`),
      `| **in all** | **${total.toFixed(0)}** |`,
      '',
      'Public reads through the load balancer (30 connections, seeded: 200 services, 500 threads, 5,000 posts), database time per request from pg_stat_statements on the primary:',
      '',
      '| read | req/s (3 instances) | database ms / request | statements / request |',
      '|---|---|---|---|',
      ...reads.map(
        (read) =>
          `| \`GET ${read.path}\` | ${read.rps.toFixed(0)} | ${read.dbMs.toFixed(2)} | ${read.calls.toFixed(1)} |`,
      ),
    ].join('\n')
    return {
      sections: [{ name: 'cluster', markdown }],
      data: { startMs: cluster.startMs, timings: cluster.timings, parts, reads },
    }
  } finally {
    await cluster.stop()
  }
}
