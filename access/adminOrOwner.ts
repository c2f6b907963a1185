import type { Access } from 'payload'

import { isAdminUser } from '../domain/permissions'

/** Admins see every row; a signed-in user only rows whose `user` is them (a Where). */
export const adminOrOwner: Access = ({ req }) => {
  if (isAdminUser(req)) return true
  if (!req.user) return false
  return { user: { equals: req.user.id } }
}
