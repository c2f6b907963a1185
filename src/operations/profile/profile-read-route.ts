// The profile family's two hot reads answered by the shell (docs/decisions.md "Hot signed-in
// reads answered by the shell"), as get-session and the forum's public reads are: `GET
// /api/profile/notifications` (the caller's inbox) and `GET /api/profile/:username` (a public
// profile). Mounted after the global rate limit and the CSRF check, before Payload's bridge;
// the Payload endpoints (endpoints/profile) stay the reference, and everything this route
// does not recognise exactly as Payload's router would goes on to them: HEAD, `export`, a
// malformed %-escape, a path with more segments. Path matching follows rootDispatcher's
// (path-to-regexp): trailing slashes dropped, literal segments compared ignoring case on the
// raw path, the username decoded.
import type { RequestHandler } from 'express'
import type { Payload } from 'payload'

import { unauthorized } from '../../lib/http/errors'
import { parseBoolean, parsePagination } from '../../lib/http/pagination'
import { shellAnswer } from '../../lib/http/shell-answer'
import { listInbox } from './inbox'
import { getPublicProfile } from './public-profile'

export const PROFILE_READS_PATH = /^\/api\/profile\/[^/]/

const PREFIX = '/api/profile/'

/** The inbox as GET /api/profile/notifications answers it: the caller's, else 401. */
export async function inboxAnswer(payload: Payload, userId: string | undefined, params: URLSearchParams) {
  if (!userId) throw unauthorized()
  return listInbox(payload, userId, parseBoolean(params, 'unread') ?? false, parsePagination(params))
}

export function profileReadRoute(payload: Payload): RequestHandler {
  return async (req, res, next) => {
    try {
      if (req.method !== 'GET') return next()
      const url = new URL(req.originalUrl, 'http://localhost')
      const path = url.pathname.replace(/\/+$/, '')
      const segment = path.slice(PREFIX.length)
      if (!path.startsWith(PREFIX) || !segment || segment.includes('/')) return next()
      const literal = segment.toLowerCase()
      if (literal === 'export') return next()
      if (literal === 'notifications') {
        return await shellAnswer(payload, req, res, path, (caller) => inboxAnswer(payload, caller ? String(caller.id) : undefined, url.searchParams))
      }
      let username: string
      try {
        username = decodeURIComponent(segment)
      } catch {
        return next() // Payload's router answers a malformed escape
      }
      await shellAnswer(payload, req, res, path, () => getPublicProfile(payload, username))
    } catch (error) {
      next(error)
    }
  }
}
