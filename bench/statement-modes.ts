// `npx tsx bench/statement-modes.ts`: what a `pooled` statement costs PostgreSQL unnamed, as a function call
// and named (docs/decisions.md "With prepared statements off, hot reads call PL/pgSQL functions"), in CPU
// per run, which a loaded machine moves less than a rate.
import pg from 'pg'

import { FIND_SESSION } from '../src/lib/auth/sessions'
import type { Statement } from '../src/lib/prepared'
import { SERVICE_TERMS_AND_SLOTS } from '../src/operations/bookings/service-terms'
import { setUp } from './bookings'
import { startBenchApp } from './harness'
import { cpuMs } from './processes'
import { markdownTable } from './report'

const RUNS = 2_000
const PASSES = 3

async function main() {
  const app = await startBenchApp()
  const client = new pg.Client({ connectionString: app.databaseUrl })
  try {
    const { pool, serviceId } = await setUp(app)
    const hash = (await pool.query('SELECT token_hash FROM sessions LIMIT 1')).rows[0].token_hash
    const reads: Array<{ label: string; statement: Statement; values: unknown[] }> = [
      { label: 'the session by token hash', statement: FIND_SESSION, values: [hash] },
      {
        label: "the service with its weekday's slots and the date's exceptions",
        statement: SERVICE_TERMS_AND_SLOTS,
        values: [serviceId, 3, '2031-01-01', null],
      },
    ]
    await client.connect()
    const backend = (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number
    const rows: Array<Record<string, string>> = []
    for (const { label, statement, values } of reads) {
      const ways = {
        'unnamed query': { text: statement.text, values },
        "unnamed, the function's call": { text: statement.pooled!, values },
        'named query': { name: statement.name, text: statement.text, values },
      }
      const measured: Record<string, Array<{ postgres: number; node: number }>> = {}
      for (let pass = 0; pass < PASSES; pass++) {
        for (const [way, config] of Object.entries(ways)) {
          const postgresBefore = await cpuMs(backend)
          const nodeBefore = process.cpuUsage()
          for (let i = 0; i < RUNS; i++) await client.query(config)
          const node = process.cpuUsage(nodeBefore)
          if (pass > 0)
            (measured[way] ??= []).push({
              postgres: ((await cpuMs(backend)) - postgresBefore) / RUNS,
              node: (node.user + node.system) / 1000 / RUNS,
            })
        }
      }
      const range = (values: number[]) => `${Math.min(...values).toFixed(3)}–${Math.max(...values).toFixed(3)} ms`
      for (const [way, passes] of Object.entries(measured)) {
        rows.push({
          read: label,
          'sent as': way,
          'PostgreSQL CPU a run': range(passes.map((p) => p.postgres)),
          'client CPU a run': range(passes.map((p) => p.node)),
        })
      }
    }
    console.log(markdownTable(rows))
  } finally {
    await client.end().catch(() => undefined)
    await app.stop()
  }
}

await main()
process.exit(0)
