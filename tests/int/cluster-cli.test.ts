// `npm run cluster` itself (scripts/cluster/run.ts), as an operator runs it, with one instance
// to keep it short: it shows each step while it starts, its start time per part and in all,
// prints where each part is, serves
// through the balancer, and SIGTERM stops every process it started and removes its folders.
// What the deployment does with three instances: cluster-three-instances and cluster-faults.
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { afterAll, describe, expect, it } from '@jest/globals'

import { freePort } from '../../src/lib/embedded-database'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

let child: ChildProcess | undefined

afterAll(() => {
  // Only if the test failed half-way: the script's whole process group.
  if (child && child.exitCode === null) process.kill(-child.pid!, 'SIGKILL')
})

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Processes whose command line names `text` (a PostgreSQL data folder). */
const running = (text: string) =>
  fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        return fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(text)
      } catch {
        return false
      }
    })

describe('npm run cluster', () => {
  it('shows its progress, prints where each part is, serves, and stops everything on SIGTERM', async () => {
    const port = await freePort()
    // As `npm run cluster` runs it (tsx), in a process group of its own.
    const { NODE_ENV: _jest, ...env } = process.env
    const script = spawn(
      process.execPath,
      [
        path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'),
        'scripts/cluster/run.ts',
        '--instances',
        '1',
        '--no-panel',
        '--port',
        String(port),
      ],
      {
        cwd: ROOT,
        env: env as NodeJS.ProcessEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      },
    )
    child = script
    let printed = ''
    script.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()))
    script.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()))
    const exited = new Promise<number | null>((resolve) => script.once('exit', (code) => resolve(code)))
    for (const deadline = Date.now() + 170_000; !/Ctrl-C stops everything/.test(printed);) {
      if (script.exitCode !== null || Date.now() > deadline)
        throw new Error(`npm run cluster did not get ready:\n${printed}`)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }

    expect(printed).toMatch(/\[1\/4\] PostgreSQL 15 primary and streaming replica …/)
    expect(printed).toMatch(/\[4\/4\] HAProxy, until it sees every instance ready: done in/)
    // The start time per part and in all, before the table of where each part is.
    expect(printed).toMatch(
      /start time per part:\n {2}PostgreSQL 15 primary and streaming replica: \d+\.\d s\n {2}PgBouncer \(transaction mode\) in front of the primary: \d+\.\d s\n {2}instance-1 \(applies the migrations\): \d+\.\d s\n {2}HAProxy, until it sees every instance ready: \d+\.\d s\n {2}in all: \d+\.\d s\n/,
    )
    for (const part of ['load balancer', 'instance-1', 'pgbouncer', 'primary', 'replica'])
      expect(printed).toMatch(new RegExp(`^  ${part} +(http|postgres)://\\S*127\\.0\\.0\\.1:\\d+`, 'm'))
    expect(printed).toContain(`load balancer  http://127.0.0.1:${port}`)
    const pids = [...printed.matchAll(/pid (\d+)/g)].map((match) => Number(match[1]))
    expect(pids).toHaveLength(3)
    const folders = [...printed.matchAll(/\((\/\S+community-pg-pair-[^/\s]+)\/(primary|replica)\)/g)].map(
      (match) => `${match[1]}/${match[2]}`,
    )
    expect(folders).toHaveLength(2)
    for (const folder of folders) expect(running(folder)).not.toEqual([])

    const through = await fetch(`http://127.0.0.1:${port}/api/health/ready`)
    expect(through.status).toBe(200)
    expect(through.headers.get('x-served-by')).toBe('instance-1')

    script.kill('SIGTERM')
    expect(await exited).toBe(0)
    expect(printed).toMatch(/SIGTERM: stopping everything[\s\S]*\[cluster\] stopped/)
    expect(pids.filter(alive)).toEqual([])
    for (const folder of folders) {
      expect(running(folder)).toEqual([])
      expect(fs.existsSync(folder)).toBe(false)
    }
  }, 200_000)
})
