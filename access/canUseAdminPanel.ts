import type { PayloadRequest } from 'payload'

import { hasRole } from '../domain/permissions'

/** The admin panel admits admins and moderators (docs/api.md "Roles and permissions"). */
export const canUseAdminPanel = ({ req }: { req: PayloadRequest }): boolean =>
  hasRole(req.user, 'admin') || hasRole(req.user, 'moderator')
