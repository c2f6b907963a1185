// A documented route answered by the shell instead of Payload's bridge (docs/decisions.md "get-session is answered by
// the shell", docs/decisions.md "Anonymous forum reads answered by the shell", docs/decisions.md "Hot signed-in reads
// answered by the shell" for GETs; 205 for the public booking's POST): the same answer, status, body and headers, as
// rootDispatcher + the bridge give for a JSON endpoint, without createPayloadRequest (i18n, qs, the Web Request, the
// data loader) and the Response round trip, which cost a hot read more than its SQL. The caller is found by the same
// auth strategies (executeAuthStrategies, as createPayloadRequest runs them), and the answer carries what the bridge
// would add:
// - the strategies' response headers (a refreshed session cache cookie) and Payload's CORS
//   headers, on 2xx and 4xx alike;
// - 503 `service_unavailable` with Retry-After, without those headers, when the credentials
//   could not be checked (the database down; unavailable.ts), whatever the route answered;
// - a 500 without detail, logged, without those headers (the bridge replaces any 5xx but 503).
// tests/int/profile.test.ts and tests/int/slots.test.ts compare these answers with the Payload endpoint's.
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { executeAuthStrategies, headersWithCors, mergeHeaders, type Payload, type PayloadRequest } from 'payload'

import { bringsCredentials } from '../auth/strategy'
import { errorBody, familyOf, internalError } from './errors'
import { webHeaders } from './web-headers'
import { toApiError } from './respond'
import { credentialsWereUnchecked, serviceUnavailable } from './unavailable'

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
  const { user, responseHeaders } = anonymous ? { user: null, responseHeaders: undefined } : await executeAuthStrategies({ headers, payload, canSetHeaders: true, isGraphQL: false })
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
    res.set(unavailable.options.headers).status(503).json(errorBody(unavailable, familyOf(path)))
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
