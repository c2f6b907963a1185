// A PostgreSQL primary with a streaming replica (scripts/cluster/postgres-pair.ts, Debian's
// postgresql-15) and one empty test database on it: for the replica tests and anything else
// that needs the real pair. The first server started on it migrates it, exactly as in
// production (quicker than a template: no second Payload start in a child process); the
// replica receives everything through replication.
import { randomBytes } from 'node:crypto'

import { type PostgresPair, startPostgresPair } from '../../scripts/cluster/postgres-pair'
import { onServer } from '../../src/lib/postgres/template-database'

export interface PairDatabase {
  pair: PostgresPair
  /** The database's name, and its URL on each node. */
  name: string
  primaryUrl: string
  replicaUrl: string
  stop: () => Promise<void>
}

export async function startPairDatabase(): Promise<PairDatabase> {
  const pair = await startPostgresPair()
  try {
    const name = `community_pair_${randomBytes(6).toString('hex')}`
    await onServer(pair.primary.url(), (client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`))
    return {
      pair,
      name,
      primaryUrl: pair.primary.url(name),
      replicaUrl: pair.replica.url(name),
      stop: () => pair.stop(),
    }
  } catch (error) {
    await pair.stop()
    throw error
  }
}
