// The forum's public reads answered by the shell (docs/decisions.md "Anonymous forum reads
// answered by the shell"), as GET /api/auth/get-session is (docs/decisions.md "get-session
// is answered by the shell"): mounted after the global rate limit and before Payload's
// bridge, for an anonymous reader only (no bearer token, no session cookie: the one
// strategy, src/lib/auth/strategy.ts, would find no user) and only for the query shapes
// forum-reads.ts answers exactly as Payload does. Anything else, signed-in readers included,
// goes on to Payload's stock route unchanged.
import type { RequestHandler } from 'express'
import { headersWithCors, type Payload, type PayloadRequest } from 'payload'

import { readCookie, sessionCookieName } from '../../lib/auth/cookies'
import { bearerToken } from '../../lib/auth/strategy'
import { webHeaders } from '../../lib/http/web-headers'
import { answerForumRead, forumReadOf } from './forum-reads'

export function forumReadRoute(payload: Payload): RequestHandler {
  return async (req, res, next) => {
    try {
      const headers = webHeaders(req)
      if (bearerToken(headers) || readCookie(headers.get('cookie'), sessionCookieName())) return next()
      const url = new URL(req.originalUrl, 'http://localhost')
      const read = forumReadOf(url.pathname, url.searchParams, payload.config.defaultDepth)
      if (!read) return next()
      const body = await answerForumRead(payload, read)
      headersWithCors({ headers: new Headers(), req: { payload, headers } as unknown as PayloadRequest }).forEach(
        (value, name) => res.setHeader(name, value),
      )
      res.json(body)
    } catch (error) {
      next(error)
    }
  }
}
