import type { CollectionBeforeDeleteHook } from 'payload'

// Sessions, tokens, memberships, profile, wallet and notifications reference the user with
// NOT NULL columns; they go first, in the same transaction.
// Services (provider NOT NULL) and sole ownerships are refused before this runs (refuseRemoval).
const DEPENDENTS = [
  ['sessions', 'user'],
  ['verification-tokens', 'user'],
  ['memberships', 'user'],
  ['profiles', 'user'],
  ['wallets', 'user'],
  ['notifications', 'userId'],
] as const

export const removeDependents: CollectionBeforeDeleteHook = async ({ id, req }) => {
  for (const [collection, field] of DEPENDENTS) {
    await req.payload.delete({ collection, where: { [field]: { equals: id } }, overrideAccess: true, req })
  }
}
