// Cookie-cache snapshots that must not be trusted any more after a ban, role change or revocation, kept per
// process for the cache's lifetime (docs/decisions.md "Bans, role changes and revocations reach every
// instance").
import { COOKIE_CACHE_SECONDS } from './timing'

const staleBefore = new Map<string, number>()
/** Every snapshot signed at or before this (unix seconds) is stale, whoever its user. */
let allStaleUntil = 0
/** Not listening for other instances' changes: no snapshot is trusted. */
let suspended = false

const nowSeconds = () => Math.floor(Date.now() / 1000)

/** Snapshots of `userId` signed at or before now (unix seconds) are stale. */
export function markUserStale(userId: string, at = nowSeconds()): void {
  const now = nowSeconds()
  // Entries older than the cache's lifetime can no longer match a trusted snapshot.
  for (const [id, until] of staleBefore) if (until + COOKIE_CACHE_SECONDS < now) staleBefore.delete(id)
  staleBefore.set(userId, Math.max(staleBefore.get(userId) ?? 0, at))
}

/** Changes made elsewhere may go unheard from now on: trust no snapshot until `resumeTrust`. */
export function suspendTrust(): void {
  suspended = true
}

/**
 * Listening: trust snapshots again. After a dropped connection, pass the moment listening
 * resumed: none signed at or before it is trusted (a change may have been missed).
 */
export function resumeTrust(distrustUntil?: number): void {
  if (distrustUntil !== undefined) allStaleUntil = Math.max(allStaleUntil, distrustUntil)
  suspended = false
}

export function isStale(userId: string, signedAt: number): boolean {
  if (suspended || signedAt <= allStaleUntil) return true
  if (staleBefore.size === 0) return false
  const until = staleBefore.get(userId)
  return until !== undefined && signedAt <= until
}
