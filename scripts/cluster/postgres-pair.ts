// A PostgreSQL primary and one streaming replica on loopback from Debian's postgresql-15, for the replica
// tests, the bench and `npm run cluster` (docs/decisions.md "Debian's postgresql-15 for the replicated pair").
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

import { freePort } from '../../src/lib/embedded-database'
import type { Binaries } from '../../src/lib/postgres/binaries'
import { connectionUrl } from '../../src/lib/postgres/database-password'
import { initCluster, type RunningPostgres, runProgram, startPostgres } from '../../src/lib/postgres/postgres-process'
import { canEnter, postgresRunAs } from '../../src/lib/postgres/run-as'

/** Debian's programs for PostgreSQL 15; POSTGRES_PAIR_BIN names another folder of the same programs. */
export const DEBIAN_BIN = '/usr/lib/postgresql/15/bin'

const REPLICATION_USER = 'replicator'

export interface PostgresPairOptions {
  /** Each line PostgreSQL prints, prefixed with the node's name (default: kept for error messages only). */
  log?: (line: string) => void
  /**
   * fsync and full-page writes off (default true): for tests and benches on a shared
   * machine, where a crash loses nothing of value. `npm run cluster` may ask for durability.
   */
  fast?: boolean
}

export interface PostgresNode {
  name: 'primary' | 'replica'
  port: number
  dataDir: string
  /** The connection URL of `database` on this node, as the superuser `postgres`. */
  url: (database?: string) => string
  isRunning: () => boolean
  /** Stops the node (fast shutdown); its data stays for `start`. */
  stop: () => Promise<void>
  /** Starts a stopped node again on the same port. */
  start: () => Promise<void>
}

export interface PostgresPair {
  primary: PostgresNode
  replica: PostgresNode
  /** The superuser's password (user `postgres`) on both nodes. */
  password: string
  /** Resolves once the replica streams from the primary (after a restart of either). */
  waitUntilStreaming: (timeoutMs?: number) => Promise<void>
  /** Stops both nodes and removes their folder. */
  stop: () => Promise<void>
}

/** The installed PostgreSQL 15 programs, or an error saying how to install them. */
export async function debianBinaries(): Promise<Binaries & { pgBasebackup: string }> {
  const bin = process.env.POSTGRES_PAIR_BIN || DEBIAN_BIN
  const binaries = {
    initdb: path.join(bin, 'initdb'),
    postgres: path.join(bin, 'postgres'),
    pgBasebackup: path.join(bin, 'pg_basebackup'),
    version: '15',
  }
  try {
    await Promise.all([binaries.initdb, binaries.postgres, binaries.pgBasebackup].map((file) => fs.access(file)))
  } catch {
    throw new Error(
      `PostgreSQL 15 is not installed in ${bin}: apt-get install postgresql-15 (Debian), or set POSTGRES_PAIR_BIN to a folder holding initdb, postgres and pg_basebackup.`,
    )
  }
  return binaries
}

/** Settings given to both nodes on the command line (a base backup copies no command line). */
function nodeSettings(fast: boolean): string[] {
  return [
    'wal_level=replica',
    'max_wal_senders=5',
    // A replica stopped for a while can catch up from the primary's kept WAL.
    'wal_keep_size=256MB',
    'hot_standby=on',
    // Queries on the replica hold back the primary's vacuum instead of being cancelled.
    'hot_standby_feedback=on',
    // So that tests and operators can count which node served which statements.
    'shared_preload_libraries=pg_stat_statements',
    'pg_stat_statements.track=all',
    'max_connections=200',
    ...(fast ? ['fsync=off', 'full_page_writes=off'] : []),
  ]
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end().catch(() => undefined)
  }
}

/** A folder the postgres user (as root) or we may use: the system's temporary folder when reachable. */
async function makeBaseDir(runAs: ReturnType<typeof postgresRunAs>): Promise<string> {
  let parent = os.tmpdir()
  if (runAs && !canEnter(runAs, parent)) parent = '/tmp'
  const dir = await fs.mkdtemp(path.join(parent, 'community-pg-pair-'))
  await fs.chmod(dir, 0o700)
  if (runAs) await fs.chown(dir, runAs.uid, runAs.gid)
  return dir
}

export async function startPostgresPair(options: PostgresPairOptions = {}): Promise<PostgresPair> {
  const bin = await debianBinaries()
  const runAs = postgresRunAs()
  const fast = options.fast ?? true
  const settings = nodeSettings(fast)
  // The last lines of each node, for the message of a failed start.
  const recent: string[] = []
  const log = (name: string) => (line: string) => {
    recent.push(`${name}: ${line}`)
    if (recent.length > 40) recent.shift()
    options.log?.(`${name}: ${line}`)
  }
  const failed = (what: string, error: unknown) =>
    new Error(`${what}: ${(error as Error).message}\n${recent.join('\n')}`, { cause: error })

  const baseDir = await makeBaseDir(runAs)
  const password = randomBytes(18).toString('base64url')
  const replicationPassword = randomBytes(18).toString('base64url')

  const makeNode = (
    name: PostgresNode['name'],
    dataDir: string,
    port: number,
  ): PostgresNode & { begin: () => Promise<void> } => {
    let server: RunningPostgres | undefined
    const node = {
      name,
      port,
      dataDir,
      url: (database = 'postgres') => connectionUrl(port, password, database),
      isRunning: () => server !== undefined,
      begin: async () => {
        try {
          server = await startPostgres(bin, dataDir, port, runAs, log(name), settings)
        } catch (error) {
          throw failed(`the ${name} did not start`, error)
        }
      },
      start: async () => {
        if (!server) await node.begin()
      },
      stop: async () => {
        const running = server
        server = undefined
        await running?.stop()
      },
    }
    return node
  }

  const primary = makeNode('primary', path.join(baseDir, 'primary'), await freePort())
  const replica = makeNode('replica', path.join(baseDir, 'replica'), await freePort())
  const stop = async () => {
    await replica.stop().catch(() => undefined)
    await primary.stop().catch(() => undefined)
    await fs.rm(baseDir, { recursive: true, force: true })
  }

  const waitUntilStreaming = async (timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const streaming = await withClient(primary.url(), async (client) =>
        Number(
          (await client.query(`SELECT count(*) AS n FROM pg_stat_replication WHERE state = 'streaming'`)).rows[0].n,
        ),
      ).catch(() => 0)
      if (streaming > 0) return
      if (Date.now() > deadline)
        throw failed('the replica did not start streaming', new Error(`${timeoutMs} ms passed`))
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }

  try {
    try {
      await initCluster(bin, primary.dataDir, password, runAs, log('initdb'))
    } catch (error) {
      throw failed('initdb failed', error)
    }
    await primary.begin()
    await withClient(primary.url(), async (client) => {
      await client.query(
        `CREATE ROLE ${REPLICATION_USER} WITH REPLICATION LOGIN PASSWORD ${client.escapeLiteral(replicationPassword)}`,
      )
      // The view lives in the database that has the extension; it counts every database's statements.
      await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements')
    })
    try {
      // -R: standby.signal and primary_conninfo (with the replication password) in the copy.
      await runProgram(
        bin.pgBasebackup,
        [
          '-h',
          '127.0.0.1',
          '-p',
          String(primary.port),
          '-U',
          REPLICATION_USER,
          '-D',
          replica.dataDir,
          '-R',
          '-X',
          'stream',
          '-c',
          'fast',
          ...(fast ? ['--no-sync'] : []),
        ],
        runAs,
        log('pg_basebackup'),
        { PGPASSWORD: replicationPassword },
      )
    } catch (error) {
      throw failed('pg_basebackup failed', error)
    }
    await replica.begin()
    await waitUntilStreaming()
  } catch (error) {
    await stop()
    throw error
  }

  return { primary, replica, password, waitUntilStreaming, stop }
}

/** Pauses (true) or resumes (false) the replica's WAL replay: it keeps receiving, stops applying. */
export async function pauseReplay(replica: PostgresNode, paused: boolean): Promise<void> {
  await withClient(replica.url(), (client) =>
    client.query(paused ? 'SELECT pg_wal_replay_pause()' : 'SELECT pg_wal_replay_resume()'),
  )
}

/** Resolves once the replica has replayed everything the primary had written when called. */
export async function waitForReplay(pair: PostgresPair, timeoutMs = 30_000): Promise<void> {
  const target = await withClient(pair.primary.url(), async (client) =>
    String((await client.query('SELECT pg_current_wal_insert_lsn() AS lsn')).rows[0].lsn),
  )
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const caughtUp = await withClient(pair.replica.url(), async (client) =>
      Boolean((await client.query('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS ok', [target])).rows[0].ok),
    ).catch(() => false)
    if (caughtUp) return
    if (Date.now() > deadline) throw new Error(`the replica did not replay up to ${target} in ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
