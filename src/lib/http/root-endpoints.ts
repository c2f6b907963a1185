// Our documented routes dispatched as Payload root endpoints with their matchers compiled once: Payload
// compiles one per candidate endpoint on every request, more CPU than a hot endpoint's own work.
import { match } from 'path-to-regexp'
import {
  createPayloadRequest,
  type Endpoint,
  headersWithCors,
  mergeHeaders,
  type Payload,
  type PayloadHandler,
} from 'payload'

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
