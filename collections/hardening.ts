// Rules for every collection, Payload's own included (those exist only once buildConfig has
// run, so this works on the built config): the query guard on each (hooks/shared/queryGuard.ts)
// and closed access for the panel's edit locks (access/editLocks.ts).
import type { SanitizedConfig } from 'payload'

import { lockOwnedByCaller, ownEditLocks, takeEditLock } from '../access/editLocks'
import { queryGuard } from '../hooks/shared/queryGuard'

export function harden(config: SanitizedConfig): SanitizedConfig {
  for (const collection of config.collections) {
    collection.hooks.beforeOperation = [queryGuard, ...(collection.hooks.beforeOperation ?? [])]
    if (collection.slug === 'payload-locked-documents') {
      collection.access = { ...collection.access, read: ownEditLocks, create: takeEditLock, update: ownEditLocks, delete: ownEditLocks }
      collection.hooks.beforeOperation.push(lockOwnedByCaller)
    }
  }
  return config
}
