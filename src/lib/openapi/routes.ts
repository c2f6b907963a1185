// The reference's paths built from the route declarations (src/lib/http/endpoint.ts): each declared
// endpoint's `doc`, with the request body, query and path parameters taken from the declaration.
import type { Endpoint } from 'payload'
import { z } from 'zod'
import type { ZodOpenApiOperationObject, ZodOpenApiPathItemObject, ZodOpenApiPathsObject } from 'zod-openapi'

import { type Method, type RouteDocContext, routeExtrasOf } from '../http/endpoint'

/** Endpoints as Payload routes them: under `base` (`/api`, or `/api/<collection slug>`). */
export interface RouteGroup {
  base: string
  endpoints: readonly Endpoint[] | false | undefined
}

/** A declared route as the reference names it: `GET /api/services/{id}/slots`. */
export interface DeclaredRoute {
  key: string
  path: string
  method: Method
  endpoint: Endpoint
}

const PARAM = /:(\w+)/g

export function declaredRoutes(groups: readonly RouteGroup[]): DeclaredRoute[] {
  return groups.flatMap(({ base, endpoints }) =>
    (endpoints || [])
      .filter((endpoint) => routeExtrasOf(endpoint))
      .map((endpoint) => {
        const path = `${base}${endpoint.path}`.replace(PARAM, '{$1}')
        const method = endpoint.method.toLowerCase() as Method
        return { key: `${method.toUpperCase()} ${path}`, path, method, endpoint }
      }),
  )
}

/** The operation of one declared route: its `doc`, with what the declaration says of the request added. */
function operationOf(route: DeclaredRoute, context: Omit<RouteDocContext, 'method'>): ZodOpenApiOperationObject {
  const extras = routeExtrasOf(route.endpoint)!
  const { responses, ...doc } = extras.doc!({ ...context, method: route.method })
  const requestParams = { ...doc.requestParams }
  const names = [...route.endpoint.path.matchAll(PARAM)].map(([, name]) => name!)
  if (names.length > 0 && !requestParams.path) {
    requestParams.path = z.object(Object.fromEntries(names.map((name) => [name, z.string()])))
  }
  if (extras.query && !requestParams.query) requestParams.query = extras.query as z.ZodObject
  const operation: ZodOpenApiOperationObject = { ...doc, responses }
  if (Object.keys(requestParams).length > 0) operation.requestParams = requestParams
  if (extras.body && !doc.requestBody) {
    operation.requestBody = { content: { 'application/json': { schema: extras.body } } }
  }
  // The request before the responses, as a reader looks for them.
  return { ...operation, responses }
}

/**
 * The paths of every declared route that has a `doc`, and the keys of those that have none. The same
 * method and path declared twice throws: Payload would answer only the first.
 */
export function declaredPaths(
  groups: readonly RouteGroup[],
  context: Omit<RouteDocContext, 'method'>,
): { paths: ZodOpenApiPathsObject; undocumented: string[] } {
  const paths: ZodOpenApiPathsObject = {}
  const undocumented: string[] = []
  const seen = new Set<string>()
  for (const route of declaredRoutes(groups)) {
    if (seen.has(route.key)) throw new Error(`OpenAPI: ${route.key} is declared twice`)
    seen.add(route.key)
    if (!routeExtrasOf(route.endpoint)!.doc) {
      undocumented.push(route.key)
      continue
    }
    const item = (paths[route.path] ??= {}) as Record<string, unknown>
    item[route.method] = operationOf(route, context)
  }
  return { paths, undocumented }
}

/** A family's route documents, by a name each declaration picks: path items (method → operation). */
export type PathDocs = Record<string, ZodOpenApiPathItemObject>

/**
 * A family's documents built once per locale list: each of its routes asks for them, and a schema with
 * an `id` made twice would be two components of one name.
 */
export function familyDocs(build: (locales: readonly string[]) => PathDocs): (locales: readonly string[]) => PathDocs {
  const built = new Map<string, PathDocs>()
  return (locales) => {
    const key = locales.join(',')
    let docs = built.get(key)
    if (!docs) {
      docs = build(locales)
      built.set(key, docs)
    }
    return docs
  }
}

/**
 * A declaration's `doc` named in its family's documents (`familyDocs`): the family `family` hands the
 * reference's builder, and the path item `item` in it, for the method documented.
 */
export const familyDoc =
  (family: string, item: string) =>
  (context: RouteDocContext): ZodOpenApiOperationObject => {
    const docs = context.families[family]
    if (!docs) throw new Error(`OpenAPI: no family of documents named ${family}`)
    const path = (docs(context.locales) as PathDocs)[item]
    if (!path) throw new Error(`OpenAPI: the family ${family} documents no ${item}`)
    const operation = path[context.method]
    if (!operation) throw new Error(`OpenAPI: ${family}.${item} has no ${context.method}`)
    return operation
  }
