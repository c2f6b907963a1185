// The user and session shapes of Better Auth's core and admin endpoints
// (docs/api.md "Accounts beyond sign-in (/api/auth)"), built in one place.
// `role` is Better Auth's comma-separated form of `roles`.
import type { AccountUser } from './current'

export const presentAccountUser = (user: AccountUser) => ({
  id: user.id,
  email: user.email,
  name: user.name,
  image: user.image,
  username: user.username,
  emailVerified: user.emailVerified,
  role: user.roles.join(','),
  roles: user.roles,
  banned: user.banned,
  banReason: user.banReason,
  banExpires: user.banExpires,
  createdAt: user.createdAt,
  updatedAt: user.updatedAt,
})

export interface SessionRow {
  id: string
  user_id: string
  expires_at: Date
  created_at: Date
  updated_at: Date
  ip: string | null
  user_agent: string | null
}

// `token` is the session's revocation handle, its id: the token itself is never stored
// (only its SHA-256), so it cannot be listed. revoke-session accepts either.
export const presentSessionRow = (row: SessionRow) => ({
  id: String(row.id),
  token: String(row.id),
  userId: String(row.user_id),
  expiresAt: row.expires_at.toISOString(),
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  ipAddress: row.ip,
  userAgent: row.user_agent,
})
