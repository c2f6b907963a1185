import { type CollectionBeforeChangeHook, Forbidden, ValidationError } from 'payload'

import { isAdminUser } from '../../../domain/permissions'

/** Set by the moderation operation (src/operations/moderation), the one way to `moderated`. */
export const MODERATING = 'moderating'

/**
 * The status moves a plain update may make. Who reaches an update at all is the collection's
 * access (commentEditors); here: `deleted` is open to them, `moderated` only through
 * moderation (it needs a reason, a notification and its audit entry), and bringing a comment
 * back to `published` is for admins.
 */
export const guardStatusChange: CollectionBeforeChangeHook = ({
  collection,
  context,
  data,
  operation,
  originalDoc,
  req,
}) => {
  if (operation !== 'update' || context[MODERATING]) return data
  const next = data.status
  if (next === undefined || next === originalDoc?.status || next === 'deleted') return data
  if (next === 'moderated') {
    throw new ValidationError({
      collection: collection.slug,
      errors: [
        { path: 'status', message: 'A comment is moderated with a reason: use Moderate (POST /api/admin/moderate)' },
      ],
    })
  }
  if (req.user && !isAdminUser(req)) throw new Forbidden(req.t)
  return data
}
