// The one place that chooses primary or replica for a read, Payload's and ours (docs/decisions.md "Read
// replicas with our own chooser"): a replica only inside a request that allows it and only while the probe
// finds it usable; a read the replica fails is retried on the primary.
import { drizzle, type NodePgDatabase } from '@payloadcms/db-postgres/drizzle/node-postgres'
import { withReplicas } from '@payloadcms/db-postgres/drizzle/pg-core'
import type { Payload } from 'payload'

import { settings } from '../settings'
import { replicaAllowedHere } from './read-context'
import { type Reader, type Replica, ReplicaSet, type ReplicaState } from './replica-set'

const sets = new WeakMap<object, ReplicaSet>()

/** The usable replica for a read made here, now; undefined: the primary. */
function replicaForThisRead(payload: object) {
  if (!replicaAllowedHere()) return undefined
  return sets.get(payload)?.pick()
}

/** The connection for a read where a slightly old answer is harmless (outside any transaction). */
export function publicReader(payload: { db: { pool: Reader } }): Reader {
  return replicaForThisRead(payload)?.reader ?? payload.db.pool
}

/** Each configured replica's state, in DATABASE_REPLICA_URLS order (none configured: empty). */
export const replicaStates = (payload: Payload): ReplicaState[] => sets.get(payload)?.states() ?? []

/** Starts the replicas of DATABASE_REPLICA_URLS (none: nothing) and routes Payload's reads through them. */
export async function startReadReplicas(payload: Payload): Promise<void> {
  const { urls, maxLagSeconds } = settings().replicas
  if (urls.length === 0) return
  const adapter = payload.db
  const poolMax = Number(process.env.DATABASE_POOL_MAX ?? 10)
  const set = new ReplicaSet(urls, adapter.pool, maxLagSeconds, poolMax, (message) => payload.logger.warn(message))
  sets.set(payload, set)

  type Db = NodePgDatabase<Record<string, unknown>>
  const primary = adapter.drizzle as Db
  const byReplica = new Map<Replica, Db>(
    set.replicas.map((replica) => [
      replica,
      drizzle({
        client: replica.reader as never,
        logger: (adapter.logger ?? false) as never,
        schema: adapter.schema,
      }),
    ]),
  )
  const chooseDrizzle = (): Db => {
    const replica = replicaForThisRead(payload)
    return (replica && byReplica.get(replica)) || primary
  }
  adapter.primaryDrizzle = primary
  adapter.drizzle = withReplicas(primary, [...byReplica.values()] as [Db, ...Db[]], chooseDrizzle)
  // Payload's own rule (every read of the process on the primary for a while after any
  // write of the process) is replaced by the per-client one of read-context.ts.
  adapter.readReplicasAfterWriteInterval = 0
  await set.start()
}

export async function stopReadReplicas(payload: Payload): Promise<void> {
  await sets.get(payload)?.stop()
  sets.delete(payload)
}
