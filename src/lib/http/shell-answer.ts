// A documented route answered by the shell instead of Payload's bridge, with the same status, body and
// headers (docs/decisions.md "Hot signed-in reads answered by the shell"): Payload's per-request setup cost
// a hot read more than its SQL. tests/int/profile.test.ts and tests/int/slots.test.ts compare the answers.
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { executeAuthStrategies, headersWithCors, mergeHeaders, type Payload, type PayloadRequest } from 'payload'

import { bringsCredentials } from '../auth/strategy'
import { errorBody, familyOf, internalError } from './errors'
import { toApiError } from './respond'
import { credentialsWereUnchecked, serviceUnavailable } from './unavailable'
import { webHeaders } from './web-headers'

export type Caller = PayloadRequest['user']

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
  // Without a bearer token or a session cookie the one strategy (src/lib/auth/strategy.ts)
  // finds nobody, sets nothing and asks no database: skipped, and of the request's headers
  // only `Origin` is read (by the CORS headers).
  const anonymous = !bringsCredentials(req.headers.authorization, req.headers.cookie)
  const headers = anonymous ? new Headers(req.headers.origin ? { origin: req.headers.origin } : {}) : webHeaders(req)
  const { user, responseHeaders } = anonymous
    ? { user: null, responseHeaders: undefined }
    : await executeAuthStrategies({ headers, payload, canSetHeaders: true, isGraphQL: false })
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
  if (credentialsWereUnchecked(headers)) {
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
    req: { payload, headers } as unknown as PayloadRequest,
  })
  answerHeaders.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value)
  })
  const cookies = answerHeaders.getSetCookie()
  if (cookies.length) res.setHeader('set-cookie', cookies)
  res.status(status).json(body)
}
