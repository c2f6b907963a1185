// A stop always ends the process (src/server.ts), on the server's own embedded PostgreSQL:
// a SIGKILL of the server alone does not leave its PostgreSQL running (its watchdog stops it),
// and an upgrade request is answered 404 and closed, never held;
// SIGTERM with a request held open on purpose cuts it after SHUTDOWN_GRACE_MS, stops the rest
// and exits 1 with nothing of its process group left; a second SIGTERM exits at once. The
// first test also makes the cluster: PostgreSQL's first stop, after initdb and every migration,
// writes a checkpoint of seconds that no later stop pays.
import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { freePort, removeEmbeddedState } from '../../src/lib/embedded-database'
import { clusterLocation } from '../../src/lib/postgres/cluster-location'
import { postgresRunAs } from '../../src/lib/postgres/run-as'
import { processAlive } from '../../src/lib/process-alive'
import { type ServerProcess, startServerProcess } from '../helpers/processes'
import { slowPost } from '../helpers/slow-request'

const GRACE_MS = 2_000

let dir: string
let port: number
let server: ServerProcess | undefined

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const startServer = () =>
  startServerProcess(
    {
      DATABASE_URL: undefined,
      DATA_DIR: dir,
      EMBEDDED_PG_PORT: String(port),
      ADMIN_PANEL: 'false',
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
    },
    120_000,
  )

/** Every live process whose process group is `group` (the server's: it leads its own). */
async function processesOfGroup(group: number): Promise<string[]> {
  const found: string[] = []
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // State Z: ended, waiting for its parent to collect it (nothing runs).
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
    if (fields[0] !== 'Z' && Number(fields[2]) === group) found.push(`${entry} ${name}`)
  }
  return found
}

async function postgresPid(): Promise<number> {
  const cluster = await clusterLocation(dir, postgresRunAs())
  return Number((await fs.readFile(path.join(cluster, 'postmaster.pid'), 'utf8')).split('\n')[0])
}

/** A sign-in whose body never completes: a request in progress for as long as the test wants. */
async function heldRequest(url: string) {
  const body = JSON.stringify({ email: 'held@example.test', password: 'Not-The-Passw0rd!' })
  const held = slowPost(url, '/api/auth/sign-in/email', body)
  held.answer.catch(() => undefined) // ended by the server's forced close
  await sleep(500) // the server has the headers and waits for the rest of the body
  return held
}

/** The status line an upgrade request gets, and whether the server then closed the connection. */
function upgradeAnswer(url: string, where: string): Promise<{ head: string; closedByServer: boolean }> {
  const { hostname, port: serverPort } = new URL(url)
  const lines = [`GET ${where} HTTP/1.1`, `Host: localhost:${serverPort}`, 'Connection: Upgrade', 'Upgrade: websocket']
  lines.push('Sec-WebSocket-Version: 13', 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==', '', '')
  return new Promise((resolve, reject) => {
    let text = ''
    const socket = net.connect(Number(serverPort), hostname, () => socket.write(lines.join('\r\n')))
    const timer = setTimeout(() => {
      socket.destroy()
      resolve({ head: text.split('\r\n')[0] ?? '', closedByServer: false })
    }, 3_000)
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()))
    socket.once('end', () => {
      clearTimeout(timer)
      socket.destroy()
      resolve({ head: text.split('\r\n')[0] ?? '', closedByServer: true })
    })
    socket.once('error', reject)
  })
}

async function untilLogged(text: string) {
  for (let i = 0; i < 400 && !server!.output().includes(text); i++) await sleep(25)
  expect(server!.output()).toContain(text)
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'community-ops-stop-'))
  port = await freePort()
}, 30_000)

afterAll(async () => {
  await server?.stop(5_000)
  const pid = await postgresPid().catch(() => 0)
  if (pid && processAlive(pid)) process.kill(pid, 'SIGKILL')
  await removeEmbeddedState(dir)
}, 60_000)

describe('a stop always ends the process', () => {
  it('SIGKILL of the server alone: its PostgreSQL stops by itself; the next start finds nothing to clear', async () => {
    server = await startServer()
    const database = await postgresPid()
    server.child.kill('SIGKILL')
    await server.exited
    // A bound against hanging: nobody else stops it here.
    for (let i = 0; i < 200 && processAlive(database); i++) await sleep(50)
    expect(processAlive(database)).toBe(false)

    server = await startServer()
    expect(server.output()).not.toMatch(/left running by an earlier run|stale postmaster\.pid/)
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
    // No route takes a WebSocket here: an upgrade is answered 404 and its connection closed.
    const upgraded = await upgradeAnswer(server.url, '/_next/hmr')
    expect(upgraded).toEqual({ head: 'HTTP/1.1 404 Not Found', closedByServer: true })
    const exit = await server.stop()
    expect(exit).toEqual({ code: 0, signal: null })
    server = undefined
  }, 120_000)

  it('SIGTERM, a request held open: cut after the grace, exit 1 within the grace + 2 s, nothing left', async () => {
    server = await startServer()
    const group = server.child.pid!
    const database = await postgresPid()
    expect(processAlive(database)).toBe(true)
    await heldRequest(server.url)

    const signalled = Date.now()
    server.child.kill('SIGTERM')
    const exit = await server.exited
    const took = Date.now() - signalled

    expect(exit).toEqual({ code: 1, signal: null })
    expect(took).toBeLessThan(GRACE_MS + 2_000)
    expect(took).toBeGreaterThanOrEqual(GRACE_MS - 100)
    const log = server.output()
    // What was open is named at the signal and at the cut.
    expect(log).toContain('SIGTERM: finishing in-flight requests (1: POST /api/auth/sign-in/email')
    expect(log).toContain('forced close: 1 request(s) still unanswered after 2 s: POST /api/auth/sign-in/email')
    expect(log).toMatch(/forced close[\s\S]*http closed[\s\S]*jobs stopped[\s\S]*pool closed[\s\S]*\[server\] stopped/)
    expect(await processesOfGroup(group)).toEqual([])
    expect(processAlive(database)).toBe(false)
  }, 180_000)

  it('a second SIGTERM exits at once, and the embedded PostgreSQL goes too', async () => {
    server = await startServer()
    const group = server.child.pid!
    const database = await postgresPid()
    await heldRequest(server.url)

    server.child.kill('SIGTERM')
    await untilLogged('SIGTERM: finishing in-flight requests')
    const again = Date.now()
    server.child.kill('SIGTERM')
    const exit = await server.exited

    expect(exit).toEqual({ code: 143, signal: null })
    // Well inside the grace the first signal would have waited.
    expect(Date.now() - again).toBeLessThan(GRACE_MS)
    expect(server.output()).toContain('SIGTERM again: exiting now')
    expect(server.output()).not.toContain('forced close')
    for (let i = 0; i < 100 && processAlive(database); i++) await sleep(50)
    expect(processAlive(database)).toBe(false)
    expect(await processesOfGroup(group)).toEqual([])
  }, 120_000)
})
