// The shapes /api/auth answers with (docs/api.md "Accounts (/api/auth)"), built in one place.
import type { SessionSnapshot } from './cookies'

interface UserLike {
  id: string | number
  email: string
  name?: string | null
  username?: string | null
  emailVerified?: boolean | null
  createdAt?: string
}

export const presentUser = (user: UserLike) => ({
  id: String(user.id),
  email: user.email,
  name: user.name ?? null,
  emailVerified: Boolean(user.emailVerified),
})

/**
 * get-session's user (docs/api.md "Accounts (/api/auth)"): also `roles`
 * (the array of docs/api.md "Roles and permissions") and `role`, the same joined by
 * commas as Better Auth's admin plugin writes it, so an app knows what to show.
 */
export const presentSessionUser = (user: UserLike & { roles?: readonly string[] | null }) => {
  const roles = [...(user.roles ?? [])]
  return { ...presentUser(user), roles, role: roles.join(',') }
}

export const presentNewUser = (user: UserLike) => ({
  ...presentUser(user),
  username: user.username ?? null,
  createdAt: user.createdAt ? new Date(user.createdAt).toISOString() : null,
})

export const presentSession = (session: SessionSnapshot['session']) => ({
  id: session.id,
  userId: session.userId,
  expiresAt: session.expiresAt,
  activeOrganizationId: session.activeOrganizationId,
})
