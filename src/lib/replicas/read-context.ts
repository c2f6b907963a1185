// Whether the reads of the request being served may go to a replica, decided once per request and carried
// in an AsyncLocalStorage (docs/decisions.md "Read-your-writes by a cookie the client keeps").
import { AsyncLocalStorage } from 'node:async_hooks'

import type { Request, RequestHandler, Response } from 'express'

import { readCookie } from '../auth/cookies'
import { settings } from '../settings'
import { PROBE_INTERVAL_MS } from './replica-set'

const context = new AsyncLocalStorage<{ replica: boolean }>()

/** True inside a request whose reads may be served by a replica. */
export const replicaAllowedHere = (): boolean => context.getStore()?.replica === true

/**
 * Runs `fn` with every read on the primary, whatever the request allowed: for a read whose
 * answer is kept under the primary's version (the read cache), which a lagging replica's
 * older rows must never fill.
 */
export const onPrimary = <T>(fn: () => T): T => context.run({ replica: false }, fn)

export const wroteCookieName = () => `${settings().cookiePrefix}wrote`

/**
 * How long after a write its client reads the primary: a usable replica lags at most the
 * bound as of its last probe, and probes are a second apart (their positions a second apart
 * too), so after this long every usable replica has the write.
 */
export const readYourWritesSeconds = () => settings().replicas.maxLagSeconds + Math.ceil((2 * PROBE_INTERVAL_MS) / 1000)

const SAFE = new Set(['GET', 'HEAD'])

function wroteRecently(req: Request, now: number): boolean {
  const raw = readCookie(req.headers.cookie, wroteCookieName())
  const at = Number(raw)
  return raw !== undefined && Number.isFinite(at) && now - at < readYourWritesSeconds() * 1000
}

/** Adds the cookie to the answer, whoever writes its headers (the Payload bridge replaces set-cookie). */
function markWrite(res: Response, now: number): void {
  const writeHead = res.writeHead
  const cookie = `${wroteCookieName()}=${now}; Max-Age=${readYourWritesSeconds()}; Path=/; HttpOnly; Secure; SameSite=Lax`
  res.writeHead = function (this: Response, ...args: unknown[]) {
    const existing = this.getHeader('set-cookie')
    const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)]
    this.setHeader('set-cookie', [...list, cookie])
    return (writeHead as (...a: unknown[]) => Response).apply(this, args)
  } as Response['writeHead']
}

const bearer = (req: Request) => /^bearer\s/i.test(req.headers.authorization ?? '')

/** The shell's middleware: decides for the request and runs the rest of it in that decision. */
export function readRouting(): RequestHandler {
  return (req, res, next) => {
    if (settings().replicas.urls.length === 0) return next()
    const now = Date.now()
    if (req.method === 'OPTIONS') return context.run({ replica: false }, next)
    if (!SAFE.has(req.method)) {
      markWrite(res, now)
      return context.run({ replica: false }, next)
    }
    context.run({ replica: !bearer(req) && !wroteRecently(req, now) }, next)
  }
}
