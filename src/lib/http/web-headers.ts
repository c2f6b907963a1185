// An express request's headers as Web Headers, as Payload's auth strategies read them: for the
// bridge, the read cache and the shell's own answers alike (one place, no import circle).
import type { Request as ExpressRequest } from 'express'

import { handOn } from '../auth/handed-lookup'

/** The request's headers, carrying a session lookup made earlier in the request (src/lib/auth/handed-lookup.ts). */
export function webHeaders(req: ExpressRequest): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    if (Array.isArray(value)) for (const item of value) headers.append(name, item)
    else headers.set(name, value)
  }
  handOn(req, headers)
  return headers
}
