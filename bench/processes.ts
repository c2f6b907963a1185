// Servers under load run in processes of their own, so the load generator (autocannon, in
// the bench process) never shares their event loop. RSS is read from /proc.
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs/promises'

import { nodeArgs } from '../scripts/node-build/command'

export interface ServerProcess {
  url: string
  pid: number
  /** Resident memory of the process, in MB. */
  rssMb: () => Promise<number>
  stop: () => Promise<void>
}

export async function rssMb(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN)
  return kb / 1024
}

/**
 * CPU milliseconds (user + system) the process has used: /proc/<pid>/stat fields 14 and 15, in clock ticks of 10 ms.
 */
export async function cpuMs(pid: number): Promise<number> {
  const fields = (await fs.readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

/** The pid and every descendant of it. */
export async function processTree(root: number): Promise<number[]> {
  const pids = (await fs.readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number)
  const parents = new Map<number, number>()
  for (const pid of pids) {
    const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')
    const parent = /^PPid:\s+(\d+)/m.exec(status)?.[1]
    if (parent) parents.set(pid, Number(parent))
  }
  const family = [root]
  for (let i = 0; i < family.length; i++)
    for (const [pid, parent] of parents) if (parent === family[i]) family.push(pid)
  return family
}

/**
 * CPU ms of a process and its descendants: the live ones' own, plus what the children it has
 * already reaped used (fields 16 and 17 of the root): a PostgreSQL's backends that came and went.
 */
export async function treeCpuMs(root: number): Promise<number> {
  const own = await Promise.all((await processTree(root)).map((pid) => cpuMs(pid).catch(() => 0)))
  const fields = (await fs.readFile(`/proc/${root}/stat`, 'utf8')).split(') ')[1]!.split(' ')
  return own.reduce((sum, ms) => sum + ms, 0) + (Number(fields[13]) + Number(fields[14])) * 10
}

/** The postmaster's pid of the PostgreSQL on `dataDir`. */
export async function postmasterPid(dataDir: string): Promise<number> {
  return Number((await fs.readFile(`${dataDir}/postmaster.pid`, 'utf8')).split('\n')[0])
}

/**
 * CPU ms per request of `count` sequential GETs of `url` on the server process `pid`: a cost
 * that other work on a shared machine moves far less than a rate does.
 */
export async function cpuPerRequest(
  pid: number,
  url: string,
  count: number,
  headers: Record<string, string> = {},
  status = 200,
): Promise<number> {
  for (let i = 0; i < 10; i++) await (await fetch(url, { headers })).arrayBuffer() // warm
  const before = await cpuMs(pid)
  for (let i = 0; i < count; i++) {
    const response = await fetch(url, { headers })
    if (response.status !== status) throw new Error(`${url}: ${response.status}`)
    await response.arrayBuffer()
  }
  return ((await cpuMs(pid)) - before) / count
}

/**
 * Starts `node [flags] --import tsx <entry>` (in a test run: the run's plain-JS build of it,
 * scripts/node-build/) and waits until `GET <url><readyPath>` answers 200.
 */
export async function startServerProcess(
  entry: string,
  port: number,
  env: Record<string, string>,
  readyPath = '/api/health',
  flags: string[] = [],
): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, [...flags, ...nodeArgs(entry)], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000)
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}: ${stderr}`)
    const ok = await fetch(`${url}${readyPath}`).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) break
    if (Date.now() > deadline) throw new Error(`${entry} did not answer ${readyPath} within 120 s: ${stderr}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return {
    url,
    pid: child.pid!,
    rssMb: () => rssMb(child.pid!),
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      // SIGKILL after 15 s; the timer is cleared once the server is gone, or it would keep the
      // caller (a bench run, jest after the soak test) alive for the rest of the 15 s.
      let timer: NodeJS.Timeout | undefined
      await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 15_000)))])
      clearTimeout(timer)
      if (child.exitCode === null) child.kill('SIGKILL')
    },
  }
}

async function pss(pid: number): Promise<number> {
  const rollup = await fs.readFile(`/proc/${pid}/smaps_rollup`, 'utf8').catch(() => '')
  return Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0) / 1024
}

/**
 * Memory of the PostgreSQL whose postmaster runs on `dataDir`: the postmaster and its
 * children, as proportional set size (shared buffers counted once, not once per backend), MB.
 */
export async function postgresPssMb(dataDir: string): Promise<number> {
  const pids = (await fs.readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number)
  const commands = await Promise.all(
    pids.map(async (pid) => ({
      pid,
      cmdline: await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => ''),
      status: await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => ''),
    })),
  )
  const postmaster = commands.find((process) => process.cmdline.includes(dataDir) && /postgres/.test(process.cmdline))
  if (!postmaster) return NaN
  const family = commands.filter(
    (process) =>
      process.pid === postmaster.pid || /^PPid:\s+(\d+)/m.exec(process.status)?.[1] === String(postmaster.pid),
  )
  const sizes = await Promise.all(family.map((process) => pss(process.pid)))
  return sizes.reduce((sum, size) => sum + size, 0)
}
