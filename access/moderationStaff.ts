import type { Access } from 'payload'

import { hasPermission } from '../domain/permissions'

/** Whoever works the moderation queue (moderators, admins): reports name their reporters. */
export const moderationStaff: Access = ({ req }) => hasPermission(req.user, 'moderation.queue')
