// The embedded PostgreSQL that `npm start` brings up must survive what a laptop does to it:
// a run killed hard (a stale postmaster.pid, or its server still running), a pid file whose
// number now belongs to some other program, a script run beside the server, and a port
// somebody else took (issue 2).
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import pg from 'pg'

import { freePort, startEmbeddedDatabase, type EmbeddedDatabase } from '../../src/lib/embedded-database'

let dir: string
const running: EmbeddedDatabase[] = []
const held: string[] = []

async function start(dataDir: string, port: number, lines: string[] = []): Promise<EmbeddedDatabase> {
  const db = await startEmbeddedDatabase({ dataDir, port, log: (line) => lines.push(line) })
  running.push(db)
  return db
}

async function stop(db: EmbeddedDatabase) {
  running.splice(running.indexOf(db), 1)
  await db.stop()
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  try {
    await client.connect()
    await client.query('SELECT 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => undefined)
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** A pid file as a killed run leaves it (PostgreSQL's format: pid, data dir, start time, port …). */
const writePidFile = (dataDir: string, pid: number, port: number) =>
  fs.writeFile(path.join(dataDir, 'postmaster.pid'), `${pid}\n${dataDir}\n1700000000\n${port}\n\n127.0.0.1\n  1234567         0\nready   \n`)

const serverPid = async (dataDir: string) => Number((await fs.readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0])

/** tests/helpers/hold-embedded-database.ts: another program keeping PostgreSQL on `dataDir` running. */
async function hold(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/hold-embedded-database.ts', dataDir, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  held.push(dataDir)
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve())
    child.once('exit', (code) => reject(new Error(`holder exited early (${code})`)))
  })
  return child
}

/** Ends a holder and the PostgreSQL it leaves behind (a killed holder cannot stop it). */
async function stopHeld(dataDir: string, holder?: ChildProcess) {
  holder?.kill('SIGKILL')
  const pid = await serverPid(dataDir).catch(() => 0)
  if (pid && alive(pid)) {
    process.kill(pid, 'SIGINT')
    for (let i = 0; i < 100 && alive(pid); i++) await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function initialisedCluster(name: string): Promise<string> {
  const dataDir = path.join(dir, name)
  await stop(await start(dataDir, await freePort()))
  return dataDir
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'community-embedded-'))
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the folder.
  await fs.chmod(dir, 0o755)
})

afterAll(async () => {
  for (const db of running.splice(0)) await db.stop().catch(() => undefined)
  for (const dataDir of held) await stopHeld(dataDir)
  await fs.rm(dir, { recursive: true, force: true })
})

describe('embedded PostgreSQL', () => {
  it('clears a stale postmaster.pid left by a killed run and starts', async () => {
    const dataDir = await initialisedCluster('stale')
    // The pid of a process that has certainly ended.
    const gone = spawn('true')
    await new Promise((resolve) => gone.once('exit', resolve))
    const port = await freePort()
    await writePidFile(dataDir, gone.pid!, port)

    const lines: string[] = []
    const db = await start(dataDir, port, lines)
    expect(lines.join('\n')).toMatch(/removing a stale postmaster\.pid/)
    expect(await answers(db.url)).toBe(true)
    await stop(db)
  })

  it('leaves alone another program that now has the pid in a stale file, and starts', async () => {
    const dataDir = await initialisedCluster('reused-pid')
    const bystander = spawn('sleep', ['60'])
    try {
      const port = await freePort()
      await writePidFile(dataDir, bystander.pid!, port)
      const db = await start(dataDir, port)
      expect(await answers(db.url)).toBe(true)
      expect(alive(bystander.pid!)).toBe(true)
      await stop(db)
    } finally {
      bystander.kill('SIGKILL')
    }
  })

  it('stops the PostgreSQL of a server that was killed hard, then starts', async () => {
    const dataDir = path.join(dir, 'orphan')
    const holder = await hold(dataDir, await freePort())
    const orphanPid = await serverPid(dataDir)
    holder.kill('SIGKILL')
    await new Promise((resolve) => holder.once('exit', resolve))
    expect(alive(orphanPid)).toBe(true)

    const lines: string[] = []
    const db = await start(dataDir, await freePort(), lines)
    expect(lines.join('\n')).toMatch(new RegExp(`left running by an earlier run \\(pid ${orphanPid}\\)`))
    expect(alive(orphanPid)).toBe(false)
    expect(await answers(db.url)).toBe(true)
    await stop(db)
  })

  it('beside a running server: a script shares its PostgreSQL, a second server refuses in plain words', async () => {
    const dataDir = path.join(dir, 'in-use')
    const port = await freePort()
    const holder = await hold(dataDir, port)
    try {
      const pid = await serverPid(dataDir)
      const shared = await startEmbeddedDatabase({ dataDir, port: await freePort(), log: () => {}, shareRunning: true })
      expect(shared.port).toBe(port)
      expect(await answers(shared.url)).toBe(true)
      await shared.stop()
      expect(alive(pid)).toBe(true)

      await expect(startEmbeddedDatabase({ dataDir, port: await freePort(), log: () => {} })).rejects.toThrow(
        `${dataDir} is in use by a running program (pid ${holder.pid}, its PostgreSQL listens on port ${port}). Stop it first, or set DATA_DIR to another folder.`,
      )
      expect(alive(pid)).toBe(true)
    } finally {
      await stopHeld(dataDir, holder)
    }
  })

  it('explains a port clash in plain words', async () => {
    const blocker = net.createServer()
    const port = await freePort()
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve))
    try {
      await expect(startEmbeddedDatabase({ dataDir: path.join(dir, 'clash'), port, log: () => {} })).rejects.toThrow(
        `Cannot start the embedded PostgreSQL: port ${port} is already in use. Stop whatever listens there, set EMBEDDED_PG_PORT to a free port, or set DATABASE_URL to use an existing PostgreSQL.`,
      )
    } finally {
      await new Promise((resolve) => blocker.close(resolve))
    }
  })
})
