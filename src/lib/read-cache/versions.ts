// The version an answer is cached under, read on every request (docs/decisions.md "Versions bumped by
// statement triggers, one row per backend"): a notification would arrive after a client that just wrote
// reads through another instance. It is read on the stale listener's round trip, which is also the cookie
// barrier (docs/decisions.md "The cookie barrier is the version read"), else on the pool.
import type { Payload } from 'payload'

import { type CatchUp, type CatchUpRead, caughtUp } from '../auth/stale-listener'
import { run, type Statement, statement } from '../prepared'
import { type PublicReads, tableBelongs } from './dependencies'

const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`
const ident = (text: string) => `"${text.replace(/"/g, '""')}"`

export interface VersionReader {
  /** This collection's own read, as the stale listener's catch-up makes it (`caughtUp(want)`). */
  want: CatchUpRead
  /**
   * The version as of a read that began after this call (expiries against this process's
   * clock, which access rules and hooks compare with); from `round` when given (a catch-up the
   * caller started, after the request arrived, to share it with the cookie barrier).
   */
  read: (round?: Promise<CatchUp>) => Promise<string>
}

/** The next expiry after `$1` of a dependency whose rows stop being visible at a time. */
const expiryOf = (reads: PublicReads, dependency: string) => {
  const expiry = reads.expiries?.[dependency]
  return (
    expiry &&
    `(SELECT min(${ident(expiry.column)}) FROM ${ident(expiry.table)} WHERE ${ident(expiry.column)} > $1::timestamptz)`
  )
}

const EXPIRY = 'expiry:'

/**
 * The catch-up's read when the requests sharing it read different collections: every
 * collection's version sum and every declared expiry, one row each (a few dozen rows; a NULL
 * value: no expiry ahead). It costs about 80 µs more than one collection's own statement
 * (node and PostgreSQL together, at 22 collections × 13 backends' rows), so it is sent only
 * when one statement must answer for several collections.
 */
export function allVersionsRead(reads: PublicReads): CatchUpRead {
  const expiries = Object.keys(reads.expiries ?? {}).sort()
  const text = [
    'SELECT collection AS key, sum(n)::text AS value FROM collection_versions GROUP BY collection',
    ...expiries.map(
      (dependency) => `SELECT ${quoted(EXPIRY + dependency)}, extract(epoch FROM ${expiryOf(reads, dependency)})::text`,
    ),
  ].join(' UNION ALL ')
  return {
    statement: statement('read-cache-all-versions', text),
    values: () => (expiries.length ? [new Date().toISOString()] : []),
  }
}

/**
 * A read of `dependencies`' versions. With expiries among them, also the next expiry after
 * the read's start: between two expiries the visible rows are the same, so an answer cached before the
 * next one is served only until it passes. The same text whichever way it was read (the sum,
 * then each expiry ahead, joined by `|`), so every instance tags one state alike.
 */
export function versionReader(
  payload: Payload,
  slug: string,
  dependencies: string[],
  reads: PublicReads,
  shared: CatchUpRead,
): VersionReader {
  const expiries = dependencies.flatMap((dependency) => {
    const expiry = expiryOf(reads, dependency)
    return expiry ? [expiry] : []
  })
  const text = `SELECT concat_ws('|', (SELECT coalesce(sum(n), 0) FROM collection_versions WHERE collection IN (${dependencies.map(quoted).join(', ')}))${expiries.map((expiry) => `, extract(epoch FROM ${expiry})`).join('')}) AS version`
  const own: Statement = statement(`read-cache-version-${slug}`, text)
  const values = () => (expiries.length ? [new Date().toISOString()] : [])
  const want: CatchUpRead = { statement: own, values }
  const onPool = batched(async () => {
    const { rows } = await run<{ version: string }>(payload, own, values())
    return rows[0]!.version
  })
  // The last round trip's rows and the version made of them: every request that shared that
  // round trip gets the same rows object.
  let last: { rows: unknown[]; version: string } | undefined
  /**
   * This collection's version from the catch-up's rows: its own read's, or every collection's; undefined when it read
   * neither.
   */
  const fromCatchUp = (outcome: CatchUp): string | undefined => {
    if (!outcome.heard || !outcome.rows) return undefined
    if (outcome.read === want) return (outcome.rows[0] as { version: string }).version
    if (outcome.read !== shared) return undefined
    if (last?.rows === outcome.rows) return last.version
    const values = new Map(
      (outcome.rows as Array<{ key: string; value: string | null }>).map((row) => [row.key, row.value]),
    )
    let sum = 0n
    for (const dependency of dependencies) sum += BigInt(values.get(dependency) ?? 0)
    const ahead = dependencies.flatMap((dependency) =>
      reads.expiries?.[dependency] ? [values.get(EXPIRY + dependency) ?? null] : [],
    )
    last = { rows: outcome.rows, version: [String(sum), ...ahead.filter((value) => value !== null)].join('|') }
    return last.version
  }
  return {
    want,
    read: async (round = caughtUp(want)) => fromCatchUp(await round) ?? onPool(),
  }
}

/**
 * Concurrent requests share reads, never one that began before they arrived (it might predate
 * a write they must see): a request arriving while a read runs waits for the next one, which
 * starts when the running one ends and serves everyone who queued meanwhile. Under load that
 * is about two round trips per cycle instead of one per request.
 */
function batched(readOnce: () => Promise<string>): () => Promise<string> {
  let running: Promise<string> | undefined
  let queued: Promise<string> | undefined
  const start = () => {
    const current = readOnce().finally(() => {
      if (running === current) running = undefined
    })
    running = current
    return current
  }
  return () => {
    if (!running) return start()
    queued ??= running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        queued = undefined
        return start()
      })
    return queued
  }
}

/**
 * The collections whose tables all carry the version triggers. A table added later without
 * them (a new array field whose migration forgot `collection_versions_attach`) would change
 * rows without a new version: such a collection, and every one depending on it, is left to
 * Payload (and tests/int/read-cache.test.ts fails).
 */
export async function collectionsWithTriggers(payload: Payload, slugs: string[]): Promise<Set<string>> {
  const pool = payload.db.pool
  const { rows } = await pool.query(`SELECT t.tablename AS table, (
      SELECT count(*)::int FROM pg_trigger g WHERE g.tgrelid = (quote_ident(t.schemaname) || '.' || quote_ident(t.tablename))::regclass
        AND g.tgfoid = 'collection_versions_bump'::regproc
    ) AS triggers FROM pg_tables t WHERE t.schemaname = current_schema()`)
  const covered = new Set<string>()
  for (const slug of slugs) {
    const tables = rows.filter((row) => tableBelongs(slug, row.table))
    if (tables.length > 0 && tables.every((row) => row.triggers === 4)) covered.add(slug)
  }
  return covered
}

const COMPACT = statement('read-cache-compact', 'SELECT collection_versions_compact() AS folded')

/** Folds the version rows of backends that are gone (the migration's compaction). */
export async function compactVersions(payload: Payload): Promise<number> {
  const { rows } = await run<{ folded: number }>(payload, COMPACT, [])
  return rows[0]?.folded ?? 0
}
