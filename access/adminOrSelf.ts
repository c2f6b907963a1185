import type { Access } from 'payload'

import { isAdminUser } from '../domain/permissions'

/** Admins see every row; anyone else only their own user record (a Where, not a row load). */
export const adminOrSelf: Access = ({ req }) => {
  if (isAdminUser(req)) return true
  if (!req.user) return false
  return { id: { equals: req.user.id } }
}
