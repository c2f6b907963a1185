// A declared root endpoint the route table found, run with Payload's request setup: Payload's own router
// would compile a matcher per candidate endpoint on every request, more CPU than a hot endpoint's own work.
import { createPayloadRequest, headersWithCors, mergeHeaders, type Payload } from 'payload'

import { textOf } from './respond'
import type { FoundRoute } from './route-table'

/** What the bridge sends: a Response, or its parts with the text of a `json()` answer. */
export interface Answer {
  status: number
  headers: Headers
  body: ReadableStream<Uint8Array> | null
  bodyText?: string
}

export async function answerRoot(payload: Payload, found: FoundRoute, request: Request): Promise<Answer> {
  const req = await createPayloadRequest({ canSetHeaders: true, config: payload.config, request })
  req.routeParams = { ...found.params }
  const response = await found.endpoint.handler(req)
  return {
    headers: headersWithCors({ headers: mergeHeaders(req.responseHeaders ?? new Headers(), response.headers), req }),
    status: response.status,
    body: response.body,
    bodyText: textOf(response),
  }
}
