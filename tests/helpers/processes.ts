// The real programs as child processes (the server, scripts), one node process each as
// `npm start` and `npm run …` run them, with the environment a test gives them: from the run's
// plain-JS build of the same sources (scripts/node-build/, a third of tsx's CPU per start),
// under tsx where the build cannot serve (scripts/node-build/command.ts says which).
import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

import { nodeArgs } from '../../scripts/node-build/command'
import { freePort } from '../../src/lib/embedded-database'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

export interface Exit {
  code: number | null
  signal: NodeJS.Signals | null
}

/** The parent's environment less jest's NODE_ENV=test (the server must see what `npm start` sees). */
function childEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const base: Record<string, string | undefined> = { ...process.env }
  delete base.NODE_ENV
  Object.assign(base, env)
  for (const name of Object.keys(base)) if (base[name] === undefined) delete base[name]
  return base as NodeJS.ProcessEnv
}

/**
 * A script as `tsx <file>` (npm run …) runs it, in one process rather than tsx's CLI wrapper
 * plus the program (a node start less per script). Its own process group, so a kill reaches
 * all of it.
 */
function spawnScript(file: string, args: string[], env: Record<string, string | undefined>, cwd = ROOT): ChildProcess {
  return spawn(process.execPath, [...nodeArgs(file, cwd), ...args], {
    cwd,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
}

/**
 * The server as `npm start` runs it: src/server.ts in one node process (tsx's CLI would put a
 * wrapper in between that turns a SIGTERM into a SIGKILL under load: docs/decisions.md "The
 * server is one node process"). Its own process group, so a test can kill it with what it
 * started.
 */
function spawnServer(env: Record<string, string | undefined>, cwd: string): ChildProcess {
  // The project's media/ is shared with other databases here: no sweep unless a test asks.
  return spawn(process.execPath, nodeArgs('src/server.ts', cwd), {
    cwd,
    env: childEnv({ MEDIA_SWEEP_AT_START: 'false', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
}

function exitOf(child: ChildProcess): Promise<Exit> {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
}

function killGroup(child: ChildProcess) {
  try {
    process.kill(-child.pid!, 'SIGKILL')
  } catch {
    // already gone
  }
}

export interface ScriptResult extends Exit {
  stdout: string
  stderr: string
}

/** Runs the script `file` with `args` to the end (killed after `timeoutMs`, so a hang fails the test). */
export async function runScript(
  file: string,
  args: string[],
  env: Record<string, string | undefined>,
  timeoutMs = 90_000,
): Promise<ScriptResult> {
  const child = spawnScript(file, args, env)
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const timer = setTimeout(() => killGroup(child), timeoutMs)
  const exit = await exitOf(child)
  clearTimeout(timer)
  return { ...exit, stdout, stderr }
}

export interface ServerProcess {
  url: string
  child: ChildProcess
  exited: Promise<Exit>
  /** Everything the server printed so far (stdout and stderr). */
  output: () => string
  /** SIGTERM, and SIGKILL if it has not exited within `graceMs`. */
  stop: (graceMs?: number) => Promise<Exit>
}

/**
 * How long a server with the admin panel may take to be ready: on a fresh clone its first
 * start builds the panel (`next build`, minutes on a busy 2-core machine; src/lib/admin-build.ts),
 * and every later start finds the build. A bound against hanging, not a timing assertion.
 */
export const PANEL_READY_TIMEOUT_MS = 900_000

/** Starts `src/server.ts` on a free port and waits for its "ready" line; `cwd`: another copy of the project. */
export async function startServerProcess(
  env: Record<string, string | undefined>,
  readyTimeoutMs = 60_000,
  cwd = ROOT,
): Promise<ServerProcess> {
  const port = await freePort()
  const child = spawnServer({ PORT: String(port), ...env }, cwd)
  let output = ''
  const exited = exitOf(child)
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server not ready after ${readyTimeoutMs} ms:\n${output}`)),
      readyTimeoutMs,
    )
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('[server] ready on')) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    void exited.then((exit) => {
      clearTimeout(timer)
      reject(new Error(`server exited before it was ready (${JSON.stringify(exit)}):\n${output}`))
    })
  })

  const stop = async (graceMs = 20_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return exited
    // SIGTERM, as `npm start` receives it from a process manager.
    child.kill('SIGTERM')
    const timer = setTimeout(() => killGroup(child), graceMs)
    const exit = await exited
    clearTimeout(timer)
    return exit
  }

  try {
    await ready
  } catch (error) {
    await stop(5_000)
    throw error
  }
  return { url: `http://127.0.0.1:${port}`, child, exited, output: () => output, stop }
}
