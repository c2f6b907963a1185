import type { CollectionAfterChangeHook } from 'payload'

import { uniqueUsername } from '../../../src/operations/auth/usernames'
import type { User } from '../../../src/payload-types'

// Every user has exactly one profile and one wallet. Sign-up and the first
// admin make them in their own transaction (they write the user with db.create, so this
// hook does not run for them); a user made anywhere else (admin panel, stock REST route,
// create-admin) gets them here, in the same transaction as the user. Found by the fuzzer.
export const createDependents: CollectionAfterChangeHook<User> = async ({ doc, operation, req }) => {
  if (operation !== 'create') return doc
  let username = typeof doc.username === 'string' && doc.username ? doc.username : undefined
  if (!username) {
    username = await uniqueUsername(req, String(doc.email))
    await req.payload.db.updateOne({ collection: 'users', id: doc.id, data: { username }, req })
    doc.username = username
  }
  await req.payload.create({
    collection: 'profiles',
    overrideAccess: true,
    req,
    data: { user: doc.id, username } as never,
  })
  await req.payload.create({
    collection: 'wallets',
    overrideAccess: true,
    req,
    data: { user: doc.id, balance: '0.00', currency: 'EUR' } as never,
  })
  return doc
}
