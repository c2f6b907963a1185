// The embedded PostgreSQL that `npm start` brings up must survive what a laptop does to it:
// a run killed hard (a stale postmaster.pid, or its server still running), a pid file whose
// number now belongs to some other program, a script run beside the server, and a port
// somebody else took; and no local user may get in with a guessable password.
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import pg from 'pg'

import { nodeArgs } from '../../scripts/node-build/command'
import {
  type EmbeddedDatabase,
  freePort,
  removeEmbeddedState,
  startEmbeddedDatabase,
} from '../../src/lib/embedded-database'
import { POINTER_FILE } from '../../src/lib/postgres/cluster-location'
import { PASSWORD_FILE } from '../../src/lib/postgres/database-password'

let dir: string
const running: EmbeddedDatabase[] = []
const held: string[] = []
const states: string[] = []

/** A state folder (DATA_DIR) of this run; removed with its cluster afterwards. */
function stateDir(name: string): string {
  const state = path.join(dir, name)
  states.push(state)
  return state
}

/** Where the cluster of `state` lives: `<state>/postgres`, or elsewhere as root (the pointer says). */
const clusterOf = async (state: string) =>
  (await fs.readFile(path.join(state, POINTER_FILE), 'utf8').catch(() => '')).trim() || path.join(state, 'postgres')

async function start(state: string, port: number, lines: string[] = []): Promise<EmbeddedDatabase> {
  const db = await startEmbeddedDatabase({ stateDir: state, port, log: (line) => lines.push(line) })
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
  fs.writeFile(
    path.join(dataDir, 'postmaster.pid'),
    `${pid}\n${dataDir}\n1700000000\n${port}\n\n127.0.0.1\n  1234567         0\nready   \n`,
  )

const serverPid = async (state: string) =>
  Number((await fs.readFile(path.join(await clusterOf(state), 'postmaster.pid'), 'utf8')).split('\n')[0])

/** tests/helpers/hold-embedded-database.ts: another program keeping PostgreSQL on `state` running. */
async function hold(state: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...nodeArgs('tests/helpers/hold-embedded-database.ts'), state, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  held.push(state)
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve())
    child.once('exit', (code) => reject(new Error(`holder exited early (${code})`)))
  })
  return child
}

/** Ends a holder and the PostgreSQL it leaves behind (a killed holder cannot stop it). */
async function stopHeld(state: string, holder?: ChildProcess) {
  holder?.kill('SIGKILL')
  const pid = await serverPid(state).catch(() => 0)
  if (pid && alive(pid)) {
    process.kill(pid, 'SIGINT')
    for (let i = 0; i < 100 && alive(pid); i++) await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** A state folder with a cluster made and stopped; returns the state and the cluster folders. */
async function initialisedCluster(name: string): Promise<{ state: string; dataDir: string }> {
  const state = stateDir(name)
  const db = await start(state, await freePort())
  await stop(db)
  return { state, dataDir: db.clusterDir }
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'community-embedded-'))
})

afterAll(async () => {
  for (const db of running.splice(0)) await db.stop().catch(() => undefined)
  for (const state of held) await stopHeld(state)
  for (const state of states) await removeEmbeddedState(state)
  await fs.rm(dir, { recursive: true, force: true })
})

describe('embedded PostgreSQL', () => {
  it('clears a stale postmaster.pid left by a killed run and starts', async () => {
    const { state, dataDir } = await initialisedCluster('stale')
    // The pid of a process that has certainly ended.
    const gone = spawn('true')
    await new Promise((resolve) => gone.once('exit', resolve))
    const port = await freePort()
    await writePidFile(dataDir, gone.pid!, port)

    const lines: string[] = []
    const db = await start(state, port, lines)
    expect(lines.join('\n')).toMatch(/removing a stale postmaster\.pid/)
    expect(await answers(db.url)).toBe(true)
    await stop(db)
  })

  it('leaves alone another program that now has the pid in a stale file, and starts', async () => {
    const { state, dataDir } = await initialisedCluster('reused-pid')
    const bystander = spawn('sleep', ['60'])
    try {
      const port = await freePort()
      await writePidFile(dataDir, bystander.pid!, port)
      const db = await start(state, port)
      expect(await answers(db.url)).toBe(true)
      expect(alive(bystander.pid!)).toBe(true)
      await stop(db)
    } finally {
      bystander.kill('SIGKILL')
    }
  })

  it('stops the PostgreSQL of a server that was killed hard, then starts', async () => {
    const state = stateDir('orphan')
    const holder = await hold(state, await freePort())
    const orphanPid = await serverPid(state)
    holder.kill('SIGKILL')
    await new Promise((resolve) => holder.once('exit', resolve))
    expect(alive(orphanPid)).toBe(true)

    const lines: string[] = []
    const db = await start(state, await freePort(), lines)
    expect(lines.join('\n')).toMatch(new RegExp(`left running by an earlier run \\(pid ${orphanPid}\\)`))
    expect(alive(orphanPid)).toBe(false)
    expect(await answers(db.url)).toBe(true)
    await stop(db)
  })

  it('beside a running server: a script shares its PostgreSQL, a second server refuses in plain words', async () => {
    const state = stateDir('in-use')
    const port = await freePort()
    const holder = await hold(state, port)
    const dataDir = await clusterOf(state)
    try {
      const pid = await serverPid(state)
      const shared = await startEmbeddedDatabase({
        stateDir: state,
        port: await freePort(),
        log: () => {},
        shareRunning: true,
      })
      expect(shared.port).toBe(port)
      expect(await answers(shared.url)).toBe(true)
      await shared.stop()
      expect(alive(pid)).toBe(true)

      await expect(startEmbeddedDatabase({ stateDir: state, port: await freePort(), log: () => {} })).rejects.toThrow(
        `${dataDir} is in use by a running program (pid ${holder.pid}, its PostgreSQL listens on port ${port}). Stop it first, or set DATA_DIR to another folder.`,
      )
      expect(alive(pid)).toBe(true)
    } finally {
      await stopHeld(state, holder)
    }
  })

  it('starts with the settings it is given (the test run’s, without durability), and names one PostgreSQL does not know', async () => {
    const state = stateDir('settings')
    const db = await startEmbeddedDatabase({
      stateDir: state,
      port: await freePort(),
      log: () => {},
      settings: ['fsync=off', 'synchronous_commit=off'],
    })
    running.push(db)
    const client = new pg.Client({ connectionString: db.url })
    await client.connect()
    try {
      const shown = await client.query<{ name: string; setting: string }>(
        `SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit', 'full_page_writes') ORDER BY name`,
      )
      // Only what was asked: full_page_writes keeps PostgreSQL's default.
      expect(shown.rows).toEqual([
        { name: 'fsync', setting: 'off' },
        { name: 'full_page_writes', setting: 'on' },
        { name: 'synchronous_commit', setting: 'off' },
      ])
    } finally {
      await client.end()
    }
    await stop(db)
    await expect(
      startEmbeddedDatabase({
        stateDir: state,
        port: await freePort(),
        log: () => {},
        settings: ['no_such_setting=1'],
      }),
    ).rejects.toThrow(
      /Cannot start the embedded PostgreSQL: PostgreSQL did not start\. Its last words:[\s\S]*"no_such_setting"/,
    )
  })

  it('explains a port clash in plain words', async () => {
    const blocker = net.createServer()
    const port = await freePort()
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve))
    try {
      await expect(startEmbeddedDatabase({ stateDir: stateDir('clash'), port, log: () => {} })).rejects.toThrow(
        `Cannot start the embedded PostgreSQL: port ${port} is already in use. Stop whatever listens there, set EMBEDDED_PG_PORT to a free port, or set DATABASE_URL to use an existing PostgreSQL.`,
      )
    } finally {
      await new Promise((resolve) => blocker.close(resolve))
    }
  })
})

describe('the embedded database password', () => {
  /** Resolves with the error code PostgreSQL answers for postgres/postgres, or 'accepted'. */
  async function oldPasswordAnswer(port: number): Promise<string> {
    const client = new pg.Client({
      connectionString: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
      connectionTimeoutMillis: 3000,
    })
    try {
      await client.connect()
      return 'accepted'
    } catch (error) {
      return (error as { code?: string }).code ?? String(error)
    } finally {
      await client.end().catch(() => undefined)
    }
  }

  const modeOf = async (file: string) => (await fs.stat(file)).mode & 0o777

  it('a new cluster gets a random password, kept in DATA_DIR (0600, folder 0700); postgres/postgres is refused', async () => {
    const state = stateDir('fresh-password')
    const db = await start(state, await freePort())
    const password = (await fs.readFile(path.join(state, PASSWORD_FILE), 'utf8')).trim()
    expect(password).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(await modeOf(path.join(state, PASSWORD_FILE))).toBe(0o600)
    expect(await modeOf(state)).toBe(0o700)
    expect(new URL(db.url).password).toBe(password)
    expect(await answers(db.url)).toBe(true)
    expect(await oldPasswordAnswer(db.port)).toBe('28P01')
    await stop(db)

    // Restarted, it reads the same password back.
    const again = await start(state, await freePort())
    expect(new URL(again.url).password).toBe(password)
    expect(await answers(again.url)).toBe(true)
    await stop(again)
  })

  it('a cluster made with the old postgres/postgres gets a random password at its next start', async () => {
    // Earlier versions created every cluster with postgres/postgres and kept no password file.
    // (Their own code cannot run where these tests may run, root in a private folder: the
    // defect of; so a cluster of ours is put back into that state.)
    const { state } = await initialisedCluster('legacy')
    const made = await start(state, await freePort())
    const client = new pg.Client({ connectionString: made.url })
    await client.connect()
    await client.query(`ALTER ROLE postgres PASSWORD 'postgres'`)
    await client.end()
    await stop(made)
    await fs.rm(path.join(state, PASSWORD_FILE))
    expect(await fs.readdir(state)).not.toContain(PASSWORD_FILE)
    // A crash of an earlier move left a pending password that was never set: it must not matter.
    await fs.writeFile(path.join(state, `${PASSWORD_FILE}.new`), 'never-set-by-alter-role', { mode: 0o600 })

    const lines: string[] = []
    const db = await start(state, await freePort(), lines)
    expect(lines.join('\n')).toMatch(/replaced the old fixed password with a random one/)
    const password = (await fs.readFile(path.join(state, PASSWORD_FILE), 'utf8')).trim()
    expect(password).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(await modeOf(path.join(state, PASSWORD_FILE))).toBe(0o600)
    await expect(fs.access(path.join(state, `${PASSWORD_FILE}.new`))).rejects.toThrow()
    expect(new URL(db.url).password).toBe(password)
    expect(await answers(db.url)).toBe(true)
    expect(await oldPasswordAnswer(db.port)).toBe('28P01')
    await stop(db)

    // A crash between ALTER ROLE and the rename leaves only the pending file: the next start finishes the move.
    await fs.rename(path.join(state, PASSWORD_FILE), path.join(state, `${PASSWORD_FILE}.new`))
    const again = await start(state, await freePort())
    expect((await fs.readFile(path.join(state, PASSWORD_FILE), 'utf8')).trim()).toBe(password)
    expect(await answers(again.url)).toBe(true)
    expect(await oldPasswordAnswer(again.port)).toBe('28P01')
    await stop(again)
  })

  it('a password file that no longer matches stops the start in plain words', async () => {
    const { state } = await initialisedCluster('wrong-password')
    await fs.writeFile(path.join(state, PASSWORD_FILE), 'not-the-password', { mode: 0o600 })
    await expect(start(state, await freePort())).rejects.toThrow(
      `Cannot use the embedded PostgreSQL: it refuses the password in ${path.join(state, PASSWORD_FILE)}. If you changed the password, write the current one there; or move the cluster away to start afresh.`,
    )
  })
})
