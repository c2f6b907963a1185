// GET /api/auth/get-session answered by the shell with the very steps Payload's request setup runs
// (docs/decisions.md "get-session is answered by the shell"): that setup was most of its cost.
import type { RequestHandler } from 'express'
import { executeAuthStrategies, headersWithCors, type Payload, type PayloadRequest } from 'payload'

import { presentSession, presentSessionUser } from '../auth/present'
import { sessionOf } from '../auth/sessions'
import { errorBody, familyOf } from './errors'
import { credentialsWereUnchecked, serviceUnavailable } from './unavailable'
import { webHeaders } from './web-headers'

export const GET_SESSION_PATH = '/api/auth/get-session'

export function getSessionRoute(payload: Payload): RequestHandler {
  return async (req, res, next) => {
    try {
      const headers = webHeaders(req)
      const { user, responseHeaders } = await executeAuthStrategies({
        headers,
        payload,
        canSetHeaders: true,
        isGraphQL: false,
      })
      if (credentialsWereUnchecked(headers)) {
        const unavailable = serviceUnavailable()
        res
          .set(unavailable.options.headers)
          .status(503)
          .json(errorBody(unavailable, familyOf(GET_SESSION_PATH)))
        return
      }
      const answerHeaders = headersWithCors({
        headers: responseHeaders ?? new Headers(),
        req: { payload, headers } as unknown as PayloadRequest,
      })
      answerHeaders.forEach((value, name) => {
        if (name !== 'set-cookie') res.setHeader(name, value)
      })
      const cookies = answerHeaders.getSetCookie()
      if (cookies.length) res.setHeader('set-cookie', cookies)
      const current = user ? sessionOf({ user } as unknown as PayloadRequest) : null
      res.json(
        user && current ? { session: presentSession(current.session), user: presentSessionUser(user as never) } : null,
      )
    } catch (error) {
      next(error)
    }
  }
}
