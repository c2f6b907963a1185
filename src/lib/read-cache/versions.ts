// The version an answer is cached under, read from PostgreSQL on every request (one small
// indexed read): the sum of the version rows of the collection and of everything its answer
// depends on (migration 20261127_090000_collection_versions: every committed change adds to
// them in its own transaction), plus, where rows stop being visible at a time, the next such
// time. Read on every request rather than pushed by LISTEN/NOTIFY: a notification arrives
// some time after the commit, and a client that has just written on one instance and reads on
// another must not get the answer from before its write (API-CONTRACT §1 "Caching").
import type { Payload } from 'payload'

import { run, statement, type Statement } from '../prepared'
import { tableBelongs, type PublicReads } from './dependencies'

const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`
const ident = (text: string) => `"${text.replace(/"/g, '""')}"`

export interface VersionReader {
  /** The version as of a read that began after this call (expiries against this process's clock, which access rules and hooks compare with). */
  read: () => Promise<string>
}

/**
 * A read of `dependencies`' versions. With expiries among them, also the next expiry after
 * the read's start: between two expiries the visible rows are the same, so an answer cached before the
 * next one is served only until it passes.
 */
export function versionReader(payload: Payload, slug: string, dependencies: string[], reads: PublicReads): VersionReader {
  const expiries = dependencies.flatMap((dependency) => {
    const expiry = reads.expiries?.[dependency]
    return expiry ? [`(SELECT min(${ident(expiry.column)}) FROM ${ident(expiry.table)} WHERE ${ident(expiry.column)} > $1::timestamptz)`] : []
  })
  const text = `SELECT concat_ws('|', (SELECT coalesce(sum(n), 0) FROM collection_versions WHERE collection IN (${dependencies.map(quoted).join(', ')}))${expiries.map((expiry) => `, extract(epoch FROM ${expiry})`).join('')}) AS version`
  const read: Statement = statement(`read-cache-version-${slug}`, text)
  return {
    read: batched(async () => {
      const { rows } = await run<{ version: string }>(payload, read, expiries.length ? [new Date().toISOString()] : [])
      return rows[0]!.version
    }),
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
    queued ??= running.then(
      () => undefined,
      () => undefined,
    ).then(() => {
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
  const pool = (payload.db as unknown as { pool: { query: (text: string) => Promise<{ rows: Array<{ table: string; triggers: number }> }> } }).pool
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
