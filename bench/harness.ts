// What every bench scenario needs: the real server (`src/server.ts`, as `npm start` runs it,
// admin panel off) in a process of its own on loopback, against an embedded PostgreSQL in a
// throw-away folder; Payload in the bench process on the same database for fixtures; a
// bounded load generator with progress, and a table printer. Nothing leaves 127.0.0.1.
import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import type { Payload } from 'payload'

import { type ServerProcess, startServerProcess } from './processes'

export interface BenchApp {
  /** The server process's base URL. */
  url: string
  /** Payload in the bench process, same database: for fixtures, never under load. */
  payload: Payload
  server: ServerProcess
  databaseUrl: string
  /** The embedded PostgreSQL's folder (its postmaster names it on its command line). */
  databaseDir: string
  stop: () => Promise<void>
}

export interface Sizes {
  services: number
  users: number
  bookings: number
}

// Limits stay on (their counters are part of the measured path) but out of reach.
export const BENCH_ENV: Record<string, string> = {
  PAYLOAD_DB_PUSH: 'false',
  PAYLOAD_SECRET: 'bench-secret-bench-secret-bench-secret',
  RATE_LIMIT_GLOBAL_MAX: '10000000',
  RATE_LIMIT_SIGN_IN_MAX: '10000000',
  RATE_LIMIT_SIGN_IN_EMAIL_MAX: '10000000',
  RATE_LIMIT_SIGN_UP_MAX: '10000000',
  // The server shares the project's media/ with the bench's throw-away database: no sweep.
  MEDIA_SWEEP_AT_START: 'false',
  // Seeded confirmed bookings would make the first sweep mail hundreds of reminders in the
  // middle of a measurement: a one-off backlog, not the steady state measured here.
  BOOKING_REMINDER_HOURS: '0',
  // The webhooks scenario delivers to a receiver on loopback, over http.
  WEBHOOKS_ALLOW_HTTP: 'true',
  WEBHOOKS_ALLOW_PRIVATE: 'true',
  // Its receiver that is down: a failed delivery is tried again every second (120 times)
  // instead of after 5 s, 5 min…, so that 10,000 of them keep the worker busy while the
  // server's memory is sampled. Deliveries that succeed never wait on these.
  WEBHOOKS_RETRY_DELAYS_MS: Array(120).fill('1000').join(','),
}

export const log = (line: string) => process.stderr.write(`[bench] ${line}\n`)

export async function startBenchApp(): Promise<BenchApp> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'community-bench-'))
  const { freePort, removeEmbeddedState, startEmbeddedDatabase } = await import('../src/lib/embedded-database')
  const started = Date.now()
  const db = await startEmbeddedDatabase({ stateDir: root, port: await freePort(), database: 'bench', log: () => {} })
  Object.assign(process.env, BENCH_ENV, { DATABASE_URL: db.url })
  // Modules that read settings at load time come after the environment is in place.
  const { startPayload, stopPayload } = await import('../src/lib/payload-lifecycle')
  // Migrates the database; the server then finds nothing left to run.
  const payload = await startPayload()
  // BENCH_SERVER_NODE_ARGS reaches the server's node only: `--cpu-prof --cpu-prof-dir=…` profiles it under load.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []
  const server = await startServerProcess(
    'src/server.ts',
    await freePort(),
    { ...BENCH_ENV, DATABASE_URL: db.url, ADMIN_PANEL: 'false' },
    '/api/health',
    nodeArgs,
  )
  log(
    `server ready on ${server.url} (pid ${server.pid}, embedded PostgreSQL) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  )

  return {
    url: server.url,
    payload,
    server,
    databaseUrl: db.url,
    databaseDir: db.clusterDir,
    stop: async () => {
      await server.stop()
      await stopPayload(payload)
      // Clients Payload still held see PostgreSQL go away (57P01): expected here, not news.
      payload.logger.level = 'silent'
      await db.stop()
      await removeEmbeddedState(root)
    },
  }
}

/** Bulk-seeds (`npm run seed`, set-based SQL, its progress on stderr) up to about `sizes`. */
export async function seedTo(app: BenchApp, sizes: Sizes): Promise<Sizes> {
  const now = await countRows(app)
  // Generated services bring a booking for every tenth of them.
  const services = Math.max(0, sizes.services - now.services)
  const more = {
    services,
    users: Math.max(0, sizes.users - now.users),
    bookings: Math.max(0, sizes.bookings - now.bookings - Math.floor(services / 10)),
  }
  if (!more.services && !more.users && !more.bookings) return now
  log(
    `seeding ${more.services.toLocaleString('en')} services, ${more.users.toLocaleString('en')} users, ${more.bookings.toLocaleString('en')} bookings more`,
  )
  await runSeed(app, more)
  return countRows(app)
}

/** `npm run seed -- --<name> <n> …` against the bench's database, its progress on stderr. */
export async function runSeed(app: BenchApp, counts: Record<string, number>): Promise<void> {
  const args = Object.entries(counts).flatMap(([name, n]) => (n ? [`--${name}`, String(n)] : []))
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', ...args], {
      env: { ...process.env, ...BENCH_ENV, DATABASE_URL: app.databaseUrl },
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed exited with ${code}`))))
  })
}

/** The rows there are now (demo data, bulk seeds and what earlier scenarios wrote). */
export async function countRows(app: BenchApp): Promise<Sizes> {
  const pool = app.payload.db.pool
  const { rows } = await pool.query(
    'SELECT (SELECT count(*) FROM service_listings)::int AS services, (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM bookings)::int AS bookings',
  )
  return rows[0]!
}

const PASSWORD = 'Bench-Passw0rd!'

export interface BenchMember {
  id: string
  /** By bearer token. */
  bearer: Record<string, string>
  /** By cookie (the session and its cache). */
  cookie: Record<string, string>
}

/** A new verified account with `role`, signed in. */
export async function signedInMember(app: BenchApp, role: 'admin' | 'citizen', label: string): Promise<BenchMember> {
  const email = `bench-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`
  await app.payload.create({
    collection: 'users',
    overrideAccess: true,
    data: { email, password: PASSWORD, roles: [role], emailVerified: true } as never,
  })
  const response = await fetch(`${app.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  })
  if (response.status !== 200) throw new Error(`bench sign-in of ${label} failed: ${response.status}`)
  const { token, user } = (await response.json()) as { token: string; user: { id: string } }
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ')
  return { id: String(user.id), bearer: { authorization: `Bearer ${token}` }, cookie: { cookie } }
}

/** A signed-in admin's headers: by bearer token and by cookie (session and its cache). */
export async function adminCredentials(
  app: BenchApp,
): Promise<{ bearer: Record<string, string>; cookie: Record<string, string> }> {
  const { bearer, cookie } = await signedInMember(app, 'admin', 'admin')
  return { bearer, cookie }
}

export interface LoadResult {
  label: string
  count: number
  concurrency: number
  seconds: number
  perSecond: number
  p50: number
  p95: number
  p99: number
  failures: number
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN

/**
 * Runs `task` `count` times with `concurrency` in flight; a task resolving false is a failure.
 * Prints progress every tenth of the way.
 */
export async function load(
  label: string,
  count: number,
  concurrency: number,
  task: (i: number) => Promise<boolean>,
): Promise<LoadResult> {
  const latencies: number[] = []
  let next = 0
  let done = 0
  let failures = 0
  const step = Math.max(1, Math.floor(count / 10))
  const started = performance.now()
  const worker = async () => {
    while (next < count) {
      const i = next++
      const t0 = performance.now()
      const ok = await task(i).catch(() => false)
      latencies.push(performance.now() - t0)
      if (!ok) failures++
      if (++done % step === 0 || done === count) process.stderr.write(`\r[bench] ${label}: ${done}/${count}`)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker))
  process.stderr.write('\n')
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  return {
    label,
    count,
    concurrency,
    seconds,
    perSecond: count / seconds,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
    failures,
  }
}

export function printTable(title: string, rows: Array<Record<string, string>>): void {
  if (rows.length === 0) return
  const columns = Object.keys(rows[0]!)
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => (row[column] ?? '').length)))
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`
  console.log(`\n${title}`)
  console.log(line(columns))
  console.log(`|${widths.map((w, i) => (i === 0 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`)
  for (const row of rows) console.log(line(columns.map((column) => row[column] ?? '')))
}

export const ms = (value: number) => `${value.toFixed(1)} ms`
export const rate = (value: number) => `${value.toFixed(1)}/s`
