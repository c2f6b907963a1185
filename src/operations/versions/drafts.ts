// Which documents have a draft waiting (docs/api.md "Drafts"): the latest version of a document is a draft while an
// edit saved as a draft has not been published.
import type { PayloadRequest } from 'payload'

import { execute, sql } from '../../lib/sql'

// The version tables of the collections with drafts (Payload's `_<table>_v`).
const VERSION_TABLES = { 'service-listings': '_service_listings_v', 'blog-posts': '_blog_posts_v' } as const

export type DraftCollection = keyof typeof VERSION_TABLES

/** The ids among `ids` whose latest version is a draft. */
export async function withWaitingDraft(
  req: PayloadRequest,
  collection: DraftCollection,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const table = sql.raw(VERSION_TABLES[collection])
  const rows = await execute(
    req,
    sql`SELECT parent_id AS id FROM ${table} WHERE parent_id = ANY(${`{${ids.join(',')}}`}::uuid[])
      AND latest AND version__status = 'draft'`,
  )
  return new Set(rows.map((row) => String(row.id)))
}

export async function hasWaitingDraft(req: PayloadRequest, collection: DraftCollection, id: string): Promise<boolean> {
  return (await withWaitingDraft(req, collection, [id])).has(id)
}
