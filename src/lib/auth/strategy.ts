// The one way a request becomes a user, for every Payload route (custom, stock REST and
// the admin panel): `Authorization: Bearer <token>` (the database's answer, or the one this
// instance read for the token lately when nothing heard since says it changed: bearer-cache.ts)
// or the session cookie (trusting the signed cookie cache for up to 300 s once every change
// committed elsewhere has been heard, else the database, which then re-issues the cache).
import type { AuthStrategy, AuthStrategyResult, Payload } from 'payload'

import { isDatabaseUnavailable, markCredentialsUnchecked } from '../http/unavailable'
import { settings } from '../settings'
import { forgetBearer, keepBearer, keptBearer, stillTrusted } from './bearer-cache'
import {
  cacheCookie,
  cacheCookieName,
  readCacheCookie,
  readCookie,
  sessionCookieName,
  type SessionSnapshot,
} from './cookies'
import { handedLookup, heardEarlier, keepHeard, keepLookup } from './handed-lookup'
import { findSession, type SessionInfo, type SessionUser, snapshotOf } from './sessions'
import { heardUpToNow, listenerRuns } from './stale-listener'
import { tokenHash } from './tokens'

export const STRATEGY_NAME = 'community-session'

export function bearerToken(headers: Headers): string | undefined {
  return bearerTokenOf(headers.get('authorization'))
}

/** The token of an `Authorization: Bearer <token>` header's value. */
export function bearerTokenOf(authorization: string | null | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1]
}

/** Whether the strategy below has anything to check: without it, the caller is anonymous at once. */
export const bringsCredentials = (
  authorization: string | null | undefined,
  cookies: string | null | undefined,
): boolean => bearerTokenOf(authorization) !== undefined || readCookie(cookies, sessionCookieName()) !== undefined

function requestUser(
  user: SessionUser | SessionSnapshot['user'],
  snapshot: SessionSnapshot,
  hash: string,
  live: boolean,
): AuthStrategyResult['user'] {
  const session: SessionInfo = { session: snapshot.session, tokenHash: hash, live }
  return {
    ...user,
    collection: 'users',
    _strategy: STRATEGY_NAME,
    _session: session,
  } as unknown as AuthStrategyResult['user']
}

/**
 * findSession, marking the request when the database could not be asked (unavailable.ts);
 * a lookup made earlier in the same request is used instead of a second one (handed-lookup.ts).
 * `sentAt`: unix ms when the lookup answering was sent.
 */
async function lookUp(payload: Payload, token: string, headers: Headers) {
  const hash = tokenHash(token)
  const handed = handedLookup(headers, hash)
  if (handed) return handed
  const sentAt = Date.now()
  try {
    const found = await findSession(payload, token)
    keepLookup(headers, hash, found, sentAt)
    return { found, sentAt }
  } catch (error) {
    if (isDatabaseUnavailable(error)) markCredentialsUnchecked(headers)
    throw error
  }
}

/** This request's catch-up round trip (one per request, handed-lookup.ts): whether every earlier change was heard. */
function barrierOf(headers: Headers): Promise<boolean> {
  const barrier = heardEarlier(headers) ?? heardUpToNow()
  keepHeard(headers, barrier)
  return barrier
}

async function bearerUser(payload: Payload, token: string, headers: Headers): Promise<AuthStrategyResult> {
  const hash = tokenHash(token)
  const maxAge = settings().bearerCacheSeconds
  // Only where a listener hears the other instances' changes: a process without one never trusts a kept session.
  const kept = maxAge > 0 && listenerRuns() && !handedLookup(headers, hash) ? keptBearer(hash, maxAge) : undefined
  if (kept && (await barrierOf(headers)) && stillTrusted(kept)) {
    // A copy: the kept user serves every later request with this token.
    const user = { ...kept.found.user, roles: [...(kept.found.user.roles ?? [])] }
    return { user: requestUser(user, snapshotOf(kept.found.doc, user), hash, false) }
  }
  const { found, sentAt } = await lookUp(payload, token, headers)
  if (!found) {
    forgetBearer(hash)
    return { user: null }
  }
  if (maxAge > 0) keepBearer(hash, found, sentAt)
  return { user: requestUser(found.user, snapshotOf(found.doc, found.user), found.hash, true) }
}

export const sessionStrategy: AuthStrategy = {
  name: STRATEGY_NAME,
  authenticate: async ({ headers, payload }) => {
    const bearer = bearerToken(headers)
    if (bearer) return bearerUser(payload, bearer, headers)

    const cookies = headers.get('cookie')
    const token = readCookie(cookies, sessionCookieName())
    if (!token) return { user: null }
    const hash = tokenHash(token)
    const cacheValue = readCookie(cookies, cacheCookieName())
    // Another instance's ban or sign-out committed before this request is heard first (one
    // round trip per request, handed-lookup.ts: a later run of the same request, and the read
    // cache that started it, share it).
    const heard = cacheValue ? await barrierOf(headers) : false
    const cached = heard ? readCacheCookie(cacheValue!, hash) : null
    if (cached) return { user: requestUser(cached.user, cached, hash, false) }

    const { found } = await lookUp(payload, token, headers)
    if (!found) return { user: null }
    const snapshot = snapshotOf(found.doc, found.user)
    return {
      user: requestUser(found.user, snapshot, hash, true),
      responseHeaders: new Headers({ 'set-cookie': cacheCookie(snapshot, hash) }),
    }
  },
}
