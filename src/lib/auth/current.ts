// The caller of an account operation as the database has it now, not as the 300 s cookie
// cache remembers it: these operations act on credentials and sessions, so a session revoked
// a moment ago (sign-out elsewhere, a ban, a password change) must not pass (docs/api.md
// "Accounts beyond sign-in (/api/auth)"). A bearer request, or a cookie request whose cache
// had expired, was read from the database by the auth strategy moments ago (sessions.ts
// FIND_SESSION carries every column needed here): that read is used, not repeated. Only a
// request the cookie cache answered is read again, once.
import type { PayloadRequest } from 'payload'

import { apiError, forbidden, unauthorized } from '../http/errors'
import { runIn, statement } from '../prepared'
import { type SessionInfo, sessionOf, type SessionUser } from './sessions'

export interface AccountUser {
  id: string
  email: string
  name: string | null
  username: string | null
  image: string | null
  emailVerified: boolean
  roles: string[]
  banned: boolean
  banReason: string | null
  banExpires: string | null
  createdAt: string
  updatedAt: string
}

export interface Caller {
  user: AccountUser
  current: SessionInfo
}

const LIVE_SESSION = statement(
  'live-session-user',
  `SELECT u.id, u.email, u.name, u.username, u.image, u.email_verified,
          u.banned, u.ban_reason, u.ban_expires, u.created_at, u.updated_at,
          ARRAY(SELECT r.value::text FROM users_roles r WHERE r.parent_id = u.id ORDER BY r."order") AS roles
     FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.id = $1 AND s.expires_at > now()`,
)

const ACCOUNT_USER = statement(
  'account-user',
  `SELECT u.id, u.email, u.name, u.username, u.image, u.email_verified,
          u.banned, u.ban_reason, u.ban_expires, u.created_at, u.updated_at,
          ARRAY(SELECT r.value::text FROM users_roles r WHERE r.parent_id = u.id ORDER BY r."order") AS roles
     FROM users u WHERE u.id::text = $1`,
)

// Only the two routes that ask for the password (change-password, delete-user) need its hash.
const PASSWORD_HASH = statement('account-password-hash', 'SELECT password_hash FROM users WHERE id = $1')

export interface UserRow {
  id: string
  email: string
  name: string | null
  username: string | null
  image: string | null
  email_verified: boolean
  banned: boolean
  ban_reason: string | null
  ban_expires: Date | null
  created_at: Date
  updated_at: Date
  roles: string[]
}

export function accountUserOf(row: UserRow): AccountUser {
  return {
    id: String(row.id),
    email: row.email,
    name: row.name,
    username: row.username,
    image: row.image,
    emailVerified: row.email_verified,
    roles: row.roles,
    banned: row.banned,
    banReason: row.ban_reason,
    banExpires: row.ban_expires ? row.ban_expires.toISOString() : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  }
}

/** A ban in force now: `banned` with no expiry, or one still ahead. */
export const isBanned = (user: Pick<AccountUser, 'banned' | 'banExpires'>): boolean =>
  user.banned && (user.banExpires === null || Date.parse(user.banExpires) > Date.now())

export const BANNED_MESSAGE = 'You have been banned from this application'

// The message is the ban's reason itself (docs/api.md "Accounts beyond sign-in (/api/auth)").
export const bannedUser = (reason: string | null) => apiError('banned_user', reason || BANNED_MESSAGE)

/** The user the auth strategy read from the database for this request, as an AccountUser. */
function liveUserOf(user: SessionUser): AccountUser {
  return {
    id: String(user.id),
    email: user.email,
    name: user.name ?? null,
    username: user.username ?? null,
    image: user.image ?? null,
    emailVerified: Boolean(user.emailVerified),
    roles: user.roles ?? [],
    banned: Boolean(user.banned),
    banReason: user.banReason ?? null,
    banExpires: user.banExpires ?? null,
    createdAt: user.createdAt ?? '',
    updatedAt: user.updatedAt ?? '',
  }
}

/** The signed-in caller, checked against the database; 401 without a live session, 403 when banned. */
export async function requireCaller(req: PayloadRequest): Promise<Caller> {
  const current = sessionOf(req)
  if (!req.user || !current) throw unauthorized()
  let user: AccountUser
  if (current.live) {
    user = liveUserOf(req.user)
  } else {
    const row = (await runIn<UserRow>(req, LIVE_SESSION, [current.session.id])).rows[0]
    if (!row) throw unauthorized('Your session has ended; sign in again')
    user = accountUserOf(row)
  }
  if (isBanned(user)) throw bannedUser(user.banReason)
  return { user, current }
}

/** The caller's password hash, for the routes that ask for the password. */
export async function passwordHashOf(req: PayloadRequest, userId: string): Promise<string | null> {
  return (await runIn<{ password_hash: string | null }>(req, PASSWORD_HASH, [userId])).rows[0]?.password_hash ?? null
}

/** requireCaller, and the caller must hold the admin role (docs/api.md "Accounts beyond sign-in
 * (/api/auth)": 403 otherwise).
 */
export async function requireAdmin(req: PayloadRequest): Promise<Caller> {
  const caller = await requireCaller(req)
  if (!caller.user.roles.includes('admin')) throw forbidden('Only administrators may do this')
  return caller
}

/** Any user by id (an admin's target), read on the request's transaction when it has one. */
export async function findAccountUser(req: PayloadRequest, id: string): Promise<AccountUser | null> {
  const row = (await runIn<UserRow>(req, ACCOUNT_USER, [id])).rows[0]
  return row ? accountUserOf(row) : null
}
