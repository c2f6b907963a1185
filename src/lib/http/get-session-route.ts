// GET /api/auth/get-session, answered by the shell (docs/decisions.md "get-session is
// answered by the shell"). It is the read every client repeats most (on each page load, on
// focus), and with the cookie cache it touches no database; what was left of its cost was
// Payload's per-request setup (a Web Request, createPayloadRequest, a Response and its
// stream: the profile). So the shell runs the very same steps itself: Payload's
// executeAuthStrategies (our session strategy, as for every route), the 503 when the
// session could not be checked (unavailable.ts), Payload's CORS headers and the presenters
// of the session and user.
import type { RequestHandler } from 'express'
import { executeAuthStrategies, headersWithCors, type Payload, type PayloadRequest } from 'payload'

import { presentSession, presentSessionUser } from '../auth/present'
import { sessionOf } from '../auth/sessions'
import { errorBody, familyOf } from './errors'
import { webHeaders } from './web-headers'
import { credentialsWereUnchecked, serviceUnavailable } from './unavailable'

export const GET_SESSION_PATH = '/api/auth/get-session'

export function getSessionRoute(payload: Payload): RequestHandler {
  return async (req, res, next) => {
    try {
      const headers = webHeaders(req)
      const { user, responseHeaders } = await executeAuthStrategies({ headers, payload, canSetHeaders: true, isGraphQL: false })
      if (credentialsWereUnchecked(headers)) {
        const unavailable = serviceUnavailable()
        res.set(unavailable.options.headers).status(503).json(errorBody(unavailable, familyOf(GET_SESSION_PATH)))
        return
      }
      const answerHeaders = headersWithCors({ headers: responseHeaders ?? new Headers(), req: { payload, headers } as unknown as PayloadRequest })
      answerHeaders.forEach((value, name) => {
        if (name !== 'set-cookie') res.setHeader(name, value)
      })
      const cookies = answerHeaders.getSetCookie()
      if (cookies.length) res.setHeader('set-cookie', cookies)
      const current = user ? sessionOf({ user } as unknown as PayloadRequest) : null
      res.json(user && current ? { session: presentSession(current.session), user: presentSessionUser(user as never) } : null)
    } catch (error) {
      next(error)
    }
  }
}
