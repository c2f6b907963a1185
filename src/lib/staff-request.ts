// Staff (admins, moderators) are exempt from the global rate limit (API-CONTRACT §1).
// Only a request that carries credentials can be staff, so anonymous traffic pays nothing.
import type { Request } from 'express'
import type { Payload } from 'payload'

import { hasRole } from '../../access/permissions'

export async function isStaffRequest(payload: Payload, req: Request): Promise<boolean> {
  if (!req.headers.cookie && !req.headers.authorization) return false
  const headers = new Headers()
  if (req.headers.cookie) headers.set('cookie', req.headers.cookie)
  if (req.headers.authorization) headers.set('authorization', req.headers.authorization)
  const { user } = await payload.auth({ headers })
  return hasRole(user, 'admin') || hasRole(user, 'moderator')
}
