import type { Access } from 'payload'

/**
 * A notification is read by its recipient only: admins included (docs/api.md "Roles and permissions" "a user
 * reads only their own notifications"). A Where, so lists and single reads filter alike.
 */
export const ownNotifications: Access = ({ req }) => {
  if (!req.user) return false
  return { userId: { equals: req.user.id } }
}
