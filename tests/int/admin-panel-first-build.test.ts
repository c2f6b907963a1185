// The first start of a copy with no panel build (src/lib/admin-panel.ts): the API answers as
// soon as the database is ready, while the real `next build` runs in a child process at the
// lowest priority and /admin (and /_next) answer a 503 page with Retry-After; a stop in the
// middle ends the build too. A build that fails leaves the 503 page saying so. The build is
// never waited for (a minute and ≈ 1.5 GB here): the test looks at its first seconds only.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { nodeArgs } from '../../scripts/node-build/command'
import { BUILD_NICENESS } from '../../src/lib/admin-build'
import { freePort } from '../../src/lib/embedded-database'
import type { Exit } from '../helpers/processes'
import { createFixtureDatabase } from '../helpers/seeded-template'
import { testSecret } from '../helpers/test-database'

let copyDir: string
let app: string
let database: Awaited<ReturnType<typeof createFixtureDatabase>>
let child: ChildProcess | undefined

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The sources copied (no .next/: no build) and node_modules hard-linked (≈ 1 s of system CPU):
 * Turbopack refuses a package it reaches through a symlink out of the project.
 */
async function projectCopy(): Promise<string> {
  copyDir = await fs.mkdtemp(path.join(os.tmpdir(), 'community-first-build-'))
  const root = path.join(copyDir, 'app')
  await fs.mkdir(root)
  const excluded = ['./node_modules', './.data', './.test-data', './.next', './.next-build.lock', './.build', './media']
  excluded.push('./.git')
  const exclude = excluded.flatMap((item) => ['--exclude', item])
  execFileSync('sh', ['-c', `tar -c ${exclude.join(' ')} . | tar -x -C "${root}"`], { cwd: process.cwd() })
  execFileSync('cp', ['-al', path.resolve('node_modules'), path.join(root, 'node_modules')])
  return root
}

interface Started {
  url: string
  output: () => string
  exited: Promise<Exit>
}

/** `npm start` in the copy, until it logs `until` (the API's line, or the panel's). */
async function startInCopy(until: RegExp): Promise<Started> {
  const port = await freePort()
  // Without jest's NODE_ENV=test, as `npm start` runs.
  const env: Record<string, string | undefined> = { ...process.env, NODE_ENV: undefined, PORT: String(port) }
  Object.assign(env, { DATABASE_URL: database.url, PAYLOAD_SECRET: testSecret(), MEDIA_SWEEP_AT_START: 'false' })
  // Its own process group: the build it starts is in it too.
  const options = { cwd: app, env: env as NodeJS.ProcessEnv, detached: true }
  child = spawn(process.execPath, nodeArgs('src/server.ts', app), { ...options, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const exited = new Promise<Exit>((resolve) => child!.once('exit', (code, signal) => resolve({ code, signal })))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${until} after 120 s:\n${output}`)), 120_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (until.test(output)) {
        clearTimeout(timer)
        resolve()
      }
    }
    child!.stdout!.on('data', onData)
    child!.stderr!.on('data', onData)
    void exited.then((exit) => reject(new Error(`the server exited (${JSON.stringify(exit)}):\n${output}`)))
  })
  return { url: `http://127.0.0.1:${port}`, output: () => output, exited }
}

/** The live processes of a process group, with their niceness (a detached child leads its own). */
async function groupProcesses(group: number): Promise<Array<{ pid: number; command: string; nice: number }>> {
  const found: Array<{ pid: number; command: string; nice: number }> = []
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    if (fields[0] === 'Z' || Number(fields[2]) !== group) continue
    const command = (await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '')).split('\0').join(' ').trim()
    found.push({ pid: Number(entry), command, nice: Number(fields[16]) })
  }
  return found
}

async function stopped(started: Started) {
  child!.kill('SIGTERM')
  const exit = await started.exited
  child = undefined
  return exit
}

beforeAll(async () => {
  app = await projectCopy()
  database = await createFixtureDatabase({})
}, 120_000)

afterAll(async () => {
  if (child?.pid) {
    try {
      process.kill(-child.pid, 'SIGKILL')
    } catch {
      // gone
    }
  }
  await database?.drop()
  if (copyDir) await fs.rm(copyDir, { recursive: true, force: true })
}, 60_000)

describe('the first start builds the admin panel while the API is served', () => {
  it('serves /api at once; /admin, /_next: 503, Retry-After while it builds (nice 19); a stop ends it', async () => {
    const started = await startInCopy(/\[server\] API ready on .*the admin panel is being built/)
    expect(started.output()).not.toContain('[server] ready on')

    const health = await fetch(`${started.url}/api/health`)
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ status: 'ok' })
    for (const where of ['/admin', '/admin/collections/users', '/_next/static/chunks/main.js']) {
      const answer = await fetch(`${started.url}${where}`)
      expect(answer.status).toBe(503)
      expect(answer.headers.get('retry-after')).toBe('15')
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/)
      expect(await answer.text()).toContain('The admin panel is being built')
    }

    // The real `next build`, a child of the server, at the lowest priority.
    const group = child!.pid!
    const build = (await groupProcesses(group)).find((process) => /next\/dist\/bin\/next build/.test(process.command))
    expect(build).toBeDefined()
    expect(build!.nice).toBe(BUILD_NICENESS)

    const exit = await stopped(started)
    expect(exit).toEqual({ code: 0, signal: null })
    expect(started.output()).not.toContain('could not be built')
    // The build and whatever it had started are gone with the server.
    for (let i = 0; i < 100 && (await groupProcesses(group)).length > 0; i++) await sleep(50)
    expect(await groupProcesses(group)).toEqual([])
  }, 180_000)

  it('a failed build is logged and leaves the 503 page saying so, the API served', async () => {
    // A config that next build cannot load: it fails in its first seconds.
    await fs.writeFile(path.join(app, 'next.config.mjs'), "throw new Error('a config broken on purpose')\n")
    const started = await startInCopy(/\[server\] ready on .*admin panel failed/)
    expect(started.output()).toMatch(/the admin panel could not be built or started: next build failed/)

    expect((await fetch(`${started.url}/api/health`)).status).toBe(200)
    const answer = await fetch(`${started.url}/admin`)
    expect(answer.status).toBe(503)
    expect(answer.headers.get('retry-after')).toBeNull()
    expect(await answer.text()).toContain('The admin panel could not be built')
    expect(await stopped(started)).toEqual({ code: 0, signal: null })
  }, 180_000)
})
