// Fault 1: PostgreSQL stopped for 10 s under load, then started again. The server
// (a real process, as `npm start` runs it) stays up, answers 503 `service_unavailable` with
// Retry-After in each route family's error shape meanwhile (never a 500), recovers by itself
// once PostgreSQL is back (pg's pool reconnects), and no request left a partial write: the
// invariants hold and every write it acknowledged is there. It needs a PostgreSQL of its own
// to stop, so it starts one beside the run's shared server.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import {
  type EmbeddedDatabase,
  freePort,
  removeEmbeddedState,
  startEmbeddedDatabase,
} from '../../src/lib/embedded-database'
import { checkInvariants } from '../helpers/invariants'
import {
  type LoadFixture,
  type LoadReport,
  missingWrites,
  runLoad,
  seedLoad,
  SERVER_UNDER_LOAD_ENV,
  summary,
  watchAnswers,
} from '../helpers/load'
import { type ServerProcess, startServerProcess } from '../helpers/processes'
import { viaServer } from '../helpers/server-app'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

let dir: string
let port: number
let db: EmbeddedDatabase | undefined
let server: ServerProcess
let local: TestApp
let app: TestApp
let fixture: LoadFixture

const startDatabase = () => startEmbeddedDatabase({ stateDir: dir, port, log: () => {} })
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let lastHealth = ''
async function waitForHealth(status: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    lastHealth = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
      (response) => String(response.status),
      (error: Error) => `${error.message} ${String((error.cause as Error | undefined)?.message)}`,
    )
    if (lastHealth === String(status)) return
    if (Date.now() > deadline)
      throw new Error(
        `health never said ${status} (last: ${lastHealth}); server said:\n${server.output().slice(-4000)}`,
      )
    await sleep(250)
  }
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'community-fault-db-'))
  port = await freePort()
  db = await startDatabase()
  // The in-process Payload seeds and looks; the server process is what is under test.
  local = await startTestApp({ databaseUrl: db.url })
  server = await startServerProcess({
    DATABASE_URL: db.url,
    ...SERVER_UNDER_LOAD_ENV,
  })
  app = viaServer(local, server.url)
  fixture = await seedLoad(app, { citizens: 8, comments: 40 })
}, 180_000)

afterAll(async () => {
  await server?.stop(5_000)
  await local?.stop({ drop: false })
  await db?.stop()
  await removeEmbeddedState(dir)
})

describe('fault 1: PostgreSQL stopped for 10 s under load', () => {
  let report: LoadReport
  const duringOutage: Record<string, { status: number; body: string; retryAfter: string | null }> = {}
  let outage = false

  it('the server answers 503 meanwhile, never 500, stays up, and recovers by itself', async () => {
    let finish!: () => void
    const answers = watchAnswers((action, status, body, headers) => {
      if (outage && status === 503)
        duringOutage[action] ??= { status, body, retryAfter: headers?.get('retry-after') ?? null }
    })
    const load = runLoad({
      url: server.url,
      fixture,
      clients: 16,
      until: new Promise<void>((resolve) => (finish = resolve)),
      onAnswer: answers.onAnswer,
    })
    // Under load: PostgreSQL stops once 20 writes were acknowledged (others are in flight).
    await answers.writes(20)

    await db!.stop()
    db = undefined
    outage = true
    await waitForHealth(503, 20_000)
    await sleep(10_000)
    // Answers to the three error families while down, asked directly as well.
    const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: fixture.citizens[0]!.email, password: 'Correct-Horse-42!' }),
    })
    const adminList = await fetch(`${server.url}/api/admin/services/services`, { headers: fixture.admin.headers })
    const stockList = await fetch(`${server.url}/api/service-listings?limit=5`)
    // Answered by the shell, not Payload (endpoints/auth/session.ts): a session that could not be
    // checked is a 503, never `null` (which would tell the client to forget its token).
    const session = await fetch(`${server.url}/api/auth/get-session`, { headers: fixture.admin.headers })
    outage = false

    db = await startDatabase()
    await waitForHealth(200, 60_000)
    // The same load, recovered: 20 more writes acknowledged after PostgreSQL came back.
    await answers.writes(20)
    finish()
    report = await load
    console.log(`[fault 1] ${summary(report)}; network errors ${JSON.stringify(report.networkErrors)}`)
    // What the server logged for an answer that was not a 503: the cause to classify.
    const bug = server.output().search(/ERROR.*(unhandled error|failed)/)
    if (bug >= 0) console.log(server.output().slice(bug, bug + 3000))

    expect(server.child.exitCode).toBeNull()
    expect(report.fiveXX.filter((answer) => answer.status !== 503)).toEqual([])
    expect(report.byStatus['503']).toBeGreaterThan(0)
    expect(report.networkErrors).toEqual({})

    expect(signIn.status).toBe(503)
    expect(signIn.headers.get('retry-after')).toBe('5')
    expect(await signIn.json()).toMatchObject({
      error: 'service_unavailable',
      code: 'SERVICE_UNAVAILABLE',
      status: 'SERVICE_UNAVAILABLE',
    })
    expect(adminList.status).toBe(503)
    expect(adminList.headers.get('retry-after')).toBe('5')
    expect(await adminList.json()).toMatchObject({ error: 'service_unavailable' })
    expect(stockList.status).toBe(503)
    expect(stockList.headers.get('retry-after')).toBe('5')
    expect(await stockList.json()).toMatchObject({ errors: [{ code: 'service_unavailable' }] })
    expect(session.status).toBe(503)
    expect(session.headers.get('retry-after')).toBe('5')
    expect(await session.json()).toMatchObject({ error: 'service_unavailable', code: 'SERVICE_UNAVAILABLE' })
    for (const answer of Object.values(duringOutage)) expect(answer.retryAfter).toBe('5')
  }, 180_000)

  it('after recovery every action succeeds again', async () => {
    const answers = watchAnswers()
    const recovered = await runLoad({
      url: server.url,
      fixture: { ...fixture, comments: [] },
      clients: 8,
      until: answers.successes(80),
      onAnswer: answers.onAnswer,
    })
    expect(recovered.fiveXX).toEqual([])
    expect(recovered.byStatus['200']).toBeGreaterThan(0)
  }, 60_000)

  it('no partial writes: the invariants hold and every acknowledged write is stored', async () => {
    expect(await checkInvariants(local)).toEqual([])
    expect(await missingWrites((text, values) => sql(local, text, values), report.acknowledged)).toEqual([])
    expect(report.acknowledged.length).toBeGreaterThan(0)
  }, 60_000)
})
