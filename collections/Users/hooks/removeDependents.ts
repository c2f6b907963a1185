import type { CollectionBeforeDeleteHook } from 'payload'

// Sessions, tokens, memberships, profile and wallet reference the user with NOT NULL
// columns; they go first, in the same transaction (STACK-NOTES "Auth strategies").
const DEPENDENTS = ['sessions', 'verification-tokens', 'memberships', 'profiles', 'wallets'] as const

export const removeDependents: CollectionBeforeDeleteHook = async ({ id, req }) => {
  for (const collection of DEPENDENTS) {
    await req.payload.delete({ collection, where: { user: { equals: id } }, overrideAccess: true, req })
  }
}
