// docs/api.md "Conventions of every route", set before anything else answers so that errors, 404s,
// 429s and uploads carry them too (docs/api.md "Conventions of every route").
import type { RequestHandler } from 'express'

export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

// The admin panel is a Next app with inline bootstrapping scripts and styles: it needs
// 'unsafe-inline' (and 'unsafe-eval' in dev for fast refresh), but nothing off-site,
// no framing and no foreign form targets.
export function adminCsp(dev: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ')
}

// The one-click unsubscribe page (docs/api.md "Notification settings") holds one form posting to itself.
export const UNSUBSCRIBE_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
const UNSUBSCRIBE_PAGE = '/api/profile/unsubscribe'

const COMMON: Record<string, string> = {
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
  'referrer-policy': 'no-referrer',
}

export function securityHeaders(csp: string): RequestHandler {
  return (req, res, next) => {
    for (const [name, value] of Object.entries(COMMON)) res.setHeader(name, value)
    res.setHeader(
      'content-security-policy',
      req.method === 'GET' && req.path === UNSUBSCRIBE_PAGE ? UNSUBSCRIBE_PAGE_CSP : csp,
    )
    next()
  }
}
