// Who may call an endpoint, as the endpoint layer asks it: the library knows "signed in" and
// "allowed or 403", not roles; the rule is handed in (endpoints/guards.ts, docs/decisions.md
// "Each floor imports only the floors below").
import type { PayloadRequest } from 'payload'

import { forbidden, unauthorized } from './errors'

type User = NonNullable<PayloadRequest['user']>

export function requireUser(req: PayloadRequest): User {
  if (!req.user) throw unauthorized()
  return req.user
}

/** The caller when `allowed` says so; 403 `forbidden` with `message` otherwise, anonymous callers included. */
export function requireAllowed(req: PayloadRequest, allowed: (user: User) => boolean, message: string): User {
  if (!req.user || !allowed(req.user)) throw forbidden(message)
  return req.user
}
