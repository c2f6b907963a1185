// Cookie-cache snapshots and kept bearer sessions (bearer-cache.ts) that must not be trusted any more after a
// ban, role change or revocation, kept per process for the cache's lifetime (docs/decisions.md "Bans, role
// changes and revocations reach every instance").
import { COOKIE_CACHE_SECONDS } from './timing'

// In milliseconds: a kept bearer session knows when its lookup was sent to the millisecond
// (bearer-cache.ts), a cookie snapshot to the second.
const staleBefore = new Map<string, number>()
/** Every snapshot made at or before this (unix ms) is stale, whoever its user. */
let allStaleUntil = 0
/** Not listening for other instances' changes: no snapshot is trusted. */
let suspended = false

/** What `userId` had cached at or before `at` (unix ms, default now) is stale. */
export function markUserStale(userId: string, at = Date.now()): void {
  const now = Date.now()
  // Entries older than the caches' lifetime can no longer match a trusted snapshot.
  for (const [id, until] of staleBefore) if (until + COOKIE_CACHE_SECONDS * 1000 < now) staleBefore.delete(id)
  staleBefore.set(userId, Math.max(staleBefore.get(userId) ?? 0, at))
}

/** Changes made elsewhere may go unheard from now on: trust no snapshot until `resumeTrust`. */
export function suspendTrust(): void {
  suspended = true
}

/**
 * Listening: trust snapshots again. After a dropped connection, pass the moment listening
 * resumed (unix ms): none made at or before it is trusted (a change may have been missed).
 */
export function resumeTrust(distrustUntil?: number): void {
  if (distrustUntil !== undefined) allStaleUntil = Math.max(allStaleUntil, distrustUntil)
  suspended = false
}

/** Whether what `userId` had cached as of `madeAt` (unix ms) is stale. */
export function isStaleSince(userId: string, madeAt: number): boolean {
  if (suspended || madeAt <= allStaleUntil) return true
  if (staleBefore.size === 0) return false
  const until = staleBefore.get(userId)
  return until !== undefined && madeAt <= until
}

/** A cookie snapshot signed in the second `signedAt` (unix seconds): taken as signed at its start. */
export const isStale = (userId: string, signedAt: number): boolean => isStaleSince(userId, signedAt * 1000)
