import type { Access, Where } from 'payload'

import { hasPermission } from '../domain/permissions'

// Published comments of published posts are public; moderated and deleted ones stay visible
// to their author and to whoever works the moderation queue (moderators, admins).
const PUBLIC: Where = { and: [{ status: { equals: 'published' } }, { 'postId.status': { equals: 'published' } }] }

export const visibleComments: Access = ({ req }) => {
  if (hasPermission(req.user, 'moderation.queue')) return true
  if (!req.user) return PUBLIC
  return { or: [PUBLIC, { authorId: { equals: req.user.id } }] }
}
