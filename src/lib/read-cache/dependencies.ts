// What a cached answer depends on. Declared by the configuration (collections/publicReads.ts
// through `custom.publicReads`), so this library names no collection itself; the closure over
// relation fields is worked out from Payload's config.
import type { Field, SanitizedConfig } from 'payload'

import type { CountedList } from './count-free'

export interface PublicReads {
  /** The collections whose stock reads (`GET /api/<slug>`, `/api/<slug>/<id>`) the cache answers. */
  collections: string[]
  /** Collections an answer also depends on beyond its relation fields: access rules that read them. */
  alsoDependsOn?: Record<string, string[]>
  /** Rows that stop being visible at a time (an access rule or hook compares a column with now). */
  expiries?: Record<string, { table: string; column: string }>
  /**
   * Signed-in readers whose answers on these collections are the anonymous ones (access that does
   * not depend on who reads); every other signed-in reader is keyed by their id.
   */
  sharedWhenSignedIn?: { collections: string[]; reader: (user: unknown) => boolean }
  /** Lists whose rows per status `list_counts` keeps: a miss takes its total from there when it can (count-free.ts). */
  countedLists?: Record<string, CountedList>
}

export const publicReadsOf = (config: SanitizedConfig): PublicReads | undefined =>
  (config.custom as { publicReads?: PublicReads } | undefined)?.publicReads

/** Collections a relation, upload or join field can bring into an answer (maxDepth 0 never populates). */
function relatedCollections(fields: Field[], found: Set<string>): void {
  for (const field of fields) {
    if ((field.type === 'relationship' || field.type === 'upload') && field.maxDepth !== 0) {
      for (const target of [field.relationTo].flat()) found.add(target)
    }
    if (field.type === 'join') found.add(field.collection as string)
    if ('fields' in field && Array.isArray(field.fields)) relatedCollections(field.fields, found)
    if (field.type === 'blocks') for (const block of field.blocks) relatedCollections(block.fields, found)
    if (field.type === 'tabs') for (const tab of field.tabs) relatedCollections(tab.fields, found)
  }
}

/**
 * Every collection whose rows can change `slug`'s answer: itself, what its relation and join
 * fields reach (transitively, whatever the depth asked: a deeper read may populate further), and
 * what the declaration adds for the access rules of any of them. Sorted, so one set is always written one way.
 */
export function dependenciesOf(config: SanitizedConfig, reads: PublicReads, slug: string): string[] {
  const direct = new Map<string, Set<string>>()
  for (const collection of config.collections) {
    const found = new Set<string>()
    relatedCollections(collection.fields, found)
    direct.set(collection.slug, found)
  }
  const seen = new Set([slug])
  const queue = [slug]
  while (queue.length) {
    for (const next of direct.get(queue.pop()!) ?? []) {
      if (!seen.has(next)) {
        seen.add(next)
        queue.push(next)
      }
    }
  }
  // What access rules read is read, not populated: its own relations do not reach the answer.
  for (const collection of [...seen]) for (const extra of reads.alsoDependsOn?.[collection] ?? []) seen.add(extra)
  return [...seen].sort()
}

/** The tables of a collection as db-postgres names them (the migration's attach rule). */
export function tableBelongs(slug: string, table: string): boolean {
  const base = slug.replace(/-/g, '_')
  return table === base || table.startsWith(`${base}_`) || table === `_${base}_v` || table.startsWith(`_${base}_v_`)
}
