// The global limit: 100 /api requests per 60 s per client IP (docs/api.md "Rate limits"), on the
// persistent counters, taken a few units at a time (rate-limit-lease.ts). Requests
// authenticated as staff are exempt (the admin panel alone makes dozens of calls a minute).
// Working out who is staff costs a session lookup that Payload repeats for the request
// anyway, so it is asked only of a request that is over the limit, and a staff request then
// gives its hit back. The check is injected so the shell does not need to know how sessions
// work.
import type { Request, RequestHandler } from 'express'
import type { Payload } from 'payload'

import { CLIENT_IP_HEADER, SOCKET_IP_HEADER } from '../client-ip'
import { release } from '../rate-limit'
import { hitLeased } from '../rate-limit-lease'
import { settings } from '../settings'
import { ApiError, apiError, errorBody, familyOf } from './errors'

export type ExemptCheck = (req: Request) => Promise<boolean>

export function tooManyRequests(retryAfter: number, message = 'Too many requests, try again later'): ApiError {
  const seconds = String(retryAfter)
  return apiError('too_many_requests', message, {
    headers: { 'retry-after': seconds, 'x-retry-after': seconds },
  })
}

export function globalRateLimit(payload: Payload, isExempt: ExemptCheck = async () => false): RequestHandler {
  return async (req, res, next) => {
    try {
      const ip = (req.headers[CLIENT_IP_HEADER] as string | undefined) ?? (req.headers[SOCKET_IP_HEADER] as string)
      const key = `global:${ip}`
      const state = await hitLeased(payload, key, settings().rateLimits.global)
      if (!state.limited) return next()
      if (await isExempt(req)) {
        await release(payload, key)
        return next()
      }
      const error = tooManyRequests(state.retryAfter)
      res
        .set(error.options.headers)
        .status(429)
        .json(errorBody(error, familyOf(new URL(req.originalUrl, 'http://localhost').pathname)))
    } catch (error) {
      // A limiter that cannot reach its counters must not take the API down with it:
      // the request goes on (and will meet the same database trouble on its own terms).
      payload.logger.warn({ err: error, msg: 'global rate limit unavailable; request let through' })
      next()
    }
  }
}
