// The session cookie (`${COOKIE_PREFIX}session`: the opaque token) and the cookie cache
// (`${COOKIE_PREFIX}session_data`: an HMAC-signed snapshot trusted for 300 s, bound to the
// token so it is useless on its own). Attributes per docs/api.md "Accounts (/api/auth)".
import { createHmac, timingSafeEqual } from 'node:crypto'

import { settings } from '../settings'
import { isStale } from './stale-snapshots'
import { COOKIE_CACHE_SECONDS, SESSION_LIFETIME } from './timing'

export interface SessionSnapshot {
  session: { id: string; userId: string; expiresAt: string; createdAt: string; activeOrganizationId: string | null }
  user: { id: string; email: string; name: string | null; emailVerified: boolean; roles: string[] }
}

interface CachePayload extends SessionSnapshot {
  /** First 16 hex chars of the token's hash: binds the cache to its session cookie. */
  bind: string
  /** Unix seconds when the snapshot was taken. */
  iat: number
}

export const sessionCookieName = () => `${settings().cookiePrefix}session`
export const cacheCookieName = () => `${settings().cookiePrefix}session_data`

function serialize(name: string, value: string, maxAge: number): string {
  return `${name}=${value}; Max-Age=${maxAge}; Path=/; HttpOnly; Secure; SameSite=Lax`
}

export function sessionCookie(token: string, maxAge = SESSION_LIFETIME): string {
  return serialize(sessionCookieName(), token, maxAge)
}

export function clearedCookies(): string[] {
  return [serialize(sessionCookieName(), '', 0), serialize(cacheCookieName(), '', 0)]
}

export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const index = part.indexOf('=')
    if (index === -1) continue
    if (part.slice(0, index).trim() === name) return decodeCookieValue(part.slice(index + 1).trim())
  }
  return undefined
}

/** A value with a broken %-escape (`%ZZ`) is no token we issued: treated as absent, not a 500. */
function decodeCookieValue(value: string): string | undefined {
  try {
    return decodeURIComponent(value)
  } catch {
    return undefined
  }
}

function signature(body: string): Buffer {
  const secret = process.env.PAYLOAD_SECRET
  if (!secret) throw new Error('PAYLOAD_SECRET is not set')
  return createHmac('sha256', `session-cache:${secret}`).update(body).digest()
}

export function cacheCookie(snapshot: SessionSnapshot, tokenHashHex: string): string {
  const payload: CachePayload = { ...snapshot, bind: tokenHashHex.slice(0, 16), iat: Math.floor(Date.now() / 1000) }
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url')
  return serialize(cacheCookieName(), `${body}.${signature(body).toString('base64url')}`, COOKIE_CACHE_SECONDS)
}

// Cookies whose signature held, by their exact value: a client sends the same cache cookie on
// every request for up to 300 s, and checking the HMAC and parsing it again each time was the
// largest cost of a cached-session read after the response write. Only the value
// that verified is remembered, so a changed byte is a miss and is verified in full; binding,
// age and expiry are still checked on every request. Bounded: cleared when full.
const verified = new Map<string, CachePayload>()
const VERIFIED_MAX = 10_000

function verifiedPayload(value: string): CachePayload | null {
  const known = verified.get(value)
  if (known) return known
  const [body, mac] = value.split('.')
  if (!body || !mac) return null
  const expected = signature(body)
  const given = Buffer.from(mac, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as CachePayload
    if (verified.size >= VERIFIED_MAX) verified.clear()
    verified.set(value, payload)
    return payload
  } catch {
    return null
  }
}

/** The cached snapshot when its signature, binding, age and session expiry all hold. */
export function readCacheCookie(value: string | undefined, tokenHashHex: string): SessionSnapshot | null {
  if (!value) return null
  const payload = verifiedPayload(value)
  if (!payload) return null
  try {
    const now = Math.floor(Date.now() / 1000)
    if (payload.bind !== tokenHashHex.slice(0, 16)) return null
    // Banned, re-roled or signed out everywhere since it was signed: ask the database.
    if (isStale(payload.user.id, payload.iat)) return null
    if (
      now - payload.iat >= COOKIE_CACHE_SECONDS ||
      now < payload.iat ||
      Date.parse(payload.session.expiresAt) <= Date.now()
    ) {
      verified.delete(value)
      return null
    }
    // Copies: the remembered payload serves every later request with this cookie.
    return { session: { ...payload.session }, user: { ...payload.user, roles: [...payload.user.roles] } }
  } catch {
    return null
  }
}
