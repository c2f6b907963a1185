// CSRF origin check (docs/api.md "Accounts (/api/auth)"): a state-changing /api request that carries the
// session cookie must come from a trusted origin (TRUSTED_ORIGINS, PUBLIC_URL, or the very
// origin the browser addressed). A request that only carries a bearer token cannot be
// forged by another site, so it is exempt.
import type { Request, RequestHandler } from 'express'

import { readCookie, sessionCookieName } from '../auth/cookies'
import { settings } from '../settings'
import { apiError, errorBody, familyOf } from './errors'

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

// One-click unsubscribe (docs/api.md "Notification settings") acts on its signed token alone and ignores
// any session, so a cookie the browser adds to a mail provider's POST (foreign or no Origin) grants nothing.
const TOKEN_AUTHORIZED = new Set(['/api/profile/unsubscribe'])

function originOf(req: Request): string | null {
  const origin = req.headers.origin
  if (origin && origin !== 'null') return origin
  const referer = req.headers.referer
  if (!referer) return null
  try {
    return new URL(referer).origin
  } catch {
    return null
  }
}

export function isTrustedOrigin(req: Request, origin: string): boolean {
  if (settings().trustedOrigins.includes(origin)) return true
  // The origin the browser addressed: an attacker's page cannot make it equal ours.
  return (
    Boolean(req.headers.host) && (origin === `http://${req.headers.host}` || origin === `https://${req.headers.host}`)
  )
}

export const csrfCheck: RequestHandler = (req, res, next) => {
  if (SAFE.has(req.method)) return next()
  if (TOKEN_AUTHORIZED.has(req.path)) return next()
  if (!readCookie(req.headers.cookie, sessionCookieName())) return next()
  const origin = originOf(req)
  if (origin && isTrustedOrigin(req, origin)) return next()
  const error = apiError(
    'forbidden',
    origin ? `Origin ${origin} is not trusted` : 'Missing Origin header on a cookie-authenticated request',
  )
  res.status(403).json(errorBody(error, familyOf(new URL(req.originalUrl, 'http://localhost').pathname)))
}
