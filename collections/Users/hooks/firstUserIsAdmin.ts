import type { CollectionBeforeChangeHook } from 'payload'

// The admin panel's "create first user" screen posts to /api/users/first-register, which
// Payload only accepts while no user exists. That person is the operator: make them an
// admin with a verified email. Any other create keeps the roles it was given.
export const firstUserIsAdmin: CollectionBeforeChangeHook = ({ data, operation, req }) => {
  if (operation !== 'create' || !req.url) return data
  if (!new URL(req.url).pathname.endsWith('/users/first-register')) return data
  return { ...data, roles: ['admin'], emailVerified: true }
}
