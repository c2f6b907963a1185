// The hot routes on today's tree beside an earlier one, side by side in one run: `BENCH_BEFORE_DIR` names
// a checkout of the earlier commit (with node_modules; e.g. `git archive <commit> | tar -x -C DIR` and a
// link to this tree's node_modules), whose src/server.ts serves the same database on a port of its own.
// Each read alternates between the two servers (bench/rounds.ts) at BENCH_BEFORE_AFTER_CONNECTIONS
// (default 10); the table gives after ÷ before, the median of the rounds and their range (target: every
// read ≥ 0.90×), and each server's CPU per request over BENCH_BEFORE_AFTER_SEQUENTIAL requests one after
// the other, in alternating rounds (what a machine loaded by other work moves least).
// `npm run bench -- before-after`.
import path from 'node:path'

import { freePort } from '../src/lib/embedded-database'
import { adminCredentials, BENCH_ENV, type BenchApp, log, seedTo } from './harness'
import { cpuPerRequest, startServerProcess } from './processes'
import { SMALL } from './reads'
import { markdownTable, type ScenarioResult } from './report'
import { alternate, formatSpread, spreadOf } from './rounds'
import { benchService, DAYS_31, FIRST_DAY } from './slots'

const CONNECTIONS = Number(process.env.BENCH_BEFORE_AFTER_CONNECTIONS ?? 10)
const ROUNDS = Number(process.env.BENCH_BEFORE_AFTER_ROUNDS ?? 6)
const SEQUENTIAL = Number(process.env.BENCH_BEFORE_AFTER_SEQUENTIAL ?? 200)

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

export async function beforeAfterBench(app: BenchApp): Promise<ScenarioResult> {
  const dir = process.env.BENCH_BEFORE_DIR
  if (!dir) throw new Error('before-after: set BENCH_BEFORE_DIR to a checkout of the earlier commit')
  const pool = app.payload.db.pool
  await seedTo(app, SMALL)
  const serviceId = await benchService(app, pool)
  const { bearer } = await adminCredentials(app)
  const me = (await (await fetch(`${app.url}/api/profile`, { headers: bearer })).json()) as {
    profile: { username: string }
  }
  const reads = [
    { name: 'public catalogue, anonymous', path: '/api/service-listings?limit=20&depth=1', headers: {} },
    { name: 'public catalogue, bearer', path: '/api/service-listings?limit=20&depth=1', headers: bearer },
    { name: 'forum thread list, anonymous', path: '/api/forum-threads?limit=20&sort=-pinned,-lastPostAt', headers: {} },
    {
      name: 'forum thread list, bearer',
      path: '/api/forum-threads?limit=20&sort=-pinned,-lastPostAt',
      headers: bearer,
    },
    { name: 'public profile, anonymous', path: `/api/profile/${me.profile.username}`, headers: {} },
    { name: 'notifications inbox, bearer', path: '/api/profile/notifications?perPage=20', headers: bearer },
    {
      name: 'bookable times, 31 days',
      path: `/api/services/${serviceId}/slots?from=${FIRST_DAY}&to=${DAYS_31}`,
      headers: {},
    },
    { name: 'get-session, bearer', path: '/api/auth/get-session', headers: bearer },
  ]
  const before = await startServerProcess(path.join(dir, 'src/server.ts'), await freePort(), {
    ...BENCH_ENV,
    DATABASE_URL: app.databaseUrl,
    ADMIN_PANEL: 'false',
  })
  const rows: Array<Record<string, string>> = []
  try {
    for (const read of reads) {
      const answers = await Promise.all(
        [app.url, before.url].map(async (base) => {
          const response = await fetch(`${base}${read.path}`, { headers: read.headers })
          return `${response.status} ${await response.text()}`
        }),
      )
      if (answers[0] !== answers[1]) log(`before-after: the two trees answer ${read.path} differently`)
      const result = await alternate(
        `before-after: ${read.name}`,
        [
          { name: 'after', url: `${app.url}${read.path}` },
          { name: 'before', url: `${before.url}${read.path}` },
        ],
        { connections: CONNECTIONS, rounds: ROUNDS, headers: read.headers },
      )
      const cpu: Record<'after' | 'before', number[]> = { after: [], before: [] }
      for (let round = 0; round < ROUNDS; round++) {
        const sides = round % 2 ? (['before', 'after'] as const) : (['after', 'before'] as const)
        for (const side of sides) {
          const server = side === 'after' ? app.server : before
          cpu[side].push(await cpuPerRequest(server.pid, `${server.url}${read.path}`, SEQUENTIAL, read.headers))
        }
      }
      const cpuRatios = cpu.after.map((after, i) => cpu.before[i]! / Math.max(after, Number.EPSILON))
      rows.push({
        read: read.name,
        'after CPU/req': `${median(cpu.after).toFixed(2)} ms`,
        'before CPU/req': `${median(cpu.before).toFixed(2)} ms`,
        'before ÷ after CPU': formatSpread(spreadOf(cpuRatios)),
        'after req/s': result.merged.after!.rps.toFixed(0),
        'before req/s': result.merged.before!.rps.toFixed(0),
        'after ÷ before': formatSpread(result.ratio('after', 'before')),
        'non-2xx/errors': String(
          result.merged.after!.errors +
            result.merged.after!.non2xx +
            result.merged.before!.errors +
            result.merged.before!.non2xx,
        ),
      })
    }
  } finally {
    await before.stop()
  }
  const heading = `${CONNECTIONS} connections, ${ROUNDS} alternating rounds per read, one database.`
  const markdown = `${heading}\n\n${markdownTable(rows)}`
  log(markdown)
  return { sections: [{ name: 'before-after', markdown }] }
}
