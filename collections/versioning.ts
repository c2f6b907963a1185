// History and drafts on a collection (docs/api.md "History", "Drafts"): Payload's versions, at most 50 a
// document, readable by those who may read and update the document, and the rules that keep a draft out of
// readers' sight until it is published.
import type {
  Access,
  CollectionBeforeChangeHook,
  CollectionBeforeOperationHook,
  CollectionConfig,
  Field,
  Where,
} from 'payload'

import { versionReaders } from '../access/versionReaders'
import { RESTORED_VERSION } from '../hooks/shared/audit'
import { execute, sql } from '../src/lib/sql'

/** Versions kept per document, the current one included; Payload drops the oldest beyond it. */
export const MAX_VERSIONS_PER_DOC = 50

export interface VersioningOptions {
  /** Edits may be saved as drafts beside the published document. */
  drafts?: boolean
  /** Drafts may be published at a set time (Payload's schedule publish on the jobs queue). */
  schedule?: boolean
  /** The platform's status field and its value for a document that was never published. */
  unpublishedStatus?: { field: string; value: string }
  /** Fields the platform keeps by SQL in the main table (field → column), never through a version. */
  keptBySql?: Record<string, string>
}

const asAccess = (rule: Access | undefined): Access => rule ?? (() => false)

/** The restore names its version on the request, for the audit entry the update hooks write. */
const rememberRestoredVersion: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (operation === 'restoreVersion') req.context[RESTORED_VERSION] = String((args as { id?: unknown }).id)
  return args
}

/**
 * A write that is not a draft publishes, from any door (admin API, Local API, stock route): Payload's own default
 * would leave `_status` at draft on a document created without `draft: true`.
 */
const publishUnlessDraft: CollectionBeforeOperationHook = ({ args, operation }) => {
  if (operation !== 'create' && operation !== 'update') return args
  const data = (args as { data?: unknown }).data
  if ((args as { draft?: boolean }).draft || !data || typeof data !== 'object' || Array.isArray(data)) return args
  if ('_status' in data) return args
  return { ...args, data: { ...data, _status: 'published' } }
}

/**
 * `?draft=true` reads the latest drafts: only for those who may update the document, and only the documents they may
 * update (a reader asking for drafts gets the published documents, as without it).
 */
function draftsForEditors(update: Access): CollectionBeforeOperationHook {
  return async ({ args, collection, operation, req }) => {
    if (operation !== 'read' || !(args as { draft?: boolean }).draft) return args
    const mayUpdate = await update({ req })
    if (!mayUpdate) return { ...args, draft: false }
    if (mayUpdate === true) return args
    const { id, where } = args as { id?: string | number; where?: Where }
    if (id === undefined) return { ...args, where: where ? { and: [where, mayUpdate] } : mayUpdate }
    // One document by id: Payload's findByID takes no `where`, so the rule is asked of the document itself.
    const { totalDocs } = await req.payload.count({
      collection: collection.slug as never,
      where: { and: [{ id: { equals: id } }, mayUpdate] },
      overrideAccess: true,
      req,
    })
    return totalDocs > 0 ? args : { ...args, draft: false }
  }
}

/**
 * A restore keeps the document's value of every field nobody may write (a service's rating counts): Payload's restore
 * drops them instead of falling back to the document as an update does, and then finds required ones missing.
 */
const restoreKeepsProtectedFields: CollectionBeforeChangeHook = ({ context, data, originalDoc }) => {
  if (!context.isRestoringVersion || !originalDoc) return data
  for (const [key, value] of Object.entries(originalDoc)) if (data[key] === undefined) data[key] = value
  return data
}

/**
 * A document first saved as a draft keeps the platform's unpublished status until it is published: its row in
 * the main table is what readers, lists and the booking rules read, so a draft marked active must not show.
 * A restore publishes what it restores (Payload keeps the restored version's own `_status` otherwise).
 */
function draftRules(unpublished: VersioningOptions['unpublishedStatus']): CollectionBeforeChangeHook {
  return ({ context, data, operation }) => {
    if (context.isRestoringVersion) return { ...data, _status: 'published' }
    if (operation === 'create' && data._status === 'draft' && unpublished) data[unpublished.field] = unpublished.value
    return data
  }
}

/**
 * With drafts Payload builds every update on the latest version, not on the main table's row: a column the platform
 * keeps by SQL (a service's rating counts) would go back to the version's older value. Publishing takes the row's.
 */
function keptFromRow(slug: string, kept: Record<string, string>): CollectionBeforeChangeHook {
  const columns = Object.entries(kept)
  return async ({ data, operation, originalDoc, req }) => {
    if (operation !== 'update' || data._status === 'draft' || !originalDoc?.id) return data
    const list = sql.join(
      columns.map(([field, column]) => sql`${sql.identifier(column)} AS ${sql.identifier(field)}`),
      sql`, `,
    )
    const [row] = await execute(
      req,
      sql`SELECT ${list} FROM ${sql.identifier(slug.replace(/-/g, '_'))} WHERE id = ${originalDoc.id}`,
    )
    return row ? { ...data, ...row } : data
  }
}

/**
 * Payload's `_status` under an enum name of its own: its default name (`enum_<table>_status`) is the one the
 * platform's `status` select already has.
 */
const PUBLICATION_STATUS: Field = {
  name: '_status',
  type: 'select',
  enumName: ({ tableName }) => `enum_${tableName}_publication`,
  // Payload's own options are merged in (its base field's, concatenated with these).
  options: [],
}

/**
 * The bench's comparison server only (`npm run bench -- versions`): the collections as they were before versions and
 * drafts, on the same database, so a reader's cost of them is measured side by side.
 */
const WITHOUT_VERSIONS = process.env.BENCH_WITHOUT_VERSIONS === 'true'

/** `collection` with versions (and drafts, when asked), their access and their rules. */
export function versioned<T extends CollectionConfig>(collection: T, options: VersioningOptions = {}): T {
  if (WITHOUT_VERSIONS) return collection
  const read = asAccess(collection.access?.read)
  const update = asAccess(collection.access?.update)
  const hooks = collection.hooks ?? {}
  const beforeOperation: CollectionBeforeOperationHook[] = [rememberRestoredVersion]
  const beforeChange: CollectionBeforeChangeHook[] = [restoreKeepsProtectedFields]
  if (options.drafts) {
    beforeOperation.push(publishUnlessDraft, draftsForEditors(update))
    beforeChange.push(draftRules(options.unpublishedStatus))
    if (options.keptBySql) beforeChange.push(keptFromRow(collection.slug, options.keptBySql))
  }
  return {
    ...collection,
    access: { ...collection.access, readVersions: versionReaders(read, update) },
    versions: {
      maxPerDoc: MAX_VERSIONS_PER_DOC,
      drafts: options.drafts ? { schedulePublish: Boolean(options.schedule) } : false,
    },
    hooks: {
      ...hooks,
      beforeOperation: [...(hooks.beforeOperation ?? []), ...beforeOperation],
      beforeChange: [...beforeChange, ...(hooks.beforeChange ?? [])],
    },
    fields: options.drafts ? [...collection.fields, PUBLICATION_STATUS] : collection.fields,
  }
}
