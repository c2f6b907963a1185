// Files no row names, which Payload leaves when an upload's transaction fails: removed at once on rollback
// (docs/decisions.md "A failed upload's files are removed at rollback") or swept at start once older than
// MEDIA_ORPHAN_AGE_MINUTES (docs/decisions.md "Orphan files are swept at start").
import type { Payload, Where } from 'payload'

import { isDatabaseUnavailable } from '../http/unavailable'
import { settings } from '../settings'
import { type FileStore, fileStoreOf } from './file-store'
import type { UploadCollectionSlug } from './storage'

/** What of an upload's document names its files (a row, a version, a hook's data). */
type Doc = { filename?: unknown; sizes?: unknown } | null | undefined

/** The stored file names a document of an upload collection names: the file and its sizes. */
export function namesOf(doc: Doc): string[] {
  if (!doc) return []
  const sizes = Object.values((doc.sizes ?? {}) as Record<string, { filename?: unknown } | null>)
  return [doc.filename, ...sizes.map((size) => size?.filename)].filter(
    (name): name is string => typeof name === 'string' && name !== '',
  )
}

/** Of `names` (every name when undefined), those a row or a version of `slug` names, trashed ones included. */
export async function heldNames(payload: Payload, slug: string, names?: readonly string[]): Promise<Set<string>> {
  const collection = slug as UploadCollectionSlug
  const config = payload.collections[collection].config
  const sizeNames = (config.upload && typeof config.upload === 'object' ? (config.upload.imageSizes ?? []) : []).map(
    (size) => size.name,
  )
  const fields = ['filename', ...sizeNames.map((size) => `sizes.${size}.filename`)]
  const where = (prefix: string): Where =>
    names ? { or: fields.map((field) => ({ [`${prefix}${field}`]: { in: [...names] } })) } : {}
  // Only the names: the sweep reads every row of the collection.
  const select = {
    filename: true,
    sizes: Object.fromEntries(sizeNames.map((size) => [size, { filename: true as const }])),
  } as const
  const held = new Set<string>()
  const docs = await payload.find({
    collection,
    where: where(''),
    select,
    pagination: false,
    depth: 0,
    overrideAccess: true,
    draft: true,
    trash: true,
  })
  for (const doc of docs.docs) for (const name of namesOf(doc)) held.add(name)
  if (config.versions) {
    const versions = await payload.findVersions({
      collection,
      where: where('version.'),
      select: { version: select },
      pagination: false,
      depth: 0,
      overrideAccess: true,
      trash: true,
    })
    for (const version of versions.docs) for (const name of namesOf(version.version)) held.add(name)
  }
  return held
}

const RETRY_MS = 30_000
const RETRIES = 20

/**
 * Removes those of `names` no row of `slug` names, once the database can say (retried every
 * 30 s for 10 min while it cannot; after that the start sweep is left to do it).
 */
export function removeUnlessNamed(
  payload: Payload,
  slug: string,
  names: readonly string[],
  attempt = 0,
): Promise<void> {
  return (async () => {
    const held = await heldNames(payload, slug, names)
    await fileStoreOf(payload, slug).remove(names.filter((name) => !held.has(name)))
  })().catch((error: unknown) => {
    if (isDatabaseUnavailable(error) && attempt < RETRIES) {
      setTimeout(() => void removeUnlessNamed(payload, slug, names, attempt + 1), RETRY_MS).unref()
      return
    }
    payload.logger.error({ err: error, msg: `${slug}: could not clean up ${names.join(', ')}; the start sweep will` })
  })
}

/** Removes the files of a failed upload now (its transaction rolled back: no row names them). */
export function removeFiles(payload: Payload, slug: string, names: readonly string[]): Promise<void> {
  return fileStoreOf(payload, slug)
    .remove(names)
    .catch((error: unknown) =>
      payload.logger.error({
        err: error,
        msg: `${slug}: could not remove ${names.join(', ')} of a failed upload; the start sweep will`,
      }),
    )
}

export interface SweepResult {
  collection: string
  where: string
  removed: string[]
}

/**
 * The start sweep of every upload collection (see above). Collections whose files share a
 * store (one folder, the bucket) are swept together: a file is kept when a row of any of them
 * names it, so one collection's sweep never takes another's files.
 */
export async function sweepOrphanFiles(payload: Payload, now = new Date()): Promise<SweepResult[]> {
  const cutoff = now.getTime() - settings().media.orphanAgeMinutes * 60_000
  const stores = new Map<string, { store: FileStore; slugs: string[] }>()
  for (const collection of payload.config.collections.filter((item) => item.upload)) {
    const store = fileStoreOf(payload, collection.slug)
    const shared = stores.get(store.where)
    if (shared) shared.slugs.push(collection.slug)
    else stores.set(store.where, { store, slugs: [collection.slug] })
  }
  const results: SweepResult[] = []
  for (const { store, slugs } of stores.values()) {
    // Listed first, then the names asked: a row committed meanwhile is seen.
    const old: string[] = []
    for await (const file of store.list()) if (file.modified.getTime() <= cutoff) old.push(file.name)
    if (old.length === 0) continue
    const held = new Set<string>()
    for (const slug of slugs) for (const name of await heldNames(payload, slug)) held.add(name)
    const removed = old.filter((name) => !held.has(name))
    await store.remove(removed)
    results.push({ collection: slugs.join(', '), where: store.where, removed })
  }
  return results
}
