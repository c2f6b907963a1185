import type { CollectionBeforeChangeHook } from 'payload'

import { namesOf, removeFiles, removeUnlessNamed } from '../../src/lib/media/orphan-files'
import { onTransactionEnd } from '../../src/lib/postgres/transaction-ends'

// For any upload collection: a new file's names are known here, before Payload
// writes it (to the folder just before its INSERT, to S3 in afterChange), so they are tied
// to the transaction: rolled back, the files go; committed, they stay; a COMMIT whose outcome
// is unknown leaves the question to the database once it answers (src/lib/media/orphan-files.ts).
// A name the document already had (a file written over in place) is never removed.
export const removeFilesOnRollback: CollectionBeforeChangeHook = async ({ collection, data, originalDoc, req }) => {
  if (!req.file) return data
  const id = await req.transactionID
  if (typeof id !== 'string' && typeof id !== 'number') return data
  const kept = new Set(namesOf(originalDoc))
  const names = namesOf(data).filter((name) => !kept.has(name))
  if (names.length === 0) return data
  const { payload } = req
  onTransactionEnd(payload, String(id), (end) => {
    // Gone before the client hears of the failure.
    if (end === 'rolled-back') return removeFiles(payload, collection.slug, names)
    // Not awaited: the database may be down for a while.
    if (end === 'unknown') void removeUnlessNamed(payload, collection.slug, names)
  })
  return data
}
