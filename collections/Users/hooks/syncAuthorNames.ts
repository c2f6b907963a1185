import type { CollectionAfterChangeHook, CollectionBeforeDeleteHook, PayloadRequest } from 'payload'

import { execute, sql } from '../../../src/lib/sql'
import type { User } from '../../../src/payload-types'
import { AUTHOR_NAME } from '../../authorName'

interface Column {
  name: string
}

/** Every collection with an author name (collections/authorName.ts): its table and the two columns. */
function authoredTables(req: PayloadRequest) {
  const db = req.payload.db
  const tables = db.tables as Record<string, Record<string, Column>>
  return req.payload.config.collections.flatMap((collection) => {
    const field = collection.flattenedFields.find(
      (candidate) => candidate.name === AUTHOR_NAME && candidate.custom?.authorNameOf,
    )
    if (!field) return []
    // The adapter's own map from the snake-cased slug to the table (the same key it builds).
    const tableName = db.tableNameMap.get(collection.slug.replace(/-/g, '_'))!
    const table = tables[tableName]!
    return [{ tableName, name: table[AUTHOR_NAME]!.name, author: table[field.custom!.authorNameOf as string]!.name }]
  })
}

/** One UPDATE per authored collection (each author column is indexed), in the caller's transaction. */
async function setAuthorName(req: PayloadRequest, userId: string, username: string | null) {
  for (const { tableName, name, author } of authoredTables(req)) {
    await execute(
      req,
      sql`UPDATE ${sql.identifier(tableName)} SET ${sql.identifier(name)} = ${username} WHERE ${sql.identifier(author)} = ${userId}`,
    )
  }
}

// A renamed user's name follows on everything they wrote, in the same transaction as the rename.
export const syncAuthorNames: CollectionAfterChangeHook<User> = async ({ doc, operation, previousDoc, req }) => {
  if (operation !== 'update' || doc.username === previousDoc?.username) return doc
  await setAuthorName(req, String(doc.id), doc.username || null)
  return doc
}

// A deleted account leaves what it wrote authorless (the foreign key sets the author to null):
// its name goes with it.
export const forgetAuthorNames: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await setAuthorName(req, String(id), null)
}
