// Request body size, enforced by the shell for every /api route before Payload sees it (docs/decisions.md
// "Body size limits in the shell"): nothing downstream can buffer more than the limit, and an unread body is
// drained so a kept-alive client's next request is parsed.
import { type Readable, Transform, type TransformCallback } from 'node:stream'

import type { Request, RequestHandler, Response } from 'express'

import { ApiError, apiError } from './errors'

const MiB = 1024 * 1024
/** JSON (and any body that is not multipart). */
export const JSON_BODY_LIMIT = MiB
/** Media uploads: the file may be 10 MiB; the form's other fields and boundaries get 256 KiB. */
export const MULTIPART_BODY_LIMIT = 10 * MiB + 256 * 1024

export const payloadTooLarge = (limit: number) =>
  apiError('payload_too_large', `The request body is larger than the ${limit} bytes allowed here`)

/** The client went away before its body was whole: a 400 nobody will read, never a 500. */
export const bodyCutShort = () =>
  apiError('invalid_body', 'The request body was cut short: the client closed the connection')

export function bodyLimitFor(contentType: string | undefined): number {
  const type = contentType?.split(';')[0]?.trim().toLowerCase()
  return type === 'multipart/form-data' ? MULTIPART_BODY_LIMIT : JSON_BODY_LIMIT
}

/** Passes bytes through and fails with 413 the moment more than `limit` have come. */
class CountingStream extends Transform {
  received = 0

  constructor(readonly limit: number) {
    super()
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.received += chunk.length
    if (this.received > this.limit) return done(payloadTooLarge(this.limit))
    done(null, chunk)
  }
}

const bodies = new WeakMap<Request, Readable>()

/** The request's body as counted by `bodyLimit` (the raw request where no limit applies). */
export function requestBody(req: Request): Readable {
  return bodies.get(req) ?? req
}

const hasBody = (req: Request) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0

export type SendError = (req: Request, res: Response, error: ApiError) => void

/** How long a refused request's socket stays open, dropping what the client still sends. */
const LINGER_MS = 2_000

/**
 * After a `Connection: close` answer node ends the socket and destroys it at once. With the
 * client still sending its body, closing a socket that has unread bytes makes the kernel send
 * a reset, and a client busy writing (node's http, curl) then fails with EPIPE/ECONNRESET
 * before it reads the 413. So, as web servers do ("lingering close"), the socket first stops
 * writing, then reads and drops what still comes for a moment (memory stays flat: nothing is
 * kept), and is destroyed when the client is done or after LINGER_MS.
 */
function lingerAfterAnswer(req: Request) {
  const socket = req.socket
  socket.destroySoon = () => {
    socket.end()
    const timer = setTimeout(() => socket.destroy(), LINGER_MS)
    timer.unref()
    socket.once('close', () => clearTimeout(timer))
    req.on('end', () => socket.destroy())
    req.resume()
  }
}

export function bodyLimit(sendError: SendError): RequestHandler {
  const refuse = (req: Request, res: Response, limit: number) => {
    req.unpipe()
    // Already answered (the route did not read its body; the drain below went past the limit).
    if (res.headersSent) return void req.socket.destroy()
    res.setHeader('connection', 'close')
    lingerAfterAnswer(req)
    sendError(req, res, payloadTooLarge(limit))
  }

  return (req, res, next) => {
    if (!hasBody(req)) return next()
    const limit = bodyLimitFor(req.headers['content-type'])
    if (Number(req.headers['content-length'] ?? 0) > limit) return refuse(req, res, limit)

    const body = new CountingStream(limit)
    let refused = false
    body.on('error', (error) => {
      if (!(error instanceof ApiError && error.status === 413)) return
      refused = true
      refuse(req, res, limit)
    })
    req.pipe(body)
    // A client that goes away mid-body (killed, a tab closed): pipe() never ends its
    // destination when the source is destroyed, so whoever reads the body would wait for the
    // rest for good, a request that never finishes. Its reader fails instead.
    req.once('close', () => {
      if (!req.complete && !body.destroyed) body.destroy(bodyCutShort())
    })
    bodies.set(req, body)
    // What the route left unread is read and dropped (still counted: past the limit the
    // connection is closed instead), so that it can carry the client's next request.
    res.once('finish', () => {
      if (refused || req.complete || req.destroyed) return
      req.unpipe(body)
      let received = body.received
      req.on('data', (chunk: Buffer) => {
        received += chunk.length
        if (received > limit) req.socket.destroy()
      })
      req.resume()
    })
    next()
  }
}
