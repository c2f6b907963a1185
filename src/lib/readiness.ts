// `GET /api/health/ready` (docs/api.md "Running several instances", docs/decisions.md
// "Readiness reports database, replicas and jobs"): what a load balancer routes on. Unlike
// the liveness answer (/api/health: the database answers at all), an instance is ready only
// when the primary answers AND its schema is the one this code was built for: every migration
// in src/migrations is recorded in payload_migrations. An instance of a newer release started
// before `migrate` ran elsewhere stays out of rotation.
import type { Payload } from 'payload'

import { replicaStates } from './replicas/read-route'
import { settings } from './settings'

const TIMEOUT_MS = 2000

export type DatabaseState = 'ok' | 'unreachable' | 'migrations_pending'

export interface Readiness {
  ready: boolean
  body: {
    database: DatabaseState
    /** One entry per DATABASE_REPLICA_URLS entry, in order (none configured: empty). */
    replicas: Array<{ ok: boolean; lagSeconds: number | null }>
    /** The shared job queue (payload_jobs, every instance's): informational, never decides readiness. */
    jobs: { queued: number; failed: number } | null
  }
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('database did not answer in time')), TIMEOUT_MS)
    }),
  ]).finally(() => clearTimeout(timer))
}

// One round trip: the recorded migrations and the queue's counts together.
const READY_SQL = `SELECT
  (SELECT coalesce(array_agg(name), '{}') FROM payload_migrations) AS applied,
  (SELECT count(*) FROM payload_jobs WHERE completed_at IS NULL AND NOT coalesce(has_error, false))::int AS queued,
  (SELECT count(*) FROM payload_jobs WHERE completed_at IS NULL AND coalesce(has_error, false))::int AS failed`

/** The migrations a config brings (the platform's under `custom.migrations`): what "ready" waits for. */
const migrationNamesOf = (payload: Payload): readonly string[] =>
  (payload.config.custom as { migrations?: ReadonlyArray<{ name: string }> } | undefined)?.migrations?.map(
    (migration) => migration.name,
  ) ?? []

export async function readiness(payload: Payload): Promise<Readiness> {
  const pool = payload.db.pool
  let row: { applied: string[]; queued: number; failed: number }
  try {
    row = (await withTimeout(pool.query(READY_SQL))).rows[0] as typeof row
  } catch {
    // Unreachable, or a schema so old it lacks the tables: either way, not ready.
    return { ready: false, body: { database: 'unreachable', replicas: replicaStates(payload), jobs: null } }
  }
  const applied = new Set(row.applied)
  // With PAYLOAD_DB_PUSH (development) the schema is pushed, not migrated: nothing is pending.
  const pending = !settings().dbPush && migrationNamesOf(payload).some((name) => !applied.has(name))
  const database: DatabaseState = pending ? 'migrations_pending' : 'ok'
  // Replicas are reported, never decide: reads skip a replica that is down or lagging (docs/api.md
  // "Running several instances").
  return {
    ready: !pending,
    body: { database, replicas: replicaStates(payload), jobs: { queued: row.queued, failed: row.failed } },
  }
}
