// Staff (admins, moderators) are exempt from the global rate limit (docs/api.md "Conventions of every route").
// Only a request that carries credentials can be staff, so anonymous traffic pays nothing.
// Who counts as staff is the access layer's rule (domain/permissions.ts `isStaff`), handed in.
// The caller it resolves is the request's one resolution (src/lib/http/caller.ts).
import type { Payload } from 'payload'

import { callerOf } from './http/caller'
import type { ExemptCheck } from './http/global-rate-limit'

export function staffRequestCheck(payload: Payload, isStaff: (user: unknown) => boolean): ExemptCheck {
  return async (req) => {
    if (!req.headers.cookie && !req.headers.authorization) return false
    return isStaff((await callerOf(payload, req)).user)
  }
}
