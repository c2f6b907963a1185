// Staff (admins, moderators) are exempt from the global rate limit (docs/api.md "Conventions of every route").
// Only a request that carries credentials can be staff, so anonymous traffic pays nothing.
// Who counts as staff is the access layer's rule (domain/permissions.ts `isStaff`), handed in.
// The session it read is handed on to the rest of the request (src/lib/auth/handed-lookup.ts).
import type { Payload } from 'payload'

import { handOn } from './auth/handed-lookup'
import type { ExemptCheck } from './http/global-rate-limit'

export function staffRequestCheck(payload: Payload, isStaff: (user: unknown) => boolean): ExemptCheck {
  return async (req) => {
    if (!req.headers.cookie && !req.headers.authorization) return false
    const headers = new Headers()
    if (req.headers.cookie) headers.set('cookie', req.headers.cookie)
    if (req.headers.authorization) headers.set('authorization', req.headers.authorization)
    const { user } = await payload.auth({ headers })
    // The route's own strategy run reuses this lookup (one per request, handed-lookup.ts).
    handOn(headers, req)
    return isStaff(user)
  }
}
