// The session store: rows of the `sessions` collection keyed by the SHA-256 of an opaque
// token. Sliding expiry moves at most once a day and never past the absolute timeout.
import type { PayloadRequest, TypedUser } from 'payload'

import type { Session } from '../../payload-types'
import { requestIp } from '../client-ip'
import { type PoolOwner, run, statement } from '../prepared'
import type { SessionSnapshot } from './cookies'
import { SESSION_ABSOLUTE_TIMEOUT, SESSION_FRESH_WINDOW, SESSION_LIFETIME, SESSION_REFRESH_INTERVAL } from './timing'
import { newToken, tokenHash } from './tokens'

export interface SessionUser {
  id: string
  email: string
  name?: string | null
  username?: string | null
  emailVerified?: boolean | null
  roles?: string[] | null
  createdAt?: string
  updatedAt?: string
  // Read with the session (FIND_SESSION) so an account route needs no second query for them
  // (src/lib/auth/current.ts); never in the cookie snapshot.
  image?: string | null
  banned?: boolean
  banReason?: string | null
  banExpires?: string | null
}

interface SessionDoc {
  id: string
  user: SessionUser | string
  tokenHash: string
  expiresAt: string
  refreshedAt: string
  activeOrganization?: { id: string } | string | null
  createdAt: string
}

/** What the auth strategy attaches to `req.user` besides the user's own fields. */
export interface SessionInfo {
  session: SessionSnapshot['session']
  tokenHash: string
  /** The session and its user were read from the database for this request (not the cookie cache). */
  live?: boolean
}

/** `req.user` as the auth strategy sets it: the account and the session it came with. */
export type RequestUser = TypedUser & { _strategy: string; _session: SessionInfo }

const idOf = (value: { id: string } | string | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : String(value.id)

const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000)

export function snapshotOf(
  session: Pick<SessionDoc, 'id' | 'expiresAt' | 'createdAt' | 'activeOrganization'>,
  user: SessionUser,
): SessionSnapshot {
  return {
    session: {
      id: String(session.id),
      userId: String(user.id),
      expiresAt: new Date(session.expiresAt).toISOString(),
      createdAt: new Date(session.createdAt).toISOString(),
      activeOrganizationId: idOf(session.activeOrganization),
    },
    user: {
      id: String(user.id),
      email: user.email,
      name: user.name ?? null,
      emailVerified: Boolean(user.emailVerified),
      roles: user.roles ?? [],
    },
  }
}

export async function createSession(
  req: PayloadRequest,
  userId: string,
): Promise<{ token: string; hash: string; doc: Session }> {
  const token = newToken()
  const hash = tokenHash(token)
  const now = new Date()
  const doc = await req.payload.create({
    collection: 'sessions',
    overrideAccess: true,
    req,
    data: {
      user: userId,
      tokenHash: hash,
      expiresAt: addSeconds(now, SESSION_LIFETIME).toISOString(),
      refreshedAt: now.toISOString(),
      ip: requestIp(req.headers) ?? undefined,
      userAgent: req.headers.get('user-agent')?.slice(0, 500) ?? undefined,
    },
  })
  return { token, hash, doc }
}

// One round trip: the session, its user and the user's roles. This runs for every
// authenticated request (custom routes, stock routes, the admin panel), so it is a prepared
// statement rather than a Local API find (which costs ~10x the CPU: docs/performance.md).
// Unnamed (behind PgBouncer) it goes as the call of a function holding the same query
// (migration 20261127_180000_pooled_read_functions), planned once per server connection.
export const FIND_SESSION = statement(
  'find-session',
  `SELECT s.id, s.expires_at, s.refreshed_at, s.created_at, s.active_organization_id,
          u.id AS user_id, u.email, u.name, u.username, u.email_verified, u.image,
          u.banned, u.ban_reason, u.ban_expires,
          u.created_at AS user_created_at, u.updated_at AS user_updated_at,
          ARRAY(SELECT r.value::text FROM users_roles r WHERE r.parent_id = u.id ORDER BY r."order") AS roles
     FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.token_hash = $1`,
  'SELECT * FROM community_find_session($1)',
)
const DELETE_SESSION = statement('delete-session', 'DELETE FROM sessions WHERE id = $1')
const SLIDE_SESSION = statement(
  'slide-session',
  'UPDATE sessions SET expires_at = $2, refreshed_at = $3, updated_at = $3 WHERE id = $1',
)

interface SessionRow {
  id: string
  expires_at: Date
  refreshed_at: Date
  created_at: Date
  active_organization_id: string | null
  user_id: string
  email: string
  name: string | null
  username: string | null
  email_verified: boolean
  image: string | null
  banned: boolean
  ban_reason: string | null
  ban_expires: Date | null
  user_created_at: Date
  user_updated_at: Date
  roles: string[]
}

function sessionFrom(row: SessionRow): { doc: SessionDoc; user: SessionUser } {
  const user: SessionUser = {
    id: row.user_id,
    email: row.email,
    name: row.name,
    username: row.username,
    emailVerified: row.email_verified,
    roles: row.roles,
    createdAt: row.user_created_at.toISOString(),
    updatedAt: row.user_updated_at.toISOString(),
    image: row.image,
    banned: row.banned,
    banReason: row.ban_reason,
    banExpires: row.ban_expires ? row.ban_expires.toISOString() : null,
  }
  const doc: SessionDoc = {
    id: row.id,
    user,
    tokenHash: '',
    expiresAt: row.expires_at.toISOString(),
    refreshedAt: row.refreshed_at.toISOString(),
    activeOrganization: row.active_organization_id,
    createdAt: row.created_at.toISOString(),
  }
  return { doc, user }
}

/** The live session for `token` with its user, sliding its expiry when due; else null. */
export async function findSession(
  payload: PoolOwner,
  token: string,
): Promise<{ doc: SessionDoc; user: SessionUser; hash: string } | null> {
  const hash = tokenHash(token)
  const row = (await run<SessionRow>(payload, FIND_SESSION, [hash])).rows[0]
  if (!row) return null
  const { doc, user } = sessionFrom({ ...row })
  doc.tokenHash = hash
  const now = Date.now()
  const createdAt = Date.parse(doc.createdAt)
  if (Date.parse(doc.expiresAt) <= now || createdAt + SESSION_ABSOLUTE_TIMEOUT * 1000 <= now) {
    await run(payload, DELETE_SESSION, [doc.id]).catch(() => undefined)
    return null
  }
  if (now - Date.parse(doc.refreshedAt) >= SESSION_REFRESH_INTERVAL * 1000) {
    const expiresAt = new Date(Math.min(now + SESSION_LIFETIME * 1000, createdAt + SESSION_ABSOLUTE_TIMEOUT * 1000))
    await run(payload, SLIDE_SESSION, [doc.id, expiresAt, new Date(now)])
    doc.expiresAt = expiresAt.toISOString()
  }
  return { doc, user, hash }
}

export async function revokeSession(req: PayloadRequest, sessionId: string): Promise<void> {
  await req.payload.delete({ collection: 'sessions', where: { id: { equals: sessionId } }, overrideAccess: true, req })
}

export async function revokeAllSessions(req: PayloadRequest, userId: string): Promise<void> {
  await req.payload.delete({ collection: 'sessions', where: { user: { equals: userId } }, overrideAccess: true, req })
}

const isSessionInfo = (value: unknown): value is SessionInfo =>
  typeof value === 'object' && value !== null && 'session' in value && 'tokenHash' in value

export function sessionOf(req: PayloadRequest): SessionInfo | null {
  const user = req.user
  return user && '_session' in user && isSessionInfo(user._session) ? user._session : null
}

/** Credential changes want a session created in the last 10 minutes. */
export function isFresh(info: SessionInfo): boolean {
  return Date.now() - Date.parse(info.session.createdAt) < SESSION_FRESH_WINDOW * 1000
}
