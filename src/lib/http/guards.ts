// Who may call an endpoint. Every /api/admin/* route needs an admin session, answering 403
// `forbidden` otherwise, anonymous callers included (SPEC "Authentication").
import type { PayloadRequest } from 'payload'

import { hasRole } from '../../../access/permissions'
import { forbidden, unauthorized } from './errors'

export function requireUser(req: PayloadRequest): NonNullable<PayloadRequest['user']> {
  if (!req.user) throw unauthorized()
  return req.user
}

export function requireAdmin(req: PayloadRequest): NonNullable<PayloadRequest['user']> {
  if (!req.user || !hasRole(req.user, 'admin')) throw forbidden('Admin access required')
  return req.user
}
