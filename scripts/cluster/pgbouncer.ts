// PgBouncer in transaction mode in front of one PostgreSQL, from Debian's `pgbouncer` package
// (1.18; .ci/run installs it): for `npm run cluster` and the tests that run the service behind
// it. Every database of the server goes through (`*`, the same name on the server); a client
// logs in with the server's own user and password (SCRAM; the auth file, which only the pooler
// reads, keeps the server's SCRAM verifier of it). As root it runs as the `postgres` user (PgBouncer refuses root).
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

import { freePort } from '../../src/lib/embedded-database'
import { postgresRunAs } from '../../src/lib/postgres/run-as'
import { spawnLogged } from './child'

export const PGBOUNCER = '/usr/sbin/pgbouncer'

export interface PgBouncerOptions {
  /** Any URL of the server behind: its host, port, user and password are used. */
  target: string
  /** Server connections per database and user: what PostgreSQL sees, whatever the clients. */
  poolSize?: number
  maxClientConnections?: number
  port?: number
  log?: (line: string) => void
}

export interface PgBouncer {
  port: number
  pid: number
  /** `url` (a URL of the server behind) with the pooler's host and port instead. */
  via: (url: string) => string
  /** Ends with the exit of the process (a crash included). */
  exited: Promise<void>
  stop: () => Promise<void>
}

/**
 * The user's SCRAM verifier as the server keeps it (`pg_authid`, readable by a superuser, as
 * the cluster's user is). In the auth file it spares PgBouncer the 4,096 PBKDF2 rounds it
 * otherwise computes from a plain password at every client login (≈ 5 ms of its one core
 * each, bench/pgbouncer.ts), and it logs into the server with the client's own SCRAM keys
 * (pass-through, PgBouncer ≥ 1.14). Null when it cannot be read: the plain password then.
 */
async function scramSecret(url: string, user: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ secret: string | null }>(
      'SELECT rolpassword AS secret FROM pg_authid WHERE rolname = $1',
      [user],
    )
    const secret = rows[0]?.secret
    return secret?.startsWith('SCRAM-SHA-256$') ? secret : null
  } finally {
    await client.end()
  }
}

export async function startPgBouncer(options: PgBouncerOptions): Promise<PgBouncer> {
  try {
    await fs.access(PGBOUNCER)
  } catch {
    throw new Error(`PgBouncer is not installed (${PGBOUNCER}): apt-get install pgbouncer`)
  }
  const target = new URL(options.target)
  const port = options.port ?? (await freePort())
  const runAs = postgresRunAs()
  let parent = os.tmpdir()
  if (runAs) parent = '/tmp'
  const dir = await fs.mkdtemp(path.join(parent, 'community-pgbouncer-'))
  const user = decodeURIComponent(target.username)
  const authFile = path.join(dir, 'users.txt')
  await fs.writeFile(
    authFile,
    `"${user}" "${(await scramSecret(options.target, user).catch(() => null)) ?? decodeURIComponent(target.password)}"\n`,
    { mode: 0o600 },
  )
  const config = path.join(dir, 'pgbouncer.ini')
  await fs.writeFile(
    config,
    [
      '[databases]',
      `* = host=${target.hostname} port=${target.port}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = scram-sha-256',
      `auth_file = ${authFile}`,
      'pool_mode = transaction',
      `default_pool_size = ${options.poolSize ?? 20}`,
      `max_client_conn = ${options.maxClientConnections ?? 500}`,
      // pg sends no startup options of ours; these two some drivers send are harmless to drop.
      'ignore_startup_parameters = extra_float_digits,options',
      // The primary restarted: a client waits at most 10 s for a server connection (then an
      // error, a 503), and PgBouncer tries the server again every second, not every 15.
      'query_wait_timeout = 10',
      'server_login_retry = 1',
      '',
    ].join('\n'),
  )
  if (runAs) {
    for (const file of [dir, authFile, config]) await fs.chown(file, runAs.uid, runAs.gid)
  }
  const { child, output, exited } = spawnLogged(PGBOUNCER, [...(runAs ? ['-u', 'postgres'] : []), config], options.log)
  const remove = () => fs.rm(dir, { recursive: true, force: true })

  const deadline = Date.now() + 15_000
  while (!output().includes('process up')) {
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL')
      await remove()
      throw new Error(`pgbouncer did not start:\n${output()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }

  return {
    port,
    pid: child.pid!,
    via: (url) => {
      const through = new URL(url)
      through.hostname = '127.0.0.1'
      through.port = String(port)
      return through.toString()
    },
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        // SIGTERM: an immediate stop (SIGINT would wait for every client); its clients stopped first.
        child.kill('SIGTERM')
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
        await exited
        clearTimeout(timer)
      }
      await remove()
    },
  }
}
