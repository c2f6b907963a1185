// The hot reads, each measured in the same run beside the limit (bench/limit-server.ts:
// express + pg, the same SQL) and, where one exists, the peer (Payload's stock REST for the
// same data), at 1, 10 and 50 connections, in alternating rounds (bench/rounds.ts).
import { freePort } from '../src/lib/embedded-database'
import { adminCredentials, type BenchApp, log, seedTo, type Sizes } from './harness'
import { startServerProcess } from './processes'
import type { Row, ScenarioResult } from './report'
import { alternate, QUICK_ROUNDS } from './rounds'

export const SMALL: Sizes = {
  services: Number(process.env.BENCH_SERVICES ?? 1_000),
  users: Number(process.env.BENCH_USERS ?? 1_000),
  bookings: Number(process.env.BENCH_BOOKINGS ?? 10_000),
}
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '1,10,50').split(',').map(Number)

export interface ReadScenario {
  name: string
  ours: string
  limit?: string
  peer?: string
  auth: 'bearer' | 'cookie' | 'none'
}

export type Credentials = Awaited<ReturnType<typeof adminCredentials>>

export const headersFor = (scenario: ReadScenario, credentials: Credentials) =>
  scenario.auth === 'bearer' ? credentials.bearer : scenario.auth === 'cookie' ? credentials.cookie : {}

/** The read scenarios, on whatever data the database holds (an active service's id inside). */
export async function readScenarios(app: BenchApp, credentials: Credentials): Promise<ReadScenario[]> {
  const found = await fetch(`${app.url}/api/admin/services/services?perPage=1&status=active`, {
    headers: credentials.bearer,
  })
  const [{ id }] = ((await found.json()) as { services: Array<{ id: string }> }).services as [{ id: string }]
  const services = '/api/admin/services/services?perPage=20'
  const bookings = '/api/admin/services/bookings?perPage=20'
  return [
    { name: 'GET /api/health (shell)', ours: '/api/health', limit: '/api/health', auth: 'none' },
    { name: 'get-session, bearer', ours: '/api/auth/get-session', limit: '/api/auth/get-session', auth: 'bearer' },
    {
      name: 'get-session, cookie (cache hit)',
      ours: '/api/auth/get-session',
      limit: '/api/auth/get-session',
      auth: 'cookie',
    },
    {
      name: 'services list, 20',
      ours: services,
      limit: services,
      peer: '/api/service-listings?limit=20&depth=1',
      auth: 'bearer',
    },
    {
      name: 'services list, q=',
      ours: `${services}&q=service%201`,
      limit: `${services}&q=service%201`,
      peer: '/api/service-listings?limit=20&depth=1&where[searchText][like]=service%201',
      auth: 'bearer',
    },
    {
      name: 'one service',
      ours: `/api/admin/services/services?id=${id}`,
      limit: `/api/admin/services/services?id=${id}`,
      peer: `/api/service-listings/${id}?depth=1`,
      auth: 'bearer',
    },
    {
      name: 'admin bookings list, 20',
      ours: bookings,
      limit: bookings,
      peer: '/api/bookings?limit=20&depth=1',
      auth: 'bearer',
    },
    { name: 'public catalogue (stock), anonymous', ours: '/api/service-listings?limit=20&depth=1', auth: 'none' },
  ]
}

export async function readsBench(app: BenchApp): Promise<ScenarioResult> {
  const sizes = await seedTo(app, SMALL)
  log(
    `database: ${sizes.services.toLocaleString('en')} services, ${sizes.users.toLocaleString('en')} users, ${sizes.bookings.toLocaleString('en')} bookings`,
  )
  const credentials = await adminCredentials(app)
  const limit = await startServerProcess('bench/limit-server.ts', await freePort(), { DATABASE_URL: app.databaseUrl })
  const rows: Row[] = []
  try {
    for (const scenario of await readScenarios(app, credentials)) {
      const headers = headersFor(scenario, credentials)
      for (const connections of CONNECTIONS) {
        const sides = [
          { name: 'ours', url: `${app.url}${scenario.ours}` },
          ...(scenario.limit ? [{ name: 'limit', url: `${limit.url}${scenario.limit}` }] : []),
          ...(scenario.peer ? [{ name: 'peer', url: `${app.url}${scenario.peer}` }] : []),
        ]
        const { merged, ratio } = await alternate(scenario.name, sides, { connections, headers, rounds: QUICK_ROUNDS })
        rows.push({
          scenario: scenario.name,
          connections,
          ours: merged.ours!,
          limit: merged.limit,
          peer: merged.peer,
          ratios: {
            limit: scenario.limit ? ratio('ours', 'limit') : undefined,
            peer: scenario.peer ? ratio('ours', 'peer') : undefined,
          },
          serverRssMb: await app.server.rssMb(),
        })
      }
    }
  } finally {
    await limit.stop()
  }
  return { rows, data: { sizes } }
}
