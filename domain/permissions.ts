// The one role → permission table (docs/api.md "Roles and permissions").
// Admin holds every permission; citizens hold none of the listed ones.
import type { PayloadRequest } from 'payload'

export const ROLES = ['citizen', 'moderator', 'admin'] as const
export type Role = (typeof ROLES)[number]
export const isRole = (role: string): role is Role => (ROLES as readonly string[]).includes(role)

// The moderator's set; admin holds these and the rest below.
const MODERATOR = [
  'moderation.queue',
  'moderation.action',
  'review.delete_any',
  'comment.delete_any',
  'forum.delete_any_post',
  'forum.pin_thread',
  'forum.lock_thread',
  'classified.delete_any',
  'event.delete_any',
  'group.delete_any',
  'gallery.delete_any',
  'product.delete_any',
] as const

const ADMIN_ONLY = [
  'place.approve',
  'article.approve',
  'user.manage',
  'role.assign',
  'audit.read',
  'taxonomy.manage',
  'transparency.publish',
] as const

export const PERMISSIONS = [...MODERATOR, ...ADMIN_ONLY] as const
export type Permission = (typeof PERMISSIONS)[number]

export const ROLE_PERMISSIONS: Record<Role, ReadonlySet<Permission>> = {
  citizen: new Set(),
  moderator: new Set(MODERATOR),
  admin: new Set(PERMISSIONS),
}

/** Any user-like value (a Payload user, a session snapshot); missing roles mean none. */
export function rolesOf(user: unknown): readonly string[] {
  const roles = (user as { roles?: unknown } | null | undefined)?.roles
  return Array.isArray(roles) ? roles : []
}

export function hasRole(user: unknown, role: Role): boolean {
  return rolesOf(user).includes(role)
}

export const isAdminUser = (req: Pick<PayloadRequest, 'user'>): boolean => hasRole(req.user, 'admin')

export function hasPermission(user: unknown, permission: Permission): boolean {
  return rolesOf(user).some((role) => ROLE_PERMISSIONS[role as Role]?.has(permission))
}

/** Admins and moderators: not counted by the global rate limit (docs/api.md "Conventions of every route"). */
export const isStaff = (user: unknown): boolean => hasRole(user, 'admin') || hasRole(user, 'moderator')
