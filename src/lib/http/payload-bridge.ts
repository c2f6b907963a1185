// Hands an express request to Payload (a root endpoint the route table found, stock collection REST
// through Payload's router) as a Web Request, and streams the Web Response back. Bodies are streamed
// both ways, so an upload is never held whole in memory here.
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { handleEndpoints, type Payload } from 'payload'

import { handAuth, type ResolvedCaller } from '../auth/strategy'
import type { ReadCache } from '../read-cache/index'
import { requestBody } from './body-limit'
import { callerOf } from './caller'
import { errorBody, familyOf, internalError } from './errors'
import { type Answer, answerRoot } from './root-endpoints'
import type { FoundRoute } from './route-table'
import { stockError, stockErrorBody } from './stock-errors'
import {
  isCollectionRoute,
  isReadSentAsPost,
  needsObjectBody,
  ownBodyRoutes,
  readObjectBody,
  readQueryBody,
} from './stock-json-body'
import { boundedStockRead, stockQueryProblem } from './stock-query'
import { credentialsWereUnchecked, RETRY_AFTER_SECONDS, serviceUnavailable } from './unavailable'
import { webHeaders } from './web-headers'

function toWebRequest(req: ExpressRequest, url: URL, caller: ResolvedCaller, buffered?: Buffer): Request {
  const headers = webHeaders(req)
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  const request = new Request(url, {
    method: req.method === 'HEAD' ? 'GET' : req.method,
    headers,
    // The counted body (body-limit.ts), so that no route reads past the size limit.
    ...(hasBody ? { body: buffered ?? Readable.toWeb(requestBody(req)), duplex: 'half' } : {}),
  } as RequestInit)
  // Payload's run of the strategy answers with the caller the shell resolved for this request.
  return handAuth(request, { resolved: caller })
}

const JSON_UTF8 = 'application/json; charset=utf-8'

async function sendWebResponse(response: Answer, res: ExpressResponse, headOnly: boolean): Promise<void> {
  // The shell has answered already (413: the body grew past its limit while the route read it).
  if (res.headersSent) {
    await response.body?.cancel().catch(() => undefined)
    return
  }
  res.status(response.status)
  response.headers.forEach((value, name) => {
    // Security headers were set by the shell and stay authoritative; cookies go below.
    if (name === 'set-cookie' || name === 'content-security-policy' || name === 'x-frame-options') return
    // Payload's Response.json names no charset; every answer of ours does (docs/api.md "Conventions of every route").
    res.setHeader(name, name === 'content-type' && value === 'application/json' ? JSON_UTF8 : value)
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length) res.setHeader('set-cookie', cookies)
  if (!response.body || headOnly) {
    res.end()
    return
  }
  if (response.bodyText !== undefined) {
    res.end(response.bodyText)
    return
  }
  await writeBody(response.body, res)
}

// Most answers are a few hundred bytes of JSON: sent whole, they leave in one write with the
// headers and a Content-Length (streamed, each took several writes: the largest cost in a
// profile of a cached-session read). Larger bodies (media files) are streamed.
const WHOLE_UP_TO = 64 * 1024

async function writeBody(body: ReadableStream<Uint8Array>, res: ExpressResponse): Promise<void> {
  const reader = body.getReader()
  const head: Uint8Array[] = []
  let size = 0
  while (size <= WHOLE_UP_TO) {
    const { done, value } = await reader.read()
    if (done) {
      res.end(head.length === 1 ? head[0] : Buffer.concat(head))
      return
    }
    head.push(value)
    size += value.byteLength
  }
  async function* chunks() {
    try {
      yield* head
      for (;;) {
        const { done, value } = await reader.read()
        if (done) return
        yield value
      }
    } finally {
      // The client went away mid-body: stop the source too.
      await reader.cancel().catch(() => undefined)
    }
  }
  await pipeline(Readable.from(chunks(), { objectMode: false }), res)
}

/** The bridge for one request; `found`: the root endpoint the route table matched, if one did. */
export type Bridge = (
  req: ExpressRequest,
  res: ExpressResponse,
  next: NextFunction,
  found?: FoundRoute,
) => Promise<void>

/** `cache`: the shared cache of public stock reads (src/lib/read-cache), when it is on. */
export function payloadBridge(payload: Payload, cache?: ReadCache): Bridge {
  const collections = new Set(payload.config.collections.map((collection) => collection.slug))
  const apiRoute = payload.config.routes.api.replace(/\/+$/, '')
  const readsOwnBody = ownBodyRoutes(payload.config.collections, apiRoute)
  return async (req, res, next, found) => {
    try {
      const origin = `${req.protocol}://${req.headers.host ?? 'localhost'}`
      let buffered: Buffer | undefined
      const stock = isCollectionRoute(req, collections, apiRoute)
      const url = new URL(req.originalUrl, origin)
      const queryProblem = stock ? stockQueryProblem(url.searchParams) : undefined
      if (queryProblem) {
        res.status(400).json(stockError(400, queryProblem))
        return
      }
      if (stock && (needsObjectBody(req) || isReadSentAsPost(req)) && !readsOwnBody(req)) {
        const checked = isReadSentAsPost(req) ? await readQueryBody(req) : await readObjectBody(req)
        if (res.headersSent) return
        if (!checked.ok) {
          res.status(checked.status).json(stockError(checked.status, checked.message, checked.code))
          return
        }
        buffered = checked.body
      }
      if (stock && (req.method === 'GET' || req.method === 'HEAD')) {
        const bounded = boundedStockRead(url.searchParams)
        if (bounded) url.search = bounded.toString()
      }
      const caller = await callerOf(payload, req)
      // Built when needed: an anonymous read answered from the cache needs no Web Request.
      let built: Request | undefined
      const webRequest = () => (built ??= toWebRequest(req, url, caller, buffered))
      const fromPayload = () => handleEndpoints({ config: payload.config, request: webRequest() })
      let response: Answer
      if (cache && stock && (req.method === 'GET' || req.method === 'HEAD')) {
        // Answered from the cache (or filled into it); any other answer comes back to be sent below.
        const handed = await cache.serve(req, res, url, webRequest, fromPayload)
        if (!handed) return
        response = handed
      } else {
        // A collection route is never one of our root endpoints: straight to Payload's router.
        response = !stock && found ? await answerRoot(payload, found, webRequest()) : await fromPayload()
      }
      const request = webRequest()
      if ((caller.unchecked || credentialsWereUnchecked(request.headers)) && !res.headersSent) {
        await response.body?.cancel().catch(() => undefined)
        const unavailable = serviceUnavailable()
        res.set(unavailable.options.headers).status(503)
        res.json(
          stock
            ? stockErrorBody(503, { errors: [{ message: unavailable.message, code: unavailable.code }] })
            : errorBody(unavailable, familyOf(new URL(req.originalUrl, 'http://localhost').pathname)),
        )
        return
      }
      // 503: the database or storage is down (unavailable.ts); the client may try again.
      if (response.status === 503) res.setHeader('retry-after', String(RETRY_AFTER_SECONDS))
      else if (response.status >= 500 && !res.headersSent) {
        // Payload's own error bodies may carry library messages; ours never do.
        const detail =
          ('bodyText' in response && response.bodyText) || (await new Response(response.body).text().catch(() => ''))
        payload.logger.error({
          msg: `${req.method} ${req.originalUrl} answered ${response.status}`,
          detail: detail.slice(0, 2000),
        })
        res
          .status(500)
          .json(errorBody(internalError(), familyOf(new URL(req.originalUrl, 'http://localhost').pathname)))
        return
      }
      await sendWebResponse(response, res, req.method === 'HEAD')
    } catch (error) {
      next(error)
    }
  }
}
