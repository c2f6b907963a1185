import type { CollectionBeforeValidateHook } from 'payload'

/**
 * A new comment belongs to whoever posts it and starts `published`, whatever the body says
 * . Server code without a user (the seed) names the author itself.
 */
export const forceAuthorAndStatus: CollectionBeforeValidateHook = ({ data, operation, req }) => {
  if (operation !== 'create') return data
  return { ...data, status: 'published', authorId: req.user ? req.user.id : data?.authorId }
}
