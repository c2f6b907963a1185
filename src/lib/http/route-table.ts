// The /api routes as the shell reads them, compiled once from the same config Payload routes with (root
// endpoints, then a collection's endpoints when the first segment is its slug): which methods a path
// answers (the shell's own 404 and 405, without Payload's per-request setup on paths nobody serves) and
// which declared root endpoint answers a request (docs/plugin.md "Declaring a route").
import { match, type MatchFunction } from 'path-to-regexp'
import type { Endpoint, SanitizedConfig } from 'payload'

interface Route {
  method: string
  matches: MatchFunction<object>
  endpoint: Endpoint
  /** Collection routes: a document id that is no UUID can name no document. */
  checkId?: boolean
}

// Every collection's id is a UUID (db-postgres `idType: 'uuid'`). Payload hands any other
// id straight to PostgreSQL, whose type error became a 500 (found by the fuzzer);
// such a path names no document, so the shell answers 404 itself.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const VERSION_ROUTES = new Set(['/versions', '/versions/:id'])
const KNOWN_MAX = 4096

/** A root endpoint that answers a request, with the path's parameters. */
export interface FoundRoute {
  endpoint: Endpoint
  params: Record<string, string>
}

export interface RouteTable {
  /** Upper-case methods that `pathname` (under /api) answers; empty when none. */
  allowedMethods: (pathname: string) => string[]
  /**
   * The root endpoint that answers `method` (upper case) at `pathname`, the first that matches in the
   * config's order as Payload's router picks it; undefined: a collection's route, none, or a path whose
   * %-escapes do not decode (Payload answers those).
   */
  rootRoute: (method: string, pathname: string) => FoundRoute | undefined
}

type EndpointList = ReadonlyArray<Endpoint> | false | undefined

function compile(endpoints: EndpointList, collection?: { versions?: unknown }): Route[] {
  if (!endpoints) return []
  return (
    endpoints
      // Payload adds the version routes to every collection; without versions they can only fail.
      .filter((endpoint) => !collection || collection.versions || !VERSION_ROUTES.has(endpoint.path))
      .map((endpoint) => ({
        method: endpoint.method.toUpperCase(),
        matches: match(endpoint.path, { decode: decodeURIComponent }),
        endpoint,
        checkId: collection !== undefined,
      }))
  )
}

function matchesRoute(route: Route, rest: string): boolean {
  const result = route.matches(rest)
  if (!result) return false
  const id = (result.params as { id?: unknown }).id
  return !route.checkId || id === undefined || (typeof id === 'string' && UUID.test(id))
}

export function buildRouteTable(config: SanitizedConfig, extra: Record<string, string[]> = {}): RouteTable {
  const apiRoute = config.routes.api.replace(/\/+$/, '')
  const root = compile(config.endpoints as EndpointList)
  const collections = new Map<string, Route[]>(
    config.collections.map((collection) => [
      collection.slug,
      compile(collection.endpoints as EndpointList, collection),
    ]),
  )
  const globals = new Map<string, Route[]>(
    config.globals.map((global) => [global.slug, compile(global.endpoints as EndpointList)]),
  )

  // The answer depends on the path alone, and the same few paths come again and again (a hot
  // read's): remembered, bounded (cleared when full), instead of running every route's
  // matcher on every request.
  const known = new Map<string, readonly string[]>()

  function allowedMethodsOf(pathname: string): string[] {
    const full = pathname.replace(/\/+$/, '') || '/'
    if (extra[full]) return extra[full]
    if (!full.startsWith(apiRoute)) return []
    let rest = full.slice(apiRoute.length) || '/'
    let routes = root
    const [, first, second] = rest.split('/')
    if (first === 'globals' && second && globals.has(second)) {
      routes = globals.get(second)!
      rest = rest.slice(`/globals/${second}`.length) || '/'
    } else if (first && collections.has(first)) {
      routes = collections.get(first)!
      rest = rest.slice(first.length + 1) || '/'
    }
    let decodable = true
    const methods = new Set<string>()
    for (const route of routes) {
      try {
        if (matchesRoute(route, rest)) methods.add(route.method)
      } catch {
        decodable = false // a malformed %-escape: no route can match it
      }
    }
    if (!decodable && methods.size === 0) return []
    return [...methods]
  }

  // A root endpoint's path never starts with a collection's slug or `globals` in Payload's router.
  const reserved = new Set([...collections.keys(), 'globals'])
  const found = new Map<string, FoundRoute | null>()

  function rootRouteOf(method: string, pathname: string): FoundRoute | null {
    const full = pathname.replace(/\/+$/, '')
    if (!full.startsWith(`${apiRoute}/`)) return null
    const rest = full.slice(apiRoute.length)
    if (reserved.has(rest.split('/')[1] ?? '')) return null
    for (const route of root) {
      if (route.method !== method) continue
      let result: ReturnType<MatchFunction<object>>
      try {
        result = route.matches(rest)
      } catch {
        return null
      }
      if (result) return { endpoint: route.endpoint, params: result.params as Record<string, string> }
    }
    return null
  }

  return {
    rootRoute(method, pathname) {
      const key = `${method} ${pathname}`
      let route = found.get(key)
      if (route === undefined) {
        route = rootRouteOf(method, pathname)
        if (found.size >= KNOWN_MAX) found.clear()
        found.set(key, route)
      }
      return route ?? undefined
    },
    allowedMethods(pathname) {
      let methods = known.get(pathname)
      if (!methods) {
        methods = allowedMethodsOf(pathname)
        if (known.size >= KNOWN_MAX) known.clear()
        known.set(pathname, methods)
      }
      return [...methods]
    },
  }
}
