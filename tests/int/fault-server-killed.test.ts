// Fault 2: the server killed with SIGKILL under load, then started again on the
// same DATA_DIR. Every request answered 2xx before the kill is in the database, and the
// embedded PostgreSQL comes back cleanly, both ways a hard kill leaves it: the server alone
// killed (`kill -9 <pid>`: its PostgreSQL's watchdog stops it, before any restart), and the
// whole process group killed (PostgreSQL too: a stale postmaster.pid, crash recovery).
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { freePort, removeEmbeddedState } from '../../src/lib/embedded-database'
import { clusterLocation } from '../../src/lib/postgres/cluster-location'
import { connectionUrl, readPassword } from '../../src/lib/postgres/database-password'
import { postgresRunAs } from '../../src/lib/postgres/run-as'
import { processAlive } from '../../src/lib/process-alive'
import { checkInvariants } from '../helpers/invariants'
import {
  type LoadFixture,
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
let server: ServerProcess
let local: TestApp
let fixture: LoadFixture

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

// The server's own embedded PostgreSQL (no DATABASE_URL), in a DATA_DIR of this test.
const startServer = () =>
  startServerProcess(
    {
      DATABASE_URL: undefined,
      DATA_DIR: dir,
      EMBEDDED_PG_PORT: String(port),
      ...SERVER_UNDER_LOAD_ENV,
    },
    120_000,
  )

/** The in-process pool reconnects by itself; wait until it has. */
async function databaseAnswers(app: TestApp) {
  const deadline = Date.now() + 60_000
  for (;;) {
    try {
      await sql(app, 'SELECT 1')
      return
    } catch (error) {
      if (Date.now() > deadline) throw error
      await sleep(250)
    }
  }
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'community-fault-kill-'))
  port = await freePort()
  server = await startServer()
  const password = await readPassword(dir)
  local = await startTestApp({ databaseUrl: connectionUrl(port, password!, 'community') })
  fixture = await seedLoad(viaServer(local, server.url), { citizens: 8, comments: 40 })
}, 240_000)

afterAll(async () => {
  await server?.stop(10_000)
  await local?.stop({ drop: false })
  await removeEmbeddedState(dir)
})

describe('fault 2: SIGKILL under load, then a restart on the same DATA_DIR', () => {
  const kills = [
    { name: 'the server alone (its PostgreSQL stops by itself)', group: false, expected: undefined },
    { name: 'the whole process group (PostgreSQL too)', group: true, expected: /removing a stale postmaster\.pid/ },
  ]

  for (const kill of kills) {
    it(`killing ${kill.name}: every write answered 2xx before the kill is stored, and the restart is clean`, async () => {
      let finish!: () => void
      const answers = watchAnswers()
      const load = runLoad({
        url: server.url,
        fixture: { ...fixture, comments: fixture.comments.splice(0, 20) },
        clients: 16,
        until: new Promise<void>((resolve) => (finish = resolve)),
        onAnswer: answers.onAnswer,
      })
      // Under load: the kill comes once 20 writes were acknowledged (others are in flight).
      await answers.writes(20)
      const cluster = await clusterLocation(dir, postgresRunAs())
      const postgresPid = Number((await fs.readFile(path.join(cluster, 'postmaster.pid'), 'utf8')).split('\n')[0])
      if (kill.group) process.kill(-server.child.pid!, 'SIGKILL')
      else server.child.kill('SIGKILL')
      await server.exited
      await sleep(500)
      finish()
      const report = await load
      console.log(`[fault 2, ${kill.name}] ${summary(report)}; network errors ${JSON.stringify(report.networkErrors)}`)
      expect(report.fiveXX).toEqual([])
      expect(report.acknowledged.length).toBeGreaterThan(0)

      // Nobody but its watchdog stops it here; a bound against hanging, not a timing assertion.
      for (let i = 0; i < 200 && processAlive(postgresPid); i++) await sleep(50)
      expect(processAlive(postgresPid)).toBe(false)

      server = await startServer()
      if (kill.expected) expect(server.output()).toMatch(kill.expected)
      else expect(server.output()).not.toMatch(/left running by an earlier run|stale postmaster\.pid/)
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200)

      await databaseAnswers(local)
      expect(await missingWrites((text, values) => sql(local, text, values), report.acknowledged)).toEqual([])
      expect(await checkInvariants(local)).toEqual([])

      const afterAnswers = watchAnswers()
      const after = await runLoad({
        url: server.url,
        fixture: { ...fixture, comments: [] },
        clients: 8,
        until: afterAnswers.successes(80),
        onAnswer: afterAnswers.onAnswer,
      })
      expect(after.fiveXX).toEqual([])
      expect(after.networkErrors).toEqual({})
    }, 180_000)
  }
})
