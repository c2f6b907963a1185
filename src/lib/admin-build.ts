// The admin panel's production build, made once and again only when what it is built from
// changes. `npm start` serves this build (≈0.5 GB for the whole server, first /admin in about a
// second); `npm run dev` serves Next dev instead (hot reload, >1 GB, first /admin ≈20 s).
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { processAlive } from './process-alive'

// What the panel's bundle is made of: the config and everything it imports (our code lives in
// these folders), the Next and TypeScript settings, the locked dependencies.
const INPUT_FILES = ['payload.config.ts', 'next.config.mjs', 'tsconfig.json', 'package-lock.json']
const INPUT_DIRS = ['src', 'domain', 'collections', 'hooks', 'access', 'endpoints']
// Next writes the build to .next/; the hash of the inputs it was made from lies next to it.
const HASH_FILE = path.join('.next', 'admin-build.sha256')
const LOCK_DIR = '.next-build.lock'
const LOCK_POLL_MS = 500

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return filesUnder(full)
    return entry.isFile() ? [full] : []
  })
}

/** One hash over the names and contents of the panel's inputs, in a stable order. */
export function adminInputsHash(root: string): string {
  const files = [
    ...INPUT_FILES.map((file) => path.join(root, file)).filter((file) => fs.existsSync(file)),
    ...INPUT_DIRS.flatMap((dir) => filesUnder(path.join(root, dir))),
  ].sort()
  const hash = createHash('sha256')
  for (const file of files) {
    hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file)).update('\0')
  }
  return hash.digest('hex')
}

function readHash(root: string): string | undefined {
  try {
    return fs.readFileSync(path.join(root, HASH_FILE), 'utf8').trim()
  } catch {
    return undefined
  }
}

/** The pid in the lock, 0 while its owner has not written it yet, undefined when the lock is gone. */
function lockOwner(file: string): number | undefined {
  try {
    return Number(fs.readFileSync(file, 'utf8').trim()) || 0
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    return fs.existsSync(path.dirname(file)) ? 0 : undefined
  }
}

/**
 * Takes the build lock (mkdir is atomic, so two servers starting at once cannot both build into
 * .next/). A lock whose owner died is taken over; a live owner's lock is waited for.
 */
async function withBuildLock<T>(
  root: string,
  log: (line: string) => void,
  work: () => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  const lock = path.join(root, LOCK_DIR)
  const owner = path.join(lock, 'pid')
  let waited = false
  for (;;) {
    signal?.throwIfAborted()
    try {
      fs.mkdirSync(lock)
      fs.writeFileSync(owner, String(process.pid))
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const pid = lockOwner(owner)
      if (pid === undefined) continue // released meanwhile
      // No pid after a while: its owner died between taking the lock and writing its pid.
      const orphan =
        pid === 0 && Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 10_000
      if ((pid && !processAlive(pid)) || orphan) {
        fs.rmSync(lock, { recursive: true, force: true })
        continue
      }
      if (!waited) log(`another process (pid ${pid || 'starting'}) is building the admin panel; waiting for it`)
      waited = true
      await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS))
    }
  }
  try {
    return await work()
  } finally {
    fs.rmSync(lock, { recursive: true, force: true })
  }
}

export interface AdminBuildOptions {
  /** Aborted: the build in progress is ended (SIGTERM) and a wait for another builder's lock gives up. */
  signal?: AbortSignal
  /** The build's environment (default: this process's). */
  env?: NodeJS.ProcessEnv
  /** The build's CPU priority (default BUILD_NICENESS); the test run's own build takes its share from the start. */
  niceness?: number
}

/** What makes the build: `next build` by default; tests/int/admin-build.test.ts counts calls instead. */
export type AdminBuild = (root: string, options: AdminBuildOptions) => Promise<void>

/** The lowest CPU priority: the build (≈ 1.5 GB, a minute of CPU) runs beside a server already answering. */
export const BUILD_NICENESS = 19

function nextBuild(
  root: string,
  { signal, env = process.env, niceness = BUILD_NICENESS }: AdminBuildOptions,
): Promise<void> {
  const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next')
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted()
    // NODE_ENV=production: a build is always a production build, whatever the shell says.
    const child = spawn(process.execPath, [nextBin, 'build'], {
      cwd: root,
      env: { ...env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    // Set before next build starts its workers, which inherit it (a priority can only be lowered).
    if (child.pid) {
      try {
        os.setPriority(child.pid, niceness)
      } catch {
        // a platform without priorities: the build runs at ours
      }
    }
    const abort = () => child.kill('SIGTERM')
    signal?.addEventListener('abort', abort, { once: true })
    child.once('error', reject)
    child.once('exit', (code, exitSignal) => {
      signal?.removeEventListener('abort', abort)
      if (code === 0) resolve()
      else if (signal?.aborted) reject(signal.reason)
      else reject(new Error(`next build failed (${exitSignal ?? `exit ${code}`}); see its output above`))
    })
  })
}

/** Whether .next/ holds the build of the current inputs (no build needed). */
export function adminBuildIsCurrent(root: string): boolean {
  return readHash(root) === adminInputsHash(root)
}

/**
 * Builds the admin panel unless .next/ already holds the build of the current inputs.
 * `build`: what makes it (`next build` in a child process at the lowest priority).
 */
export async function ensureAdminBuild(
  root: string,
  log: (line: string) => void,
  build: AdminBuild = nextBuild,
  options: AdminBuildOptions = {},
): Promise<void> {
  if (adminBuildIsCurrent(root)) return
  await withBuildLock(
    root,
    log,
    async () => {
      // Whoever held the lock before may have just built these very inputs.
      const inputs = adminInputsHash(root)
      if (readHash(root) === inputs) return
      const started = Date.now()
      log('building the admin panel (once, and again only when its sources change)…')
      fs.rmSync(path.join(root, HASH_FILE), { force: true })
      await build(root, options)
      fs.mkdirSync(path.join(root, path.dirname(HASH_FILE)), { recursive: true })
      fs.writeFileSync(path.join(root, HASH_FILE), `${inputs}\n`)
      log(`admin panel built in ${((Date.now() - started) / 1000).toFixed(0)} s`)
    },
    options.signal,
  )
}
