// The reported item, whatever its type: everything here goes through the registry entry
// (domain/content-types.ts: collection, authorField, statusField), so a
// content type added there is reportable, queueable and appealable with no change here.
import type { PayloadRequest } from 'payload'

import { CONTENT_TYPES, type ItemFields, type ReportableType } from '../../../domain/content-types'
import { isUuid } from '../../../domain/ids'
import { idOf } from '../../../hooks/community/context'
import { execute, sql } from '../../lib/sql'

export type Doc = Record<string, unknown>

export const typeOf = (postType: ReportableType): ItemFields => CONTENT_TYPES[postType]

export const authorOf = (type: ItemFields, doc: Doc): string | null => idOf(doc[type.authorField])
export const statusOf = (type: ItemFields, doc: Doc): string | null =>
  doc[type.statusField] == null ? null : String(doc[type.statusField])

function tableOf(req: PayloadRequest, type: ItemFields): string {
  const table = req.payload.db.tableNameMap.get(type.collection.replace(/-/g, '_'))
  if (!table) throw new Error(`reports: no table for ${type.collection}`)
  return table
}

/**
 * Locks the item's row until the transaction ends; false when there is none. Reports take
 * SHARE (many at once), decisions UPDATE: a report and a decision on one item never
 * interleave, so a decision closes every report committed before it and none arrives after it
 * for an item it has hidden.
 */
export async function lockItem(
  req: PayloadRequest,
  type: ItemFields,
  id: string,
  mode: 'share' | 'update',
): Promise<boolean> {
  // A string that is not a UUID names nothing (and would be a type error to PostgreSQL).
  if (!isUuid(id)) return false
  const table = sql.identifier(tableOf(req, type))
  const rows = await execute(
    req,
    mode === 'share'
      ? sql`SELECT 1 FROM ${table} WHERE id = ${id} FOR SHARE`
      : sql`SELECT 1 FROM ${table} WHERE id = ${id} FOR UPDATE`,
  )
  return rows.length > 0
}

/** The item whatever its status, read after its row is locked FOR UPDATE (a decision's lock), else null. */
export async function lockedItem(req: PayloadRequest, type: ItemFields, id: string): Promise<Doc | null> {
  // Read after the lock: a decider who waited sees what the first one committed.
  return (await lockItem(req, type, id, 'update')) ? anyItem(req, type, id) : null
}

/** The item as the caller may see it (the collection's own read access), else null. */
export async function visibleItem(req: PayloadRequest, type: ItemFields, id: string): Promise<Doc | null> {
  if (!isUuid(id)) return null
  return (await req.payload.findByID({
    collection: type.collection,
    id,
    depth: 0,
    overrideAccess: false,
    user: req.user,
    req,
    disableErrors: true,
  })) as Doc | null
}

/** The item whatever its status (server side), else null. */
export async function anyItem(req: PayloadRequest, type: ItemFields, id: string): Promise<Doc | null> {
  if (!isUuid(id)) return null
  return (await req.payload.findByID({
    collection: type.collection,
    id,
    depth: 0,
    overrideAccess: true,
    req,
    disableErrors: true,
  })) as Doc | null
}

// The text fields a content type is likely to have, most telling first (the documented field names).
const TEXT_FIELDS = ['body', 'title', 'name', 'description', 'excerpt']
export const EXCERPT_LENGTH = 200

/** Plain text of a rich-text (Lexical) value: its text nodes in order. */
function richText(value: unknown): string {
  if (!value || typeof value !== 'object') return ''
  const node = value as { text?: unknown; children?: unknown; root?: unknown }
  if (typeof node.text === 'string') return node.text
  const children = Array.isArray(node.children) ? node.children : node.root ? [node.root] : []
  return children.map(richText).filter(Boolean).join(' ')
}

/** What the moderator reads in the queue: the item's first text field, whitespace collapsed, ≤ 200 characters. */
export function excerptOf(doc: Doc): string {
  for (const field of TEXT_FIELDS) {
    const value = doc[field]
    const text = (typeof value === 'string' ? value : richText(value)).replace(/\s+/g, ' ').trim()
    if (text) return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text
  }
  return ''
}
