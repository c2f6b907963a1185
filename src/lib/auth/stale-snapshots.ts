// Cookie-cache snapshots that must not be trusted any more: after a ban, a role change or a
// revocation of a user's sessions, a snapshot signed before that moment is treated as a
// cache miss, so the request is checked against the database (where the session is gone or
// the roles are new) on its very next request (API-CONTRACT §11: "a ban takes effect on the
// next request"). Kept per process, for the cache's lifetime (a snapshot is never trusted
// longer). Another instance trusts such a snapshot until it expires (at most 300 s), except
// on the routes that always check the database (src/lib/auth/current.ts): decision 83.
import { COOKIE_CACHE_SECONDS } from './timing'

const staleBefore = new Map<string, number>()

/** Snapshots of `userId` signed at or before now (unix seconds) are stale. */
export function markUserStale(userId: string, at = Math.floor(Date.now() / 1000)): void {
  const now = Math.floor(Date.now() / 1000)
  // Entries older than the cache's lifetime can no longer match a trusted snapshot.
  for (const [id, until] of staleBefore) if (until + COOKIE_CACHE_SECONDS < now) staleBefore.delete(id)
  staleBefore.set(userId, Math.max(staleBefore.get(userId) ?? 0, at))
}

export function isStale(userId: string, signedAt: number): boolean {
  if (staleBefore.size === 0) return false
  const until = staleBefore.get(userId)
  return until !== undefined && signedAt <= until
}
