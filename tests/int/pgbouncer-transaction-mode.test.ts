// Behind a real PgBouncer in transaction mode (Debian's 1.18, installed by .ci/run like
// chromium): with DATABASE_PREPARED_STATEMENTS=false (decision 128) a booking (a transaction
// with its audit entry) and hot reads work, again and again, while PgBouncer hands each
// transaction whichever of its two server connections is free. PgBouncer refuses to run as
// root; as root it is started with `-u postgres` (the user the embedded PostgreSQL runs as).
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { freePort } from '../../src/lib/embedded-database'
import { book, bookableService, customerActor, localDate } from '../helpers/bookings'
import { adminActor, type Actor } from '../helpers/catalogue'
import { setEnv } from '../helpers/env'
import { createTestDatabase } from '../helpers/test-database'
import { startTestApp, type TestApp } from '../helpers/test-app'

const PGBOUNCER = '/usr/sbin/pgbouncer'

let dir: string
let bouncer: ChildProcess | undefined
let bouncerLog = ''
let database: { url: string; drop: () => Promise<void> }
let app: TestApp
let admin: Actor
let customer: Actor

async function startPgBouncer(target: URL): Promise<string> {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'community-pgbouncer-'))
  const port = await freePort()
  const user = decodeURIComponent(target.username)
  const database = target.pathname.slice(1)
  await fs.writeFile(path.join(dir, 'users.txt'), `"${user}" "${decodeURIComponent(target.password)}"\n`)
  await fs.writeFile(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `${database} = host=${target.hostname} port=${target.port} dbname=${database}`,
      '[pgbouncer]',
      `listen_addr = 127.0.0.1`,
      `listen_port = ${port}`,
      `unix_socket_dir =`,
      `auth_type = trust`,
      `auth_file = ${path.join(dir, 'users.txt')}`,
      `pool_mode = transaction`,
      // Two server connections for a pool of up to ten clients: transactions keep changing connection.
      `default_pool_size = 2`,
      `max_client_conn = 50`,
      `ignore_startup_parameters = extra_float_digits,options`,
      '',
    ].join('\n'),
  )
  await fs.chmod(dir, 0o755)
  const asRoot = process.getuid?.() === 0
  bouncer = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'postgres'] : []), path.join(dir, 'pgbouncer.ini')], { stdio: ['ignore', 'pipe', 'pipe'] })
  bouncer.stdout!.on('data', (chunk) => (bouncerLog += chunk))
  bouncer.stderr!.on('data', (chunk) => (bouncerLog += chunk))
  const url = new URL(target.toString())
  url.port = String(port)
  url.hostname = '127.0.0.1'
  const deadline = Date.now() + 15_000
  while (!bouncerLog.includes('process up')) {
    if (bouncer.exitCode !== null || Date.now() > deadline) throw new Error(`pgbouncer did not start:\n${bouncerLog}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return url.toString()
}

beforeAll(async () => {
  database = await createTestDatabase()
  const viaBouncer = await startPgBouncer(new URL(database.url))
  app = await startTestApp({ databaseUrl: viaBouncer, env: { DATABASE_PREPARED_STATEMENTS: 'false' } })
  admin = await adminActor(app)
  customer = await customerActor(app)
}, 120_000)

afterAll(async () => {
  setEnv({ DATABASE_PREPARED_STATEMENTS: undefined })
  await app?.stop({ drop: false })
  bouncer?.kill('SIGTERM')
  await database?.drop()
  if (dir) await fs.rm(dir, { recursive: true, force: true })
})

describe('behind PgBouncer in transaction mode, prepared statements off', () => {
  it('bookings and hot reads work, request after request', async () => {
    expect(app.databaseUrl).not.toBe(database.url)
    const day = localDate(4)
    const service = await bookableService(admin, day)
    for (const hour of ['09:00', '10:00', '11:00', '12:00']) {
      const booking = await book(customer, { serviceId: service.id, bookingDate: day.date, bookingTime: hour })
      expect(booking.status).toBe(201)
      for (let i = 0; i < 3; i++) {
        const threads = await app.request('/api/forum-threads?limit=20')
        expect(threads.status).toBe(200)
        const session = await app.request('/api/auth/get-session', { headers: customer.headers })
        expect(session.status).toBe(200)
        expect((await session.json()).user.email).toBe(customer.user.email)
      }
    }
    // The same slot twice: the overlap rule still holds through the pooler.
    const again = await book(customer, { serviceId: service.id, bookingDate: day.date, bookingTime: '09:00' })
    expect(again.status).toBe(409)
  })
})
