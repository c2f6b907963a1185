// Our documented routes are Payload root endpoints. Payload's router compiles a
// path-to-regexp matcher for every candidate endpoint on every request (handleEndpoints:
// `match(endpoint.path)` inside `endpoints.find`), ~0.4 ms of CPU per request with 40 of
// them: more than the work of a hot endpoint itself. This dispatcher compiles them once and
// runs the matched one exactly as handleEndpoints would (same PayloadRequest from
// `createPayloadRequest`, so the same auth strategies, locale and i18n; same CORS and
// response-header merge). Anything else (stock collection routes, OPTIONS) is left to
// handleEndpoints.
import { match } from 'path-to-regexp'
import { createPayloadRequest, headersWithCors, mergeHeaders, type Endpoint, type Payload, type PayloadHandler } from 'payload'

import { textOf } from './respond'

interface CompiledEndpoint {
  method: string
  matches: (path: string) => false | { params: object }
  handler: PayloadHandler
}

/** What the bridge sends: a Response, or its parts with the text of a `json()` answer. */
export interface Answer {
  status: number
  headers: Headers
  body: ReadableStream<Uint8Array> | null
  bodyText?: string
}

export type RootDispatcher = (request: Request) => Promise<Answer | undefined>

export function rootDispatcher(payload: Payload): RootDispatcher {
  const { config } = payload
  const apiRoute = config.routes.api.replace(/\/+$/, '')
  const reserved = new Set([...config.collections.map((collection) => collection.slug), 'globals'])
  const compiled: CompiledEndpoint[] = ((config.endpoints || []) as Endpoint[]).map((endpoint) => ({
    method: endpoint.method.toLowerCase(),
    matches: match(endpoint.path, { decode: decodeURIComponent }) as CompiledEndpoint['matches'],
    handler: endpoint.handler,
  }))

  return async (request) => {
    const pathname = new URL(request.url).pathname.replace(/\/+$/, '')
    if (!pathname.startsWith(`${apiRoute}/`)) return undefined
    const rest = pathname.slice(apiRoute.length)
    // A first segment naming a collection selects that collection's endpoints in Payload.
    if (reserved.has(rest.split('/')[1] ?? '')) return undefined
    const method = request.method.toLowerCase()
    let found: { endpoint: CompiledEndpoint; params: object } | undefined
    for (const endpoint of compiled) {
      if (endpoint.method !== method) continue
      let result: ReturnType<CompiledEndpoint['matches']>
      try {
        result = endpoint.matches(rest)
      } catch {
        return undefined // a malformed %-escape: let Payload answer it
      }
      if (result) {
        found = { endpoint, params: result.params }
        break
      }
    }
    if (!found) return undefined
    const req = await createPayloadRequest({ canSetHeaders: true, config, request })
    req.routeParams = found.params as Record<string, unknown>
    const response = await found.endpoint.handler(req)
    return {
      headers: headersWithCors({ headers: mergeHeaders(req.responseHeaders ?? new Headers(), response.headers), req }),
      status: response.status,
      body: response.body,
      bodyText: textOf(response),
    }
  }
}
