import type { CollectionAfterChangeHook } from 'payload'

import { announceStale } from '../../../src/lib/auth/session-events'
import { revokeSessionsOf } from '../../../src/lib/auth/session-rows'
import type { User } from '../../../src/payload-types'

// A ban set anywhere (the admin panel's Users view, a stock REST update) ends every session
// of the user at once, in the same transaction, as admin/ban-user does (docs/api.md
// "Accounts beyond sign-in (/api/auth)"); that operation ends them itself, to count them
// for its audit entry, and says so.
export const enforceBan: CollectionAfterChangeHook<User> = async ({ context, doc, operation, previousDoc, req }) => {
  if (operation !== 'update' || context.banHandled || !doc.banned || previousDoc?.banned) return doc
  await revokeSessionsOf(req, String(doc.id))
  await announceStale(req, String(doc.id))
  return doc
}
