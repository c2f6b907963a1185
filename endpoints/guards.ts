// Role guards of the endpoints. Every /api/admin/* route needs an admin session, answering 403
// `forbidden` otherwise, anonymous callers included (SPEC "Authentication").
import type { PayloadRequest } from 'payload'

import { hasRole } from '../access/permissions'
import { requireAllowed } from '../src/lib/http/guards'

export const requireAdmin = (req: PayloadRequest) => requireAllowed(req, (user) => hasRole(user, 'admin'), 'Admin access required')
