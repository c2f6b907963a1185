// The session store: rows of the `sessions` collection keyed by the SHA-256 of an opaque
// token. Sliding expiry moves at most once a day and never past the absolute timeout.
import type { Payload, PayloadRequest } from 'payload'

import { requestIp } from '../client-ip'
import type { SessionSnapshot } from './cookies'
import { SESSION_ABSOLUTE_TIMEOUT, SESSION_FRESH_WINDOW, SESSION_LIFETIME, SESSION_REFRESH_INTERVAL } from './timing'
import { newToken, tokenHash } from './tokens'

export interface SessionUser {
  id: string
  email: string
  name?: string | null
  emailVerified?: boolean | null
  roles?: string[] | null
  createdAt?: string
  updatedAt?: string
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
}

const idOf = (value: { id: string } | string | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : String(value.id)

const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000)

export function snapshotOf(session: Pick<SessionDoc, 'id' | 'expiresAt' | 'createdAt' | 'activeOrganization'>, user: SessionUser): SessionSnapshot {
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

export async function createSession(req: PayloadRequest, userId: string): Promise<{ token: string; hash: string; doc: SessionDoc }> {
  const token = newToken()
  const hash = tokenHash(token)
  const now = new Date()
  const doc = (await req.payload.create({
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
    } as never,
  })) as unknown as SessionDoc
  return { token, hash, doc }
}

/** The live session for `token` with its user, sliding its expiry when due; else null. */
export async function findSession(payload: Payload, token: string): Promise<{ doc: SessionDoc; user: SessionUser; hash: string } | null> {
  const hash = tokenHash(token)
  const { docs } = await payload.find({
    collection: 'sessions',
    where: { tokenHash: { equals: hash } },
    depth: 1,
    limit: 1,
    pagination: false,
    overrideAccess: true,
  })
  const doc = docs[0] as unknown as SessionDoc | undefined
  if (!doc || typeof doc.user !== 'object' || !doc.user) return null
  const now = Date.now()
  const createdAt = Date.parse(doc.createdAt)
  if (Date.parse(doc.expiresAt) <= now || createdAt + SESSION_ABSOLUTE_TIMEOUT * 1000 <= now) {
    await payload.delete({ collection: 'sessions', id: doc.id, overrideAccess: true }).catch(() => undefined)
    return null
  }
  if (now - Date.parse(doc.refreshedAt) >= SESSION_REFRESH_INTERVAL * 1000) {
    const expiresAt = new Date(Math.min(now + SESSION_LIFETIME * 1000, createdAt + SESSION_ABSOLUTE_TIMEOUT * 1000)).toISOString()
    await payload.update({
      collection: 'sessions',
      id: doc.id,
      overrideAccess: true,
      data: { expiresAt, refreshedAt: new Date(now).toISOString() } as never,
    })
    doc.expiresAt = expiresAt
  }
  return { doc, user: doc.user, hash }
}

export async function revokeSession(req: PayloadRequest, sessionId: string): Promise<void> {
  await req.payload.delete({ collection: 'sessions', where: { id: { equals: sessionId } }, overrideAccess: true, req })
}

export async function revokeAllSessions(req: PayloadRequest, userId: string): Promise<void> {
  await req.payload.delete({ collection: 'sessions', where: { user: { equals: userId } }, overrideAccess: true, req })
}

export function sessionOf(req: PayloadRequest): SessionInfo | null {
  return ((req.user as unknown as { _session?: SessionInfo } | null)?._session) ?? null
}

/** Credential changes want a session created in the last 10 minutes (SPEC "fresh window"). */
export function isFresh(info: SessionInfo): boolean {
  return Date.now() - Date.parse(info.session.createdAt) < SESSION_FRESH_WINDOW * 1000
}
