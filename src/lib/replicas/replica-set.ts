// The streaming replicas of DATABASE_REPLICA_URLS, a pool each, probed every second for lag in primary WAL
// positions (docs/decisions.md "Replica lag in primary WAL positions"): a replica that lags or fails is
// skipped until a probe finds it well.
import pg from 'pg'

import { oneQueryAtATime } from '../postgres/one-query-at-a-time'

export const PROBE_INTERVAL_MS = 1000
const PROBE_TIMEOUT_MS = 2000

interface QueryConfig {
  name?: string
  text: string
  values?: unknown[]
}

/** What a read needs of a connection: pg's pool `query`, in the two forms drizzle and prepared.ts call it. */
export interface Reader {
  query: (config: QueryConfig, values?: unknown[]) => Promise<{ rows: unknown[]; rowCount: number | null }>
}

export interface ReplicaState {
  ok: boolean
  /** null while the replica cannot be reached. */
  lagSeconds: number | null
}

/** An error that says the replica, not the statement, is the trouble: the read is retried on the primary. */
function isReplicaTrouble(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code ?? ''
  // 08: connection exceptions; 57P0x: shut down, cannot connect now; 40001: cancelled by a
  // conflict with recovery (the replica replaying a change the query needed); 53300: too many connections.
  if (code.startsWith('08') || code.startsWith('57P') || code === '40001' || code === '53300') return true
  if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND'].includes(code)) return true
  const message = (error as Error | null)?.message ?? ''
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    message,
  )
}

function lsnToNumber(lsn: string): bigint {
  const [high, low] = lsn.split('/')
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`)
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the replica did not answer in time')), PROBE_TIMEOUT_MS)
    }),
  ]).finally(() => clearTimeout(timer))
}

export class Replica {
  readonly pool: pg.Pool
  /** The replica's reads, falling back to the primary when the replica fails them. */
  readonly reader: Reader
  private reachable = false
  private lag: number | null = null

  constructor(
    readonly url: string,
    poolMax: number,
    primary: Reader,
    private readonly maxLagSeconds: number,
    private readonly log: (message: string) => void,
  ) {
    this.pool = new pg.Pool({ connectionString: url, max: poolMax, connectionTimeoutMillis: PROBE_TIMEOUT_MS })
    // An idle connection dropped by a stopping replica must not end the process (pg emits 'error').
    this.pool.on('error', (error) => this.markDown(error))
    this.pool.on('connect', (client) => {
      client.on('error', (error) => this.markDown(error))
      oneQueryAtATime(client)
    })
    this.reader = {
      query: async (config, values) => {
        try {
          return await this.pool.query(config as pg.QueryConfig, values)
        } catch (error) {
          if (!isReplicaTrouble(error)) throw error
          this.markDown(error)
          return primary.query(config, values)
        }
      },
    }
  }

  get state(): ReplicaState {
    return { ok: this.usable, lagSeconds: this.reachable ? this.lag : null }
  }

  get usable(): boolean {
    return this.reachable && this.lag !== null && this.lag <= this.maxLagSeconds
  }

  markDown(error: unknown): void {
    if (this.reachable) this.log(`read replica ${redact(this.url)} skipped: ${(error as Error).message}`)
    this.reachable = false
    this.lag = null
  }

  /** One probe: reachable, and how far behind `samples` (the primary's noted positions, oldest first). */
  async probe(samples: Array<{ at: number; lsn: bigint }>, now: number): Promise<void> {
    let row: { standby: boolean; replayed: string | null }
    try {
      row = (
        await withTimeout(
          this.pool.query('SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS replayed'),
        )
      ).rows[0]
    } catch (error) {
      this.markDown(error)
      return
    }
    const wasUsable = this.usable
    this.reachable = true
    if (!row.standby || row.replayed === null) {
      // Promoted (no longer replaying): as fresh as a primary.
      this.lag = 0
    } else if (samples.length === 0) {
      this.lag = null // the primary's position unknown (primary down): not used until known
    } else {
      const replayed = lsnToNumber(row.replayed)
      const behind = samples.find((sample) => sample.lsn > replayed)
      this.lag = behind ? Math.round((now - behind.at) / 100) / 10 : 0
    }
    if (this.usable && !wasUsable) this.log(`read replica ${redact(this.url)} in use (lag ${this.lag} s)`)
    if (!this.usable && wasUsable) this.log(`read replica ${redact(this.url)} skipped: lag ${this.lag ?? 'unknown'} s`)
  }
}

const redact = (url: string) => {
  try {
    const parsed = new URL(url)
    parsed.password = ''
    return parsed.toString()
  } catch {
    return 'replica'
  }
}

export class ReplicaSet {
  readonly replicas: Replica[]
  private samples: Array<{ at: number; lsn: bigint }> = []
  private timer: NodeJS.Timeout | undefined
  private probing: Promise<void> | undefined
  private next = 0
  private stopped = false

  constructor(
    urls: string[],
    private readonly primary: Reader,
    private readonly maxLagSeconds: number,
    poolMax: number,
    log: (message: string) => void,
  ) {
    this.replicas = urls.map((url) => new Replica(url, poolMax, primary, maxLagSeconds, log))
  }

  /** Probes once now (so reads may use the replicas from the first request), then every second. */
  async start(): Promise<void> {
    await this.probeAll()
    const tick = () => {
      this.timer = setTimeout(() => {
        void this.probeAll().finally(() => {
          if (!this.stopped) tick()
        })
      }, PROBE_INTERVAL_MS)
      this.timer.unref()
    }
    tick()
  }

  probeAll(): Promise<void> {
    this.probing ??= this.probeOnce().finally(() => (this.probing = undefined))
    return this.probing
  }

  private async probeOnce(): Promise<void> {
    const now = Date.now()
    try {
      const { rows } = await withTimeout(this.primary.query({ text: 'SELECT pg_current_wal_lsn()::text AS lsn' }))
      this.samples.push({ at: now, lsn: lsnToNumber(String((rows[0] as { lsn: string }).lsn)) })
    } catch {
      // The primary is down: no new position; readiness says so on its own.
    }
    // Positions older than the bound are kept only as far as one older than it: enough to tell "too far behind".
    const horizon = now - (this.maxLagSeconds + 5) * 1000
    while (this.samples.length > 1 && this.samples[1].at < horizon) this.samples.shift()
    await Promise.all(this.replicas.map((replica) => replica.probe(this.samples, now)))
  }

  /** The next usable replica, in turn; undefined when none is. */
  pick(): Replica | undefined {
    for (let i = 0; i < this.replicas.length; i++) {
      const replica = this.replicas[(this.next + i) % this.replicas.length]
      if (replica.usable) {
        this.next = (this.next + i + 1) % this.replicas.length
        return replica
      }
    }
    return undefined
  }

  states(): ReplicaState[] {
    return this.replicas.map((replica) => replica.state)
  }

  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.timer)
    await this.probing?.catch(() => undefined)
    await Promise.all(this.replicas.map((replica) => replica.pool.end().catch(() => undefined)))
  }
}
