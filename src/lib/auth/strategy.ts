// The one way a request becomes a user, for every Payload route (custom, stock REST and
// the admin panel): `Authorization: Bearer <token>` (the database's answer, or the one this
// instance read for the token lately when nothing heard since says it changed: bearer-cache.ts)
// or the session cookie (trusting the signed cookie cache for up to 300 s once every change
// committed elsewhere has been heard, else the database, which then re-issues the cache).
// It runs once per request: the shell resolves the caller and hands the result to Payload's run of this
// strategy on the request itself (`ShellAuth`, docs/plugin.md "Declaring a route").
import type { AuthStrategy, AuthStrategyResult, Payload } from 'payload'

import { isRole } from '../../../domain/permissions'
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
import { findSession, type RequestUser, type SessionUser, snapshotOf } from './sessions'
import { heardUpToNow, listenerRuns } from './stale-listener'
import { tokenHash } from './tokens'

export const STRATEGY_NAME = 'community-session'

/** The caller as the shell resolved it: the strategy's result, and whether the database could not check it. */
export interface ResolvedCaller extends AuthStrategyResult {
  unchecked: boolean
}

/**
 * What the shell hands this strategy on the request Payload passes it (`req` of its arguments): the caller
 * it resolved already (the strategy answers with it and asks nothing), or a catch-up round trip it started
 * for this request (the read cache's version read) for the strategy to wait on instead of one of its own.
 */
export interface ShellAuth {
  resolved?: ResolvedCaller
  barrier?: Promise<boolean>
}

const SHELL_AUTH = Symbol('community.shellAuth')

/** Puts `auth` on `request` (the Web Request the shell hands Payload, or a carrier of its own). */
export function handAuth<T extends object>(request: T, auth: ShellAuth): T {
  ;(request as { [SHELL_AUTH]?: ShellAuth })[SHELL_AUTH] = auth
  return request
}

const shellAuthOf = (req: object | undefined): ShellAuth | undefined =>
  req ? (req as { [SHELL_AUTH]?: ShellAuth })[SHELL_AUTH] : undefined

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

// A cookie cache's user carries fewer fields than the database's: the rest take the values a fresh account has.
function requestUser(user: SessionUser, snapshot: SessionSnapshot, hash: string, live: boolean): RequestUser {
  return {
    ...user,
    roles: (user.roles ?? []).filter(isRole),
    emailVerified: Boolean(user.emailVerified),
    banned: Boolean(user.banned),
    createdAt: user.createdAt ?? '',
    updatedAt: user.updatedAt ?? '',
    collection: 'users',
    _strategy: STRATEGY_NAME,
    _session: { session: snapshot.session, tokenHash: hash, live },
  }
}

/**
 * findSession, marking the request when the database could not be asked (unavailable.ts).
 * `sentAt`: unix ms when the lookup answering was sent.
 */
async function lookUp(payload: Payload, token: string, headers: Headers) {
  const sentAt = Date.now()
  try {
    const found = await findSession(payload, token)
    return { found, sentAt }
  } catch (error) {
    if (isDatabaseUnavailable(error)) markCredentialsUnchecked(headers)
    throw error
  }
}

async function bearerUser(
  payload: Payload,
  token: string,
  headers: Headers,
  barrier: () => Promise<boolean>,
): Promise<AuthStrategyResult> {
  const hash = tokenHash(token)
  const maxAge = settings().bearerCacheSeconds
  // Only where a listener hears the other instances' changes: a process without one never trusts a kept session.
  const kept = maxAge > 0 && listenerRuns() ? keptBearer(hash, maxAge) : undefined
  if (kept && (await barrier()) && stillTrusted(kept)) {
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
  authenticate: async ({ headers, payload, req }) => {
    const shell = shellAuthOf(req)
    if (shell?.resolved) {
      if (shell.resolved.unchecked) markCredentialsUnchecked(headers)
      return { user: shell.resolved.user, responseHeaders: shell.resolved.responseHeaders }
    }
    // Another instance's ban or sign-out committed before this request is heard first: one round trip.
    const barrier = () => shell?.barrier ?? heardUpToNow()
    const bearer = bearerToken(headers)
    if (bearer) return bearerUser(payload, bearer, headers, barrier)

    const cookies = headers.get('cookie')
    const token = readCookie(cookies, sessionCookieName())
    if (!token) return { user: null }
    const hash = tokenHash(token)
    const cacheValue = readCookie(cookies, cacheCookieName())
    const heard = cacheValue ? await barrier() : false
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
