// Payload's stock collection routes (and the admin panel's preferences routes) read a JSON
// body and use it as an object without checking: `"text"`, `null` or `[1]` as the body of
// POST /api/<collection> or /api/payload-preferences/<key> threw TypeErrors, 500s (found by
// the fuzzer). For those routes the shell reads the JSON body (already capped at
// 1 MB by body-limit.ts) and refuses anything but an object with Payload's own 400 shape.
import type { Request as ExpressRequest } from 'express'
import { match } from 'path-to-regexp'

import { requestBody } from './body-limit'
import { boundedStockRead, stockQueryProblem } from './stock-query'

const WRITES = new Set(['POST', 'PATCH', 'PUT', 'DELETE'])

export type StockBody = { ok: true; body?: Buffer } | { ok: false; status: number; message: string; code?: string }

const mediaType = (contentType: string | undefined) => contentType?.split(';')[0]?.trim().toLowerCase() ?? ''
const isJson = (type: string) => type === 'application/json' || type.endsWith('+json')
const hasBody = (req: ExpressRequest) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0

export function isCollectionRoute(req: ExpressRequest, collections: ReadonlySet<string>, apiRoute: string): boolean {
  const path = new URL(req.originalUrl, 'http://localhost').pathname
  if (!path.startsWith(`${apiRoute}/`)) return false
  return collections.has(path.slice(apiRoute.length + 1).split('/')[0] ?? '')
}

/**
 * Every write to a collection route that is not multipart: its body must be a JSON object
 * (or nothing). Payload reads no other body and went on with no data at all, a TypeError in
 * its field hooks.
 */
export function needsObjectBody(req: ExpressRequest): boolean {
  return (
    WRITES.has(req.method) && !isReadSentAsPost(req) && mediaType(req.headers['content-type']) !== 'multipart/form-data'
  )
}

/**
 * Payload's admin panel reads lists as `POST` with `X-Payload-HTTP-Method-Override: GET` and
 * the query string as an `application/x-www-form-urlencoded` body (its relationship fields:
 * a query too long for a URL). Payload's router turns that into a GET. It is a read: its body
 * is a query, checked like a URL's (stock-query.ts), not a document.
 */
export function isReadSentAsPost(req: ExpressRequest): boolean {
  if (req.method !== 'POST') return false
  const override = req.headers['x-payload-http-method-override'] ?? req.headers['x-http-method-override']
  return override === 'GET'
}

const FORM = 'application/x-www-form-urlencoded'

/** The body of a read sent as POST: a form-encoded query (checked) or a JSON object. */
export async function readQueryBody(req: ExpressRequest): Promise<StockBody> {
  const type = mediaType(req.headers['content-type'])
  if (isJson(type)) return readObjectBody(req)
  if (type !== FORM) return { ok: false, status: 415, message: `Send the query of a read sent as POST as ${FORM}` }
  const chunks: Buffer[] = []
  for await (const chunk of requestBody(req)) chunks.push(chunk as Buffer)
  const body = Buffer.concat(chunks)
  const query = new URLSearchParams(body.toString('utf8'))
  const problem = stockQueryProblem(query)
  if (problem) return { ok: false, status: 400, message: problem }
  // Payload's router compares the content type exactly; a charset parameter would lose the query.
  req.headers['content-type'] = FORM
  const bounded = boundedStockRead(query)
  return { ok: true, body: bounded ? Buffer.from(bounded.toString()) : body }
}

/** Payload walks a document recursively; a body nested thousands deep overflowed its stack. */
const MAX_DEPTH = 64

function depthOf(value: unknown): number {
  let deepest = 0
  const stack: Array<[unknown, number]> = [[value, 1]]
  while (stack.length) {
    const [item, depth] = stack.pop()!
    if (!item || typeof item !== 'object') continue
    deepest = Math.max(deepest, depth)
    if (deepest > MAX_DEPTH) return deepest
    for (const child of Object.values(item)) stack.push([child, depth + 1])
  }
  return deepest
}

/** The whole body when it is empty or a JSON object; otherwise why not. */
export async function readObjectBody(req: ExpressRequest): Promise<StockBody> {
  if (hasBody(req) && !isJson(mediaType(req.headers['content-type']))) {
    return { ok: false, status: 415, message: 'Send the body as application/json (or multipart/form-data for uploads)' }
  }
  const chunks: Buffer[] = []
  for await (const chunk of requestBody(req)) chunks.push(chunk as Buffer)
  const body = Buffer.concat(chunks)
  if (body.toString('utf8').trim() === '') {
    if (req.method === 'DELETE') return { ok: true, body }
    // No body on a create or update is no data: an empty object, never `undefined`.
    req.headers['content-type'] = 'application/json'
    req.headers['content-length'] = '2'
    delete req.headers['transfer-encoding']
    return { ok: true, body: Buffer.from('{}') }
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(body.toString('utf8'))
  } catch {
    return { ok: false, status: 400, message: 'The request body is not valid JSON', code: 'invalid_body' }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    return { ok: false, status: 400, message: 'The request body must be a JSON object' }
  if (depthOf(parsed) > MAX_DEPTH)
    return { ok: false, status: 400, message: `The request body is nested more than ${MAX_DEPTH} levels deep` }
  return { ok: true, body }
}

/** Marks an endpoint that reads and checks its own body (src/lib/http/body.ts): the shell leaves it unread. */
export const READS_OWN_BODY = { readsOwnBody: true }

/**
 * Whether a collection route is one of the collections' own endpoints marked `READS_OWN_BODY`: its
 * errors follow its family (docs/api.md "Error bodies"), not Payload's shape, so the shell must not
 * answer its body for it.
 */
export function ownBodyRoutes(collections: ReadonlyArray<{ slug: string; endpoints?: unknown }>, apiRoute: string) {
  const routes = collections.flatMap((collection) =>
    ((collection.endpoints || []) as Array<{ path: string; method: string; custom?: Record<string, unknown> }>)
      .filter((endpoint) => endpoint.custom?.readsOwnBody)
      .map((endpoint) => ({
        method: endpoint.method.toUpperCase(),
        matches: match(`${apiRoute}/${collection.slug}${endpoint.path}`),
      })),
  )
  return (req: ExpressRequest): boolean => {
    if (routes.length === 0) return false
    const path = new URL(req.originalUrl, 'http://localhost').pathname
    return routes.some((route) => {
      if (route.method !== req.method) return false
      try {
        return Boolean(route.matches(path))
      } catch {
        return false
      }
    })
  }
}
