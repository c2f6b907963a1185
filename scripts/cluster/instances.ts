// The service's instances of `npm run cluster`: `node --import tsx src/server.ts`, exactly as
// `npm start` runs it, one process each (its own process group), with the environment the
// cluster gives it on top of this process's (SMTP_*, S3_*, RATE_LIMIT_*, … pass through). In
// a test run, from the run's plain-JS build of the same sources (scripts/node-build/).
import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { freePort } from '../../src/lib/embedded-database'
import { nodeArgs } from '../node-build/command'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))

export interface Instance {
  name: string
  port: number
  url: string
  pid: number
  child: ChildProcess
  /** Everything it printed (the last 64 kB). */
  output: () => string
  /** Ends with the process, however it ends. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** SIGTERM (the server's orderly stop), SIGKILL after `graceMs`. */
  stop: (graceMs?: number) => Promise<void>
}

export interface InstanceOptions {
  name: string
  env: Record<string, string>
  /** Each line it prints, for the cluster's log. */
  log?: (line: string) => void
  readyTimeoutMs?: number
}

export async function startInstance(options: InstanceOptions): Promise<Instance> {
  const port = await freePort()
  // The server must see what `npm start` sees, not a test runner's NODE_ENV=test.
  const { NODE_ENV, ...inherited } = process.env
  const env = {
    ...inherited,
    ...(NODE_ENV === 'test' ? {} : { NODE_ENV }),
    ...options.env,
    PORT: String(port),
  } as NodeJS.ProcessEnv
  const child = spawn(process.execPath, nodeArgs(path.join('src', 'server.ts')), {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  let pending = ''
  const onData = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-65_536)
    pending += chunk.toString()
    const lines = pending.split('\n')
    pending = lines.pop() ?? ''
    for (const line of lines) if (line.trim()) options.log?.(line)
  }
  child.stdout!.on('data', onData)
  child.stderr!.on('data', onData)

  const killGroup = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL')
    } catch {
      // already gone
    }
  }
  const stop = async (graceMs = 20_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const timer = setTimeout(killGroup, graceMs)
    await exited
    clearTimeout(timer)
  }

  const timeoutMs = options.readyTimeoutMs ?? 120_000
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${options.name} not ready after ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    )
    const check = () => {
      if (output.includes('[server] ready on')) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout!.on('data', check)
    child.stderr!.on('data', check)
    void exited.then((exit) => {
      clearTimeout(timer)
      reject(new Error(`${options.name} exited before it was ready (${JSON.stringify(exit)}):\n${output}`))
    })
  }).catch(async (error: unknown) => {
    await stop(5_000)
    throw error
  })
  return {
    name: options.name,
    port,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    child,
    output: () => output,
    exited,
    stop,
  }
}
