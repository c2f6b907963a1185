// The express shell: security headers, client IP,
// the global rate limit, then Payload for /api and Next (the admin panel) for the rest.
import express, { type ErrorRequestHandler, type Request, type RequestHandler } from 'express'
import type { Payload } from 'payload'

import { databaseIsUp } from './lib/health'
import { DOCS_ROUTES, mountApiDocs } from './lib/http/api-docs'
import { bodyLimit } from './lib/http/body-limit'
import { clientIpHeaders } from './lib/http/client-ip-headers'
import { csrfCheck } from './lib/http/csrf'
import { ApiError, apiError, errorBody, familyOf, internalError } from './lib/http/errors'
import { mountFavicon } from './lib/http/favicon'
import { type ExemptCheck, globalRateLimit } from './lib/http/global-rate-limit'
import { payloadBridge } from './lib/http/payload-bridge'
import { buildRouteTable } from './lib/http/route-table'
import { adminCsp, API_CSP, securityHeaders } from './lib/http/security-headers'
import { apiDispatch } from './lib/http/shell-answer'
import { unavailableOf } from './lib/http/unavailable'
import { type Fill, readCache } from './lib/read-cache/index'
import { readiness } from './lib/readiness'
import { readRouting } from './lib/replicas/read-context'
import { reloadSettings } from './lib/settings'
import { answerForumRead, forumReadOf } from './operations/community/forum-reads'

export interface AppOptions {
  payload: Payload
  /** Next's request handler (the admin panel); absent in API-only tests. */
  nextHandler?: RequestHandler
  dev?: boolean
  isRateLimitExempt?: ExemptCheck
}

/** The /api routes the shell answers itself (not Payload). */
export const SHELL_ROUTES: Record<string, string[]> = {
  '/api/health': ['GET'],
  '/api/health/ready': ['GET'],
  ...DOCS_ROUTES,
}

/** A stock upload collection's file download, `/api/<slug>/file/<name>`. */
const FILE_PATH = /^\/api\/[^/]+\/file\//

// Every middleware below asks for the path (isApi alone five times); it is parsed once.
const paths = new WeakMap<Request, string>()
const pathOf = (req: Request) => {
  let path = paths.get(req)
  if (path === undefined) {
    path = new URL(req.originalUrl, 'http://localhost').pathname
    paths.set(req, path)
  }
  return path
}
const isApi = (req: Request) => {
  const path = pathOf(req)
  return path === '/api' || path.startsWith('/api/')
}

function sendError(req: Request, res: express.Response, error: ApiError) {
  res
    .set(error.options.headers ?? {})
    .status(error.status)
    .json(errorBody(error, familyOf(pathOf(req))))
}

export function createApp({ payload, nextHandler, dev = false, isRateLimitExempt }: AppOptions): express.Express {
  reloadSettings()
  const app = express()
  app.disable('x-powered-by')
  app.disable('etag')
  const routes = buildRouteTable(payload.config, SHELL_ROUTES)

  // Security headers first, so that every answer below carries them.
  const apiHeaders = securityHeaders(API_CSP)
  const adminHeaders = securityHeaders(adminCsp(dev))
  app.use((req, res, next) => (isApi(req) ? apiHeaders : adminHeaders)(req, res, next))
  // docs/api.md "Caching of public reads": every /api answer is no-store unless its route
  // says otherwise (the read cache's public answers, the client config, the reference). Files
  // of media keep Payload's headers: they are public rows, and no-store would keep every image
  // out of browser caches.
  app.use((req, res, next) => {
    if (isApi(req) && !FILE_PATH.test(pathOf(req))) res.setHeader('cache-control', 'no-store')
    next()
  })

  // Work out the client IP once; downstream code (Payload endpoints, Next) reads our header.
  app.use(clientIpHeaders())

  // Mounted here, not declared with defineRoute: a declared route runs after the global rate limit and
  // through Payload's request setup, whose session lookup needs the very database this check reports on.
  app.get('/api/health', async (_req, res) => {
    const up = await databaseIsUp(payload)
    res.status(up ? 200 : 503).json(up ? { status: 'ok' } : { status: 'unavailable', error: 'database_unavailable' })
  })
  // Readiness (what a load balancer routes on): like liveness, before the rate limit, so that
  // probes from a balancer's few addresses never use up a client's budget or get a 429.
  app.get('/api/health/ready', async (_req, res) => {
    const { ready, body } = await readiness(payload)
    res.status(ready ? 200 : 503).json(body)
  })
  // The reference and its page: static, answered before the rate limit like the health check.
  // The reference's modules (every family's paths and zod-openapi: ≈ 0.35 s of CPU to load)
  // load at its first request, not with every app: most processes never serve it.
  mountApiDocs(app, async () => (await import('../endpoints/openapi')).openApiJson())

  // 404 and 405 are decided here, before the rate limit and Payload's per-request setup.
  app.use((req, res, next) => {
    if (!isApi(req)) return next()
    const allowed = routes.allowedMethods(pathOf(req))
    if (allowed.length === 0) {
      return sendError(req, res, apiError('not_found', `No API route at ${pathOf(req)}`))
    }
    const method = req.method === 'HEAD' ? 'GET' : req.method
    if (method !== 'OPTIONS' && !allowed.includes(method)) {
      res.setHeader('allow', allowed.join(', '))
      return sendError(
        req,
        res,
        apiError('method_not_allowed', `${req.method} is not allowed on ${pathOf(req)}; use ${allowed.join(', ')}`),
      )
    }
    next()
  })

  // Body size, before anything reads a byte of it (docs/api.md "Body size").
  const limitBody = bodyLimit(sendError)
  app.use((req, res, next) => (isApi(req) ? limitBody(req, res, next) : next()))

  const limiter = globalRateLimit(payload, isRateLimitExempt)
  // The forum's public lists fill the cache from their prepared statements (docs/decisions.md
  // "Anonymous forum reads answered by the shell"); with the cache off, Payload answers them.
  const forumFill: Fill = async ({ slug, id, params, user }) => {
    if (user || id !== undefined) return undefined
    const read = forumReadOf(`${payload.config.routes.api}/${slug}`, params, payload.config.defaultDepth)
    return read ? answerForumRead(payload, read) : undefined
  }
  const cache = readCache(payload, { fill: forumFill })
  const bridge = payloadBridge(payload, cache)
  app.use((req, res, next) => (isApi(req) ? limiter(req, res, next) : next()))
  // A current answer of the read cache (a public stock read, or a 304 for it) once the request
  // is counted (docs/api.md "Conventions of every route"), before what follows: CSRF passes
  // every GET and HEAD, and the routes and the bridge below would only reach the same kept
  // bytes (docs/decisions.md "A current cache hit is answered right after the rate limit").
  if (cache) {
    const answerHit = cache.answerHit
    app.use((req, res, next) => {
      if (!isApi(req) || (req.method !== 'GET' && req.method !== 'HEAD')) return next()
      answerHit(req, res).then((answered) => answered || next(), next)
    })
  }
  app.use((req, res, next) => (isApi(req) ? csrfCheck(req, res, next) : next()))
  // DATABASE_REPLICA_URLS: whether this request's reads may use a replica (read-your-writes).
  const routeReads = readRouting()
  app.use((req, res, next) => (isApi(req) ? routeReads(req, res, next) : next()))
  // Every declared /api route: its shell answer where it declares one, else Payload over the bridge.
  const dispatch = apiDispatch(payload, routes, bridge)
  app.use((req, res, next) => (isApi(req) ? dispatch(req, res, next) : next()))

  app.get('/', (_req, res) => res.redirect(302, '/admin'))
  mountFavicon(app)
  if (nextHandler) app.use(nextHandler)

  const onError: ErrorRequestHandler = (error, req, res, _next) => {
    // E.g. the session lookup of Payload's auth strategies while PostgreSQL is down.
    const unavailable = unavailableOf(error)
    if (unavailable) payload.logger.warn({ err: error, msg: `${req.method} ${req.originalUrl}: ${unavailable.code}` })
    else payload.logger.error({ err: error, msg: `${req.method} ${req.originalUrl} failed` })
    if (res.headersSent) return res.end()
    if (error instanceof ApiError) return sendError(req, res, error)
    if (unavailable) return sendError(req, res, unavailable)
    // Body-parser style errors carry a status (e.g. a client that aborts mid-body).
    const status = typeof error?.status === 'number' && error.status >= 400 && error.status < 500 ? error.status : 500
    if (status !== 500)
      return sendError(req, res, apiError('invalid_request', 'The request could not be read', { status }))
    sendError(req, res, internalError())
  }
  app.use(onError)
  return app
}
