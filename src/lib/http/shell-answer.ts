// The shell's dispatch of a declared /api route (docs/plugin.md "Declaring a route"): the route table finds the
// endpoint once; one that declares a shell answer is answered here with the same status, body and
// headers as its Payload handler (Payload's per-request setup cost a hot read more than its SQL), any
// other goes over the bridge with what was found. tests/int/profile.test.ts, tests/int/slots.test.ts and
// tests/int/bookings-public.test.ts compare the answers.
import type { IncomingHttpHeaders } from 'node:http'

import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express'
import { headersWithCors, mergeHeaders, type Payload, type PayloadRequest } from 'payload'

import { readShellJson } from './body'
import { callerOf } from './caller'
import { type ShellRoute, shellRouteOf } from './endpoint'
import { errorBody, familyOf, internalError } from './errors'
import type { Bridge } from './payload-bridge'
import { toApiError } from './respond'
import type { RouteTable } from './route-table'
import { serviceUnavailable } from './unavailable'
import { webHeaders } from './web-headers'

export type Caller = PayloadRequest['user']

const ANONYMOUS_HEADERS = ['origin', 'accept-language'] as const

function anonymousHeaders(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers()
  for (const name of ANONYMOUS_HEADERS) {
    const value = incoming[name]
    if (typeof value === 'string') headers.set(name, value)
  }
  return headers
}

/**
 * Sends what `answer` returns for the caller as JSON (`status`, 200 unless said), or its
 * ApiError in the route's family. `answer` also gets the request's headers as the auth
 * strategies read them (a write's audit entry takes the client's address from them).
 */
export async function shellAnswer(
  payload: Payload,
  req: ExpressRequest,
  res: ExpressResponse,
  path: string,
  answer: (caller: Caller, headers: Headers) => Promise<unknown>,
  status = 200,
): Promise<void> {
  // Without credentials nobody is asked, and of the request's headers only `Origin` (CORS) and
  // `Accept-Language` (a read's language) are read.
  const caller = await callerOf(payload, req)
  const headers = caller.user ? webHeaders(req) : anonymousHeaders(req.headers)
  const { user, responseHeaders } = caller
  let body: unknown
  let errorHeaders: Record<string, string> = {}
  try {
    body = await answer(user, headers)
  } catch (error) {
    const apiError = toApiError(error, (err) => payload.logger.error({ err, msg: `unhandled error in ${path}` }))
    status = apiError.status
    body = errorBody(apiError, familyOf(path))
    errorHeaders = apiError.options.headers ?? {}
  }
  // The route answered already (413: the body grew past its limit while it was read).
  if (res.headersSent) return
  if (caller.unchecked) {
    const unavailable = serviceUnavailable()
    res
      .set(unavailable.options.headers)
      .status(503)
      .json(errorBody(unavailable, familyOf(path)))
    return
  }
  if (status >= 500 && status !== 503) {
    payload.logger.error({ msg: `${req.method} ${req.originalUrl} answered ${status}` })
    res.status(500).json(errorBody(internalError(), familyOf(path)))
    return
  }
  const answerHeaders = headersWithCors({
    headers: mergeHeaders(responseHeaders ?? new Headers(), new Headers(errorHeaders)),
    req: { payload, headers },
  })
  answerHeaders.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value)
  })
  const cookies = answerHeaders.getSetCookie()
  if (cookies.length) res.setHeader('set-cookie', cookies)
  res.status(status).json(body)
}

/** Every /api request after the shell's checks: a declared shell answer, else the bridge. */
export function apiDispatch(payload: Payload, routes: RouteTable, bridge: Bridge): RequestHandler {
  return async (req, res, next) => {
    try {
      const url = new URL(req.originalUrl, 'http://localhost')
      const path = url.pathname
      const found = routes.rootRoute(req.method === 'HEAD' ? 'GET' : req.method, path)
      // HEAD goes to Payload, which answers it as a GET without a body.
      const shell: ShellRoute | undefined = found && req.method !== 'HEAD' ? shellRouteOf(found.endpoint) : undefined
      if (!found || !shell) return await bridge(req, res, next, found)
      await shellAnswer(
        payload,
        req,
        res,
        path.replace(/\/+$/, ''),
        (user, headers) =>
          shell.answer({
            payload,
            user,
            headers,
            params: found.params,
            searchParams: url.searchParams,
            readJson: () => readShellJson(req),
          }),
        shell.status,
      )
    } catch (error) {
      next(error)
    }
  }
}
