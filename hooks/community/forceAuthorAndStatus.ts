import type { CollectionBeforeValidateHook } from 'payload'

import type { ContentType } from '../../domain/content-types'

/**
 * A new item belongs to whoever sends it and starts in the type's default status, whatever
 * the body says (docs/api.md "Community content"). Server code without a user (the seed) names the author.
 */
export const forceAuthorAndStatus =
  (type: ContentType): CollectionBeforeValidateHook =>
  ({ data, operation, req }) => {
    if (operation !== 'create') return data
    const author = req.user ? req.user.id : data?.[type.authorField]
    return {
      ...data,
      [type.statusField]: req.user ? type.statuses[0] : (data?.[type.statusField] ?? type.statuses[0]),
      [type.authorField]: author,
    }
  }
