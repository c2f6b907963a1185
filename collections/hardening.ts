// Rules for every collection, Payload's own included (those exist only once buildConfig has
// run, so this works on the built config): the query guard and the data check on each
// (hooks/shared/queryGuard.ts, dataIsAnObject.ts),
// closed access for the panel's edit locks (access/editLocks.ts), and a working delete of
// the panel's preferences (endpoints/payload/delete-own-preference.ts), and timestamps
// no body writes.
import type { FieldAccess, SanitizedConfig } from 'payload'

import { lockNamesADocument, lockOwnedByCaller, ownEditLocks, takeEditLock } from '../access/editLocks'
import { deleteOwnPreference } from '../endpoints/payload/delete-own-preference'
import { dataIsAnObject } from '../hooks/shared/dataIsAnObject'
import { queryGuard } from '../hooks/shared/queryGuard'

// Payload writes a `createdAt` or `updatedAt` it is sent (the adapter fills them only when
// absent): a forum post dated 2100 would keep its thread first for good and any item could
// sort itself to the top of a list. Closed to people; the Local API with overrideAccess (seed,
// migrations, tests that backdate) still sets them.
const noBody: FieldAccess = () => false
const TIMESTAMPS = new Set(['createdAt', 'updatedAt'])

export function harden(config: SanitizedConfig): SanitizedConfig {
  for (const collection of config.collections) {
    collection.hooks.beforeOperation = [queryGuard, dataIsAnObject, ...(collection.hooks.beforeOperation ?? [])]
    for (const field of collection.fields) {
      if (field.type === 'date' && TIMESTAMPS.has(field.name)) field.access = { ...field.access, create: noBody, update: noBody }
    }
    if (collection.slug === 'payload-locked-documents') {
      collection.access = { ...collection.access, read: ownEditLocks, create: takeEditLock, update: ownEditLocks, delete: ownEditLocks }
      collection.hooks.beforeOperation.push(lockOwnedByCaller, lockNamesADocument)
    }
    if (collection.slug === 'payload-preferences' && Array.isArray(collection.endpoints)) {
      collection.endpoints = collection.endpoints.map((endpoint) =>
        endpoint.method === 'delete' && endpoint.path === '/:key' ? { ...endpoint, handler: deleteOwnPreference } : endpoint,
      )
    }
  }
  return config
}
