// The hot reads (issue 10), each measured in the same run beside the limit (bench/limit-server.ts:
// express + pg, the same SQL) and, where one exists, the peer (Payload's stock REST for the
// same data), at 1, 10 and 50 connections. Prints one table; returns the rows for the report.
import { spawn } from 'node:child_process'

import { freePort } from '../src/lib/embedded-database'
import { measure, type Measurement } from './autocannon'
import { BENCH_ENV, log, type BenchApp } from './harness'
import { startServerProcess } from './processes'

const SERVICES = Number(process.env.BENCH_SERVICES ?? 1000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '1,10,50').split(',').map(Number)
const PASSWORD = 'Bench-Passw0rd!'

export interface ReadRow {
  scenario: string
  connections: number
  ours: Measurement
  limit?: Measurement
  peer?: Measurement
  serverRssMb: number
}

interface Scenario {
  name: string
  ours: string
  limit?: string
  peer?: string
  auth: 'bearer' | 'cookie' | 'none'
}

function seed(databaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', '--services', String(SERVICES)], {
      env: { ...process.env, ...BENCH_ENV, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed exited with ${code}`))))
  })
}

async function adminCredentials(app: BenchApp): Promise<{ bearer: Record<string, string>; cookie: Record<string, string> }> {
  const email = `bench-admin-${Date.now()}@example.test`
  await app.payload.create({ collection: 'users', overrideAccess: true, data: { email, password: PASSWORD, roles: ['admin'], emailVerified: true } as never })
  const response = await fetch(`${app.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  })
  if (response.status !== 200) throw new Error(`bench sign-in failed: ${response.status}`)
  const { token } = (await response.json()) as { token: string }
  const cookie = response.headers.getSetCookie().map((header) => header.split(';')[0]).join('; ')
  return { bearer: { authorization: `Bearer ${token}` }, cookie: { cookie } }
}

export async function readsBench(app: BenchApp): Promise<ReadRow[]> {
  log(`seeding ${SERVICES} services`)
  await seed(app.databaseUrl)
  const credentials = await adminCredentials(app)
  const limit = await startServerProcess('bench/limit-server.ts', await freePort(), { DATABASE_URL: app.databaseUrl })
  const [{ id }] = (await (await fetch(`${app.url}/api/admin/services/services?perPage=1&status=active`, { headers: credentials.bearer })).json()).services as [{ id: string }]
  const list = '/api/admin/services/services?perPage=20'
  const scenarios: Scenario[] = [
    { name: 'GET /api/health (shell)', ours: '/api/health', limit: '/api/health', auth: 'none' },
    { name: 'get-session, bearer', ours: '/api/auth/get-session', limit: '/api/auth/get-session', auth: 'bearer' },
    { name: 'get-session, cookie (cache hit)', ours: '/api/auth/get-session', auth: 'cookie' },
    { name: 'services list, 20', ours: list, limit: list, peer: '/api/service-listings?limit=20&depth=1', auth: 'bearer' },
    { name: 'services list, q=', ours: `${list}&q=service%201`, limit: `${list}&q=service%201`, peer: '/api/service-listings?limit=20&depth=1&where[searchText][like]=service%201', auth: 'bearer' },
    { name: 'one service', ours: `/api/admin/services/services?id=${id}`, limit: `/api/admin/services/services?id=${id}`, peer: `/api/service-listings/${id}?depth=1`, auth: 'bearer' },
    { name: 'public catalogue (stock), anonymous', ours: '/api/service-listings?limit=20&depth=1', auth: 'none' },
  ]
  const rows: ReadRow[] = []
  try {
    for (const scenario of scenarios) {
      const headers = scenario.auth === 'bearer' ? credentials.bearer : scenario.auth === 'cookie' ? credentials.cookie : {}
      for (const connections of CONNECTIONS) {
        log(`${scenario.name} at ${connections} connection(s), ${SECONDS} s each side`)
        const options = { connections, seconds: SECONDS, headers }
        const ours = await measure(`${app.url}${scenario.ours}`, options)
        const serverRssMb = await app.server.rssMb()
        const limitResult = scenario.limit ? await measure(`${limit.url}${scenario.limit}`, options) : undefined
        const peer = scenario.peer ? await measure(`${app.url}${scenario.peer}`, options) : undefined
        rows.push({ scenario: scenario.name, connections, ours, limit: limitResult, peer, serverRssMb })
      }
    }
  } finally {
    await limit.stop()
  }
  return rows
}
