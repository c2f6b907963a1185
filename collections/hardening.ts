// Rules for every collection, Payload's own included: the query guard and the data check on each
// (hooks/shared/queryGuard.ts, dataIsAnObject.ts), closed access for the panel's edit locks
// (access/editLocks.ts), a working delete of the panel's preferences
// (collections/PayloadPreferences/delete-own-preference.ts), and timestamps no body writes.
import type { CollectionConfig, Endpoint, FieldAccess, SanitizedConfig } from 'payload'

import { lockNamesADocument, lockOwnedByCaller, ownEditLocks, takeEditLock } from '../access/editLocks'
import { dataIsAnObject } from '../hooks/shared/dataIsAnObject'
import { queryGuard } from '../hooks/shared/queryGuard'
import { deleteOwnPreference } from './PayloadPreferences/delete-own-preference'

// Payload writes a `createdAt` or `updatedAt` it is sent (the adapter fills them only when
// absent): a forum post dated 2100 would keep its thread first for good and any item could
// sort itself to the top of a list. Closed to people; the Local API with overrideAccess (seed,
// migrations, tests that backdate) still sets them.
const noBody: FieldAccess = () => false
const TIMESTAMPS = new Set(['createdAt', 'updatedAt'])
const GUARDS = [queryGuard, dataIsAnObject]

/** The guards first on one collection's beforeOperation hooks; a collection that has them is left as it is. */
export function guardCollection<T extends CollectionConfig>(collection: T): T {
  const hooks = collection.hooks?.beforeOperation ?? []
  if (GUARDS.every((guard) => hooks.includes(guard))) return collection
  const others = hooks.filter((hook) => !GUARDS.includes(hook))
  return { ...collection, hooks: { ...collection.hooks, beforeOperation: [...GUARDS, ...others] } }
}

/**
 * The same rules on what exists only once Payload has sanitized the config: its own
 * collections (edit locks, preferences, migrations, jobs) and every collection's timestamps.
 * Changes the config in place, for the running instance whose config it is.
 */
export function hardenSanitized(config: SanitizedConfig): SanitizedConfig {
  for (const collection of config.collections) {
    // In place: the running instance holds these very objects.
    collection.hooks = guardCollection(collection).hooks
    for (const field of collection.fields) {
      if (field.type === 'date' && TIMESTAMPS.has(field.name)) {
        field.access = { ...field.access, create: noBody, update: noBody }
      }
    }
    if (collection.slug === 'payload-locked-documents') {
      const access = { read: ownEditLocks, create: takeEditLock, update: ownEditLocks, delete: ownEditLocks }
      collection.access = { ...collection.access, ...access }
      const hooks = collection.hooks.beforeOperation
      for (const hook of [lockOwnedByCaller, lockNamesADocument]) if (!hooks.includes(hook)) hooks.push(hook)
    }
    if (collection.slug === 'payload-preferences' && Array.isArray(collection.endpoints)) {
      const ownDelete = (endpoint: Endpoint) => endpoint.method === 'delete' && endpoint.path === '/:key'
      collection.endpoints = collection.endpoints.map((endpoint) =>
        ownDelete(endpoint) ? { ...endpoint, handler: deleteOwnPreference } : endpoint,
      )
    }
  }
  return config
}
