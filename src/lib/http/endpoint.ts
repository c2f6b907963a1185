// Every /api route is declared once, here: a Payload endpoint (so Payload's auth strategies have already
// resolved `req.user` for its handler), wrapped so that a thrown ApiError becomes the body of the route's
// error family and anything else a logged 500 without detail. The same declaration feeds the shell's
// dispatch, its 404/405 table (route-table.ts) and, with `shell`, its fast answer (docs/plugin.md "Declaring a route").
import type { Endpoint, Payload, PayloadRequest } from 'payload'
import type { z } from 'zod'

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

export interface RouteDeclaration {
  /** Under /api, in Payload's endpoint syntax (`/services/:id/slots`). */
  path: string
  methods: Method | Method[]
  handler: Handler
  /** The zod schemas of the query and the JSON body, where the route has them. */
  query?: z.ZodType
  body?: z.ZodType
  shell?: ShellRoute
}

/** What a declaration keeps on each of its Payload endpoints, for the shell to read back. */
export interface RouteExtras {
  query?: z.ZodType
  body?: z.ZodType
  shell?: ShellRoute
}

export function defineRoute({ path, methods, handler, query, body, shell }: RouteDeclaration): Endpoint[] {
  const wrapped = async (req: PayloadRequest): Promise<Response> => {
    try {
      return await handler(req)
    } catch (error) {
      const apiError = toApiError(error, (err) => req.payload.logger.error({ err, msg: `unhandled error in ${path}` }))
      return errorResponse(apiError, familyOf(new URL(req.url ?? 'http://x/').pathname))
    }
  }
  const custom: RouteExtras = { query, body, shell }
  return (Array.isArray(methods) ? methods : [methods]).map((method) => ({ path, method, handler: wrapped, custom }))
}

/** `defineRoute` without schemas or a shell answer: the short form most routes use. */
export function defineEndpoint(path: string, methods: Method | Method[], handler: Handler): Endpoint[] {
  return defineRoute({ path, methods, handler })
}

/** The shell answer a declared endpoint carries, if any. */
export const shellRouteOf = (endpoint: Endpoint): ShellRoute | undefined =>
  (endpoint.custom as RouteExtras | undefined)?.shell
