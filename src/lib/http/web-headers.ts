// An express request's headers as Web Headers, as Payload's auth strategies read them: for the
// bridge, the read cache and the shell's own answers alike (one place, no import circle).
import type { Request as ExpressRequest } from 'express'

/** The request's headers. */
export function webHeaders(req: ExpressRequest): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    if (Array.isArray(value)) for (const item of value) headers.append(name, item)
    else headers.set(name, value)
  }
  return headers
}
