import type { Access, Where } from 'payload'

import { hasPermission } from '../domain/permissions'
import { blockedMembers } from '../src/lib/member-blocks'

// Published comments of published posts are public; moderated and deleted ones stay visible
// to their author and to whoever works the moderation queue (moderators, admins).
const PUBLIC: Where = { and: [{ status: { equals: 'published' } }, { 'postId.status': { equals: 'published' } }] }

export const visibleComments: Access = async ({ req, id }) => {
  if (hasPermission(req.user, 'moderation.queue')) return true
  if (!req.user) return PUBLIC
  const visible: Where = { or: [PUBLIC, { authorId: { equals: req.user.id } }] }
  // A member's lists leave out the comments of members they block, as the community types' do (access/community.ts).
  if (id !== undefined) return visible
  const blocked = await blockedMembers(req, String(req.user.id))
  if (blocked.length === 0) return visible
  return { and: [visible, { or: [{ authorId: { not_in: blocked } }, { authorId: { exists: false } }] }] }
}
