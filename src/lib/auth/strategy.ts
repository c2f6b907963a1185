// The one way a request becomes a user, for every Payload route (custom, stock REST and
// the admin panel): `Authorization: Bearer <token>` (always checked against the database,
// so a signed-out token fails at once) or the session cookie (trusting the signed cookie
// cache for up to 300 s once every change committed elsewhere has been heard, else the
// database, which then re-issues the cache).
import type { AuthStrategy, AuthStrategyResult, Payload } from 'payload'

import { cacheCookie, cacheCookieName, readCacheCookie, readCookie, sessionCookieName, type SessionSnapshot } from './cookies'
import { handedLookup, heardEarlier, keepHeard, keepLookup } from './handed-lookup'
import { heardUpToNow } from './stale-listener'
import { findSession, snapshotOf, type SessionInfo, type SessionUser } from './sessions'
import { tokenHash } from './tokens'
import { isDatabaseUnavailable, markCredentialsUnchecked } from '../http/unavailable'

export const STRATEGY_NAME = 'community-session'

export function bearerToken(headers: Headers): string | undefined {
  return bearerTokenOf(headers.get('authorization'))
}

/** The token of an `Authorization: Bearer <token>` header's value. */
export function bearerTokenOf(authorization: string | null | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1]
}

/** Whether the strategy below has anything to check: without it, the caller is anonymous at once. */
export const bringsCredentials = (authorization: string | null | undefined, cookies: string | null | undefined): boolean =>
  bearerTokenOf(authorization) !== undefined || readCookie(cookies, sessionCookieName()) !== undefined

function requestUser(user: SessionUser | SessionSnapshot['user'], snapshot: SessionSnapshot, hash: string, live: boolean): AuthStrategyResult['user'] {
  const session: SessionInfo = { session: snapshot.session, tokenHash: hash, live }
  return { ...user, collection: 'users', _strategy: STRATEGY_NAME, _session: session } as unknown as AuthStrategyResult['user']
}

/**
 * findSession, marking the request when the database could not be asked (unavailable.ts);
 * a lookup made earlier in the same request is used instead of a second one (handed-lookup.ts).
 */
async function lookUp(payload: Payload, token: string, headers: Headers) {
  const hash = tokenHash(token)
  const handed = handedLookup(headers, hash)
  if (handed) return handed.found
  try {
    const found = await findSession(payload, token)
    keepLookup(headers, hash, found)
    return found
  } catch (error) {
    if (isDatabaseUnavailable(error)) markCredentialsUnchecked(headers)
    throw error
  }
}

export const sessionStrategy: AuthStrategy = {
  name: STRATEGY_NAME,
  authenticate: async ({ headers, payload }) => {
    const bearer = bearerToken(headers)
    if (bearer) {
      const found = await lookUp(payload, bearer, headers)
      if (!found) return { user: null }
      return { user: requestUser(found.user, snapshotOf(found.doc, found.user), found.hash, true) }
    }

    const cookies = headers.get('cookie')
    const token = readCookie(cookies, sessionCookieName())
    if (!token) return { user: null }
    const hash = tokenHash(token)
    const cacheValue = readCookie(cookies, cacheCookieName())
    // Another instance's ban or sign-out committed before this request is heard first (one
    // round trip per request, handed-lookup.ts: a later run of the same request, and the read
    // cache that started it, share it).
    let heard = false
    if (cacheValue) {
      const barrier = heardEarlier(headers) ?? heardUpToNow()
      keepHeard(headers, barrier)
      heard = await barrier
    }
    const cached = heard ? readCacheCookie(cacheValue!, hash) : null
    if (cached) return { user: requestUser(cached.user, cached, hash, false) }

    const found = await lookUp(payload, token, headers)
    if (!found) return { user: null }
    const snapshot = snapshotOf(found.doc, found.user)
    return {
      user: requestUser(found.user, snapshot, hash, true),
      responseHeaders: new Headers({ 'set-cookie': cacheCookie(snapshot, hash) }),
    }
  },
}
