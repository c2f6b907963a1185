import type { Access, Where } from 'payload'

import { hasPermission } from '../domain/permissions'

/**
 * Who may change a comment at all: admins and holders of `comment.delete_any` (moderators)
 * any comment, an author their own published one. *What* each may change (only the status,
 * and only to `deleted` unless admin) is the comment's hook (collections/BlogComments).
 */
export const commentEditors: Access = ({ req }) => {
  if (hasPermission(req.user, 'comment.delete_any')) return true
  if (!req.user) return false
  const own: Where = { and: [{ authorId: { equals: req.user.id } }, { status: { equals: 'published' } }] }
  return own
}
