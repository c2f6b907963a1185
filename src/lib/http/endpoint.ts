// Every /api route is declared once, here: a Payload endpoint (so Payload's auth strategies have already
// resolved `req.user` for its handler), wrapped so that a thrown ApiError becomes the body of the route's
// error family and anything else a logged 500 without detail. The same declaration feeds the shell's
// dispatch, its 404/405 table (route-table.ts) and, with `shell`, its fast answer (docs/plugin.md "Declaring a route").
import type { Endpoint, Payload, PayloadRequest } from 'payload'
import type { z } from 'zod'
import type { ZodOpenApiOperationObject } from 'zod-openapi'

import { familyOf } from './errors'
import { errorResponse, toApiError } from './respond'

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'
type Handler = (req: PayloadRequest) => Promise<Response>

/** What a shell answer is handed: the caller as Payload's strategy resolved it, and the request's parts. */
export interface ShellInput {
  payload: Payload
  user: PayloadRequest['user']
  /** The request's headers as the auth strategy read them (a write's audit entry takes the client's address). */
  headers: Headers
  /** The route's path parameters, decoded. */
  params: Record<string, string>
  searchParams: URLSearchParams
  /** The JSON body, read with `readJson`'s checks and errors. */
  readJson: () => Promise<unknown>
}

/**
 * A route the shell may answer without Payload's per-request setup: `answer` returns the JSON body
 * (sent with `status`), or throws an ApiError; it must answer exactly as the route's handler does.
 */
export interface ShellRoute {
  status?: number
  answer: (input: ShellInput) => Promise<unknown>
}

/** What a route's document is built with (the reference's settings, as `npm run openapi` and the server read them). */
export interface RouteDocContext {
  locales: readonly string[]
  /** The method documented, for a declaration of several. */
  method: Method
  /**
   * The families' documents by name, handed in by the reference's builder: a declaration names its document
   * (`familyDoc`) rather than importing it, so a family's file may import the declarations' schemas.
   */
  families: Readonly<Record<string, (locales: readonly string[]) => Record<string, object>>>
}

/**
 * A route's operation in the OpenAPI reference: summary, tags, security and responses (status → schema,
 * with the error codes). The request body, the query and the path parameters come from the declaration's
 * `body`, `query` and `path` unless the document gives them (docs/plugin.md "Declaring a route").
 */
export type RouteDoc = ZodOpenApiOperationObject

export interface RouteDeclaration {
  /** Under /api, in Payload's endpoint syntax (`/services/:id/slots`). */
  path: string
  methods: Method | Method[]
  handler: Handler
  /** The zod schemas of the query and the JSON body, where the route has them. */
  query?: z.ZodType
  body?: z.ZodType
  shell?: ShellRoute
  /**
   * The route's document, built only when the reference is (so that no boot pays for its schemas);
   * every /api route has one (tests/int/openapi.test.ts lists those without).
   */
  doc?: (context: RouteDocContext) => RouteDoc
}

/** What a declaration keeps on each of its Payload endpoints, for the shell to read back. */
export interface RouteExtras {
  query?: z.ZodType
  body?: z.ZodType
  shell?: ShellRoute
  doc?: (context: RouteDocContext) => RouteDoc
}

export function defineRoute({ path, methods, handler, query, body, shell, doc }: RouteDeclaration): Endpoint[] {
  const wrapped = async (req: PayloadRequest): Promise<Response> => {
    try {
      return await handler(req)
    } catch (error) {
      const apiError = toApiError(error, (err) => req.payload.logger.error({ err, msg: `unhandled error in ${path}` }))
      return errorResponse(apiError, familyOf(new URL(req.url ?? 'http://x/').pathname))
    }
  }
  const custom = { query, body, shell, doc, declared: true }
  return (Array.isArray(methods) ? methods : [methods]).map((method) => ({ path, method, handler: wrapped, custom }))
}

/** `defineRoute` without schemas or a shell answer: the short form most routes use. */
export function defineEndpoint(
  path: string,
  methods: Method | Method[],
  handler: Handler,
  doc?: RouteDeclaration['doc'],
): Endpoint[] {
  return defineRoute({ path, methods, handler, doc })
}

/** The declaration's parts a declared endpoint carries; undefined for an endpoint not made by `defineRoute`. */
export const routeExtrasOf = (endpoint: Endpoint): RouteExtras | undefined => {
  const custom = endpoint.custom as Partial<RouteExtras & { declared: true }> | undefined
  return custom?.declared ? custom : undefined
}

/** The shell answer a declared endpoint carries, if any. */
export const shellRouteOf = (endpoint: Endpoint): ShellRoute | undefined =>
  (endpoint.custom as RouteExtras | undefined)?.shell
