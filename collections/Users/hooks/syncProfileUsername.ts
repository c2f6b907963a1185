import type { CollectionAfterChangeHook } from 'payload'

import type { User } from '../../../src/payload-types'

// The username lives on the user; the profile made at sign-up carries a copy.
// When an admin renames a user, the copy follows in the same transaction, so the two never
// disagree. A cleared username leaves the profile's as it was: a profile always has one.
export const syncProfileUsername: CollectionAfterChangeHook<User> = async ({ doc, operation, previousDoc, req }) => {
  if (operation !== 'update' || !doc.username || doc.username === previousDoc?.username) return doc
  await req.payload.update({
    collection: 'profiles',
    where: { user: { equals: doc.id } },
    data: { username: doc.username } as never,
    overrideAccess: true,
    req,
  })
  return doc
}
