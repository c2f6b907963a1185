// `npm run bench -- pgbouncer`: booking creation behind PgBouncer ÷ direct, and direct without prepared
// statements, in the same rounds, so the pooler's hop and the unnamed statements are told apart
// (docs/decisions.md "The PgBouncer bench separates the pooler's hop from unnamed statements").
import os from 'node:os'

import { startPgBouncer } from '../scripts/cluster/pgbouncer'
import { freePort } from '../src/lib/embedded-database'
import { bookingRequests, cpuPerBooking, quiet, setUp } from './bookings'
import { BENCH_ENV, type BenchApp, log } from './harness'
import { cpuMs, postmasterPid, startServerProcess, treeCpuMs } from './processes'
import { markdownTable, type Row, type ScenarioResult } from './report'
import { alternate, formatSpread, ROUND_SECONDS, ROUNDS, type Spread } from './rounds'

// One client (the hop's latency) and ten (a busy instance's pool).
const CONNECTIONS = [1, 10]
const CPU_BOOKINGS = 100

export async function pgbouncerBench(app: BenchApp): Promise<ScenarioResult> {
  const { pool, serviceId, tokens } = await setUp(app)
  const loadBefore = os.loadavg()
  const bouncer = await startPgBouncer({ target: app.databaseUrl })
  const serverEnv = { ...BENCH_ENV, ADMIN_PANEL: 'false', DATABASE_PREPARED_STATEMENTS: 'false' }
  const unnamed = await startServerProcess('src/server.ts', await freePort(), {
    ...serverEnv,
    DATABASE_URL: app.databaseUrl,
  })
  const pooled = await startServerProcess('src/server.ts', await freePort(), {
    ...serverEnv,
    DATABASE_URL: bouncer.via(app.databaseUrl),
    DATABASE_DIRECT_URL: app.databaseUrl,
  })
  const varying = bookingRequests(serviceId, tokens)
  const postgres = await postmasterPid(app.databaseDir)
  const cpu: Array<{ side: string; server: number; postgres: number; pgbouncer: number }> = []
  const rows: Row[] = []
  const table: Array<Record<string, string>> = []
  const data: Array<{
    connections: number
    rps: Record<string, number[]>
    pooled: Spread
    unnamed: Spread
    hop: Spread
  }> = []
  try {
    for (const connections of CONNECTIONS) {
      const sides = [
        { name: 'direct', url: `${app.url}/api/services/bookings` },
        { name: 'unnamed', url: `${unnamed.url}/api/services/bookings` },
        { name: 'pgbouncer', url: `${pooled.url}/api/services/bookings` },
      ]
      const { runs, merged, ratio } = await alternate(
        'booking creation, direct / direct unnamed / behind PgBouncer',
        sides,
        { connections, varying, settle: () => quiet(pool) },
      )
      for (const m of Object.values(merged))
        if (m.errors + m.non2xx > 0) throw new Error(`pgbouncer bench: non-2xx answers (${JSON.stringify(merged)})`)
      const spreads = {
        pooled: ratio('pgbouncer', 'direct'),
        unnamed: ratio('unnamed', 'direct'),
        hop: ratio('pgbouncer', 'unnamed'),
      }
      rows.push({
        scenario: 'booking creation behind PgBouncer (limit: the same server direct)',
        connections,
        ours: merged.pgbouncer!,
        limit: merged.direct,
        ratios: { limit: spreads.pooled },
        serverRssMb: await pooled.rssMb(),
      })
      table.push({
        conns: String(connections),
        'direct req/s': merged.direct!.rps.toFixed(0),
        'direct, unnamed req/s': merged.unnamed!.rps.toFixed(0),
        'PgBouncer req/s': merged.pgbouncer!.rps.toFixed(0),
        'PgBouncer ÷ direct (target ≥ 0.85)': formatSpread(spreads.pooled),
        'unnamed ÷ direct (no prepared statements)': formatSpread(spreads.unnamed),
        'PgBouncer ÷ unnamed (the hop)': formatSpread(spreads.hop),
        'p99 direct / unnamed / PgBouncer': `${merged.direct!.p99} / ${merged.unnamed!.p99} / ${merged.pgbouncer!.p99} ms`,
      })
      data.push({
        connections,
        rps: Object.fromEntries(
          Object.entries(runs).map(([side, measured]) => [side, measured.map((m) => Math.round(m.rps))]),
        ),
        ...spreads,
      })
    }
    // CPU per booking, one after the other, of each process the booking passes through: what
    // a loaded machine moves least, and where a cost would show (parse and plan in PostgreSQL
    // for unnamed statements; PgBouncer's own CPU for the hop). Twice round, direct first and last.
    log(`pgbouncer: CPU per booking, ${CPU_BOOKINGS} one after the other per side, twice round`)
    const servers = { direct: app.server.pid, unnamed: unnamed.pid, pgbouncer: pooled.pid }
    for (const side of ['direct', 'unnamed', 'pgbouncer', 'pgbouncer', 'unnamed', 'direct'] as const) {
      await quiet(pool)
      const url = side === 'direct' ? app.url : side === 'unnamed' ? unnamed.url : pooled.url
      const measured = await cpuPerBooking(
        {
          server: () => cpuMs(servers[side]),
          postgres: () => treeCpuMs(postgres),
          pgbouncer: () => cpuMs(bouncer.pid),
        },
        `${url}/api/services/bookings`,
        varying,
        CPU_BOOKINGS,
      )
      cpu.push({ side, ...measured })
    }
  } finally {
    await pooled.stop()
    await unnamed.stop()
    await bouncer.stop()
  }
  const loadAfter = os.loadavg()
  const mean = (side: string, part: 'server' | 'postgres' | 'pgbouncer') => {
    const of = cpu.filter((row) => row.side === side)
    return of.reduce((sum, row) => sum + row[part], 0) / of.length
  }
  const cpuTable = ['direct', 'unnamed', 'pgbouncer'].map((side) => {
    const total = mean(side, 'server') + mean(side, 'postgres') + mean(side, 'pgbouncer')
    const direct = mean('direct', 'server') + mean('direct', 'postgres') + mean('direct', 'pgbouncer')
    return {
      side:
        side === 'direct'
          ? 'direct, prepared statements'
          : side === 'unnamed'
            ? 'direct, unnamed statements'
            : 'behind PgBouncer, unnamed',
      'server ms': mean(side, 'server').toFixed(2),
      'PostgreSQL ms': mean(side, 'postgres').toFixed(2),
      'PgBouncer ms': mean(side, 'pgbouncer').toFixed(2),
      'in all ms': total.toFixed(2),
      'direct ÷ this (CPU-bound throughput ratio)': `${(direct / total).toFixed(2)}×`,
    }
  })
  const markdown = [
    `Booking creation (each request a distinct free time), ${ROUNDS} alternating rounds of ${ROUND_SECONDS} s per side on three servers of one database, every round's bookings and mail drained before the next; req/s the median of the rounds, a ratio the median of the rounds' ratios and (their range). Load average ${loadBefore.map((n) => n.toFixed(1)).join(' / ')} before, ${loadAfter.map((n) => n.toFixed(1)).join(' / ')} after.`,
    '',
    markdownTable(table),
    '',
    `Req/s round by round (direct / unnamed / PgBouncer): ${data.map((d) => `${d.connections} connection(s): ${d.rps.direct!.join(' ')} / ${d.rps.unnamed!.join(' ')} / ${d.rps.pgbouncer!.join(' ')}`).join('; ')}.`,
    '',
    `CPU per booking, ${CPU_BOOKINGS} bookings one after the other per side, each side twice (direct, unnamed, PgBouncer, then back), the mean; PostgreSQL is the postmaster and its backends (every side's statements run there), PgBouncer its one process. On a machine where the cores are the limit, throughput goes as the inverse of the CPU in all:`,
    '',
    markdownTable(cpuTable),
  ].join('\n')
  return { rows, sections: [{ name: 'pgbouncer', markdown }], data: { rounds: data, cpu } }
}
