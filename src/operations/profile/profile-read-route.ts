// The inbox and the public profile answered by the shell (docs/decisions.md "Hot signed-in reads answered by
// the shell"); anything it does not recognise exactly as Payload's router would goes on to the endpoints.
import type { RequestHandler } from 'express'
import type { Payload } from 'payload'

import { unauthorized } from '../../lib/http/errors'
import { parseBoolean, parsePagination } from '../../lib/http/pagination'
import { shellAnswer } from '../../lib/http/shell-answer'
import { listInbox } from './inbox'
import { getPublicProfile } from './public-profile'

export const PROFILE_READS_PATH = /^\/api\/profile\/[^/]/

const PREFIX = '/api/profile/'
const PASSED_ON = new Set(['export', 'notification-settings', 'unsubscribe', 'blocks'])

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
      // Reserved names with routes of their own (src/operations/auth/usernames.ts), answered by Payload.
      if (PASSED_ON.has(literal)) return next()
      if (literal === 'notifications') {
        return await shellAnswer(payload, req, res, path, (caller) =>
          inboxAnswer(payload, caller ? String(caller.id) : undefined, url.searchParams),
        )
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
