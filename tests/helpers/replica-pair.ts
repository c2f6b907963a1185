// A PostgreSQL primary with a streaming replica (scripts/cluster/postgres-pair.ts, Debian's
// postgresql-15) holding one migrated test database: for the replica tests and anything else
// that needs the real pair. The schema is migrated on the primary exactly as the server does
// (a template, then a clone); the replica receives both through replication.
import { startPostgresPair, waitForReplay, type PostgresPair } from '../../scripts/cluster/postgres-pair'
import { cloneDatabase, ensureTemplate, migratedTemplateName, withDatabase } from '../../src/lib/postgres/template-database'
import { migrateTemplate } from './test-database'

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
    const template = migratedTemplateName()
    await ensureTemplate(pair.primary.url(), template, (url) => migrateTemplate(url))
    const { name } = await cloneDatabase(pair.primary.url(), template, 'community_pair_')
    await waitForReplay(pair)
    return { pair, name, primaryUrl: pair.primary.url(name), replicaUrl: pair.replica.url(name), stop: () => pair.stop() }
  } catch (error) {
    await pair.stop()
    throw error
  }
}
