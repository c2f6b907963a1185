// A whole deployment on loopback, as `npm run cluster` and the cluster tests start it (docs/operations.md
// "Scaling out"): PostgreSQL primary and replica, PgBouncer, N instances behind HAProxy, throw-away.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

import { ensureAdminBuild } from '../../src/lib/admin-build'
import { freePort } from '../../src/lib/embedded-database'
import { type LoadBalancer, startLoadBalancer } from './haproxy'
import { type Instance, ROOT, startInstance } from './instances'
import { type PgBouncer, startPgBouncer } from './pgbouncer'
import { type PostgresPair, startPostgresPair } from './postgres-pair'

export const DATABASE = 'community'

export interface ClusterOptions {
  /** How many instances of the server (default 3). */
  instances?: number
  /** The admin panel in every instance (default false; built once before they start). */
  adminPanel?: boolean
  /** The load balancer's port (default: a free one). */
  port?: number
  /** More environment for every instance (SMTP_*, RATE_LIMIT_*, …), over this process's. */
  env?: Record<string, string>
  /** One line per step started and done. */
  progress?: (line: string) => void
  /** Every line a part prints, prefixed with its name. */
  log?: (line: string) => void
  /** A part that ends by itself (a crash, a kill): its name and how it ended. */
  onExit?: (name: string, how: string) => void
  /** Aborted (Ctrl-C while starting): what started is stopped after the current step, and the start fails. */
  signal?: AbortSignal
}

export interface Cluster {
  pair: PostgresPair
  primaryUrl: string
  replicaUrl: string
  bouncer: PgBouncer
  /** What the instances have as DATABASE_URL. */
  pooledUrl: string
  instances: Instance[]
  lb: LoadBalancer
  /** The environment every instance was given (beyond its PORT). */
  instanceEnv: Record<string, string>
  /** Milliseconds from the call to every instance up behind the load balancer. */
  startMs: number
  /** Each step's time in start order; a step that starts several instances has each one's too. */
  timings: StepTiming[]
  /** Stops everything, the other way round from the start, and removes the databases. */
  stop: () => Promise<void>
}

export interface StepTiming {
  step: string
  ms: number
  parts?: Array<{ name: string; ms: number }>
}

/**
 * The start time per part and in all, one line each: what `npm run cluster` prints when ready, and bench/cluster.ts
 * reports.
 */
export function startTimes(cluster: Pick<Cluster, 'timings' | 'startMs'>): string[] {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
  return [
    ...cluster.timings.map(
      ({ step, ms, parts }) =>
        `${step}: ${seconds(ms)}${parts && parts.length > 1 ? ` (${parts.map((part) => `${part.name} ${seconds(part.ms)}`).join(', ')}; together)` : ''}`,
    ),
    `in all: ${seconds(cluster.startMs)}`,
  ]
}

/** A step that takes longer says so this often, with the last line its part printed. */
const HEARTBEAT_MS = 10_000

async function createDatabase(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(`CREATE DATABASE ${DATABASE}`)
  } finally {
    await client.end()
  }
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const started = Date.now()
  const count = options.instances ?? 3
  const progress = options.progress ?? (() => undefined)
  // The last line each part printed: what a step that takes long is doing (initdb, a build).
  const lastLines = new Map<string, { line: string; at: number }>()
  const logOf = (part: string) => (line: string) => {
    lastLines.set(part, { line, at: Date.now() })
    options.log?.(`[${part}] ${line}`)
  }
  const steps = 4 + (count > 1 ? 1 : 0) + (options.adminPanel ? 1 : 0)
  let step = 0
  const timings: StepTiming[] = []
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
  /** Runs one step: `sources` are the parts it starts, whose last line a heartbeat shows. */
  const timed = async <T>(
    what: string,
    sources: string[],
    work: () => Promise<T>,
    parts?: StepTiming['parts'],
  ): Promise<T> => {
    options.signal?.throwIfAborted()
    const at = Date.now()
    const label = `[${++step}/${steps}] ${what}`
    progress(`${label} …`)
    const heartbeat = setInterval(() => {
      const latest = sources
        .map((source) => lastLines.get(source))
        .filter((entry) => entry && entry.at >= at)
        .sort((a, b) => b!.at - a!.at)[0]
      const last = (latest?.line ?? '')
        .replace(/\x1b\[[0-9;]*m/g, '')
        .trim()
        .slice(0, 120)
      progress(`${label}: still going, ${seconds(Date.now() - at)}${last ? ` (last: ${last})` : ''}`)
    }, HEARTBEAT_MS)
    try {
      const result = await work()
      const ms = Date.now() - at
      timings.push({ step: what, ms, ...(parts ? { parts } : {}) })
      progress(`${label}: done in ${seconds(ms)}`)
      return result
    } finally {
      clearInterval(heartbeat)
    }
  }

  const stoppers: Array<() => Promise<void>> = []
  let stopping = false
  const stop = async () => {
    stopping = true
    // The other way round from the start: balancer, instances, pooler, databases.
    for (const stopper of stoppers.reverse()) await stopper().catch(() => undefined)
    stoppers.length = 0
  }
  const watch = (name: string, exited: Promise<unknown>) => {
    void exited.then((how) => {
      if (!stopping) options.onExit?.(name, how ? JSON.stringify(how) : 'exited')
    })
  }

  try {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'community-cluster-'))
    stoppers.push(() => fs.rm(dir, { recursive: true, force: true }))

    const pair = await timed('PostgreSQL 15 primary and streaming replica', ['postgres'], async () => {
      const started = await startPostgresPair({ log: logOf('postgres') })
      stoppers.push(started.stop)
      await createDatabase(started.primary.url())
      return started
    })
    const primaryUrl = pair.primary.url(DATABASE)
    const replicaUrl = pair.replica.url(DATABASE)

    const bouncer = await timed('PgBouncer (transaction mode) in front of the primary', ['pgbouncer'], async () => {
      const started = await startPgBouncer({ target: primaryUrl, log: logOf('pgbouncer') })
      stoppers.push(started.stop)
      watch('pgbouncer', started.exited)
      return started
    })
    const pooledUrl = bouncer.via(primaryUrl)

    if (options.adminPanel)
      await timed('admin panel build (once, for every instance)', ['build'], () =>
        ensureAdminBuild(ROOT, logOf('build')),
      )

    const port = options.port ?? (await freePort())
    const publicUrl = `http://127.0.0.1:${port}`
    const mediaDir = path.join(dir, 'media')
    await fs.mkdir(mediaDir)
    const instanceEnv: Record<string, string> = {
      PAYLOAD_SECRET: process.env.PAYLOAD_SECRET || randomBytes(32).toString('base64url'),
      PUBLIC_URL: publicUrl,
      MEDIA_DIR: mediaDir,
      ...options.env,
      DATABASE_URL: pooledUrl,
      DATABASE_DIRECT_URL: primaryUrl,
      DATABASE_PREPARED_STATEMENTS: 'false',
      DATABASE_REPLICA_URLS: replicaUrl,
      ADMIN_PANEL: options.adminPanel ? 'true' : 'false',
    }
    const names = Array.from({ length: count }, (_, i) => `instance-${i + 1}`)
    const together: NonNullable<StepTiming['parts']> = []
    const launch = async (name: string) => {
      const at = Date.now()
      const instance = await startInstance({ name, env: instanceEnv, log: logOf(name) })
      together.push({ name, ms: Date.now() - at })
      stoppers.push(() => instance.stop())
      watch(name, instance.exited)
      return instance
    }
    // The first alone: it applies the migrations, which two instances must not run at once.
    const first = await timed(`${names[0]} (applies the migrations)`, [names[0]!], () => launch(names[0]!))
    together.length = 0
    const others =
      count > 1
        ? await timed(
            names.slice(1).join(', '),
            names.slice(1),
            () => Promise.all(names.slice(1).map(launch)),
            together,
          )
        : []
    const instances = [first, ...others]

    const lb = await timed('HAProxy, until it sees every instance ready', ['haproxy'], async () => {
      const started = await startLoadBalancer({
        port,
        backends: instances.map((instance) => ({ name: instance.name, port: instance.port })),
        log: logOf('haproxy'),
      })
      stoppers.push(started.stop)
      watch('haproxy', started.exited)
      await started.waitUntilUp()
      return started
    })

    options.signal?.throwIfAborted()
    return {
      pair,
      primaryUrl,
      replicaUrl,
      bouncer,
      pooledUrl,
      instances,
      lb,
      instanceEnv,
      startMs: Date.now() - started,
      timings,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
