// The load balancer of `npm run cluster`, Debian's HAProxy on loopback (docs/decisions.md "HAProxy routes on
// readiness and retries only what never arrived").
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { freePort } from '../../src/lib/embedded-database'
import { spawnLogged } from './child'

export const HAPROXY = '/usr/sbin/haproxy'

export interface Backend {
  name: string
  port: number
}

export interface LoadBalancerOptions {
  backends: Backend[]
  port?: number
  log?: (line: string) => void
}

export interface LoadBalancer {
  url: string
  statsUrl: string
  pid: number
  /** Each backend's state as the checks see it: `UP`, `DOWN`, `UP 1/2` (going down), … */
  states: () => Promise<Record<string, string>>
  /** Resolves once every named backend is UP (default: all). */
  waitUntilUp: (names?: string[], timeoutMs?: number) => Promise<void>
  exited: Promise<void>
  stop: () => Promise<void>
}

function config(options: { port: number; statsPort: number; backends: Backend[] }): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    // A slow answer may take a minute; an idle connection to an instance is closed by us
    // first, under the instances' own keep-alive (65 s, src/server.ts).
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-request 10s',
    '  timeout http-keep-alive 30s',
    // Connection refused (an instance died between two checks): try another instance.
    '  retries 3',
    '  option redispatch 1',
    'frontend community',
    `  bind 127.0.0.1:${options.port}`,
    '  http-request set-header X-Real-IP %[src]',
    '  http-request set-header X-Forwarded-For %[src]',
    '  http-request set-header X-Forwarded-Proto http',
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    '  option httpchk GET /api/health/ready',
    '  http-check expect status 200',
    '  http-response set-header X-Served-By %[srv_name]',
    '  default-server inter 1s fall 2 rise 2',
    ...options.backends.map((backend) => `  server ${backend.name} 127.0.0.1:${backend.port} check`),
    'frontend stats',
    `  bind 127.0.0.1:${options.statsPort}`,
    '  stats enable',
    '  stats uri /',
    '  stats refresh 2s',
    '',
  ].join('\n')
}

export async function startLoadBalancer(options: LoadBalancerOptions): Promise<LoadBalancer> {
  try {
    await fs.access(HAPROXY)
  } catch {
    throw new Error(`HAProxy is not installed (${HAPROXY}): apt-get install haproxy`)
  }
  const port = options.port ?? (await freePort())
  const statsPort = await freePort()
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'community-haproxy-'))
  const file = path.join(dir, 'haproxy.cfg')
  await fs.writeFile(file, config({ port, statsPort, backends: options.backends }))
  // -db: in the foreground, logging to stderr; -W would add a master process.
  const { child, output, exited } = spawnLogged(HAPROXY, ['-db', '-f', file], options.log)
  const url = `http://127.0.0.1:${port}`
  const statsUrl = `http://127.0.0.1:${statsPort}/`

  const states = async (): Promise<Record<string, string>> => {
    const csv = await (await fetch(`${statsUrl};csv`)).text()
    const [header, ...rows] = csv.split('\n').filter(Boolean)
    const columns = header!.replace(/^# /, '').split(',')
    const result: Record<string, string> = {}
    for (const row of rows) {
      const cells = row.split(',')
      const at = (name: string) => cells[columns.indexOf(name)] ?? ''
      if (at('pxname') === 'instances' && !['FRONTEND', 'BACKEND'].includes(at('svname')))
        result[at('svname')] = at('status')
    }
    return result
  }

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // SIGUSR1 would wait for every open connection; the instances are stopping anyway.
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await exited
      clearTimeout(timer)
    }
    await fs.rm(dir, { recursive: true, force: true })
  }

  const waitUntilUp = async (names = options.backends.map((backend) => backend.name), timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`haproxy exited:\n${output()}`)
      const now = await states().catch(() => ({}) as Record<string, string>)
      if (names.every((name) => now[name] === 'UP')) return
      if (Date.now() > deadline)
        throw new Error(
          `the load balancer does not see ${names.join(', ')} up after ${timeoutMs} ms: ${JSON.stringify(now)}`,
        )
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }

  // Up once its stats page answers (a bad config ends the process first).
  const deadline = Date.now() + 15_000
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      await stop()
      throw new Error(`haproxy did not start:\n${output()}`)
    }
    if (
      await states().then(
        () => true,
        () => false,
      )
    )
      break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { url, statsUrl, pid: child.pid!, states, waitUntilUp, exited, stop }
}
