// The global limit's counters, leased a few units at a time (docs/decisions.md "The global rate limit
// leases units"): one upsert per request was the costliest part of a cached read, and leasing can only
// refuse early, never admit more than the max.

import { type CounterHost, type RateLimitState, reserve, retryAfterOf } from './rate-limit'
import type { RateLimitRule } from './settings'

const SHARE = 8
const MAX_UNITS = 32
// Beyond this many live keys (distinct IPs in a window) new keys are counted one by one.
const MAX_KEYS = 50_000

interface Lease {
  /** Units reserved and not handed out yet. */
  left: number
  /** Local time (ms) at which the window ends: the lease dies with it. */
  until: number
  /** The window's count in PostgreSQL when this lease was taken. */
  count: number
}

const leases = new Map<string, Lease>()
let sweptAt = 0

/** Room for `key`'s lease: expired leases are swept when the map is full, at most once a second. */
function hasRoom(key: string, now: number): boolean {
  if (leases.size < MAX_KEYS || leases.has(key)) return true
  if (now - sweptAt >= 1000) {
    sweptAt = now
    for (const [other, lease] of leases) if (lease.until <= now) leases.delete(other)
  }
  return leases.size < MAX_KEYS
}

/** Concurrent reservations of one key each bring units: none is dropped, the earlier end wins. */
function keep(key: string, taken: Lease, now: number) {
  const held = leases.get(key)
  if (held && held.until > now) {
    held.left += taken.left
    held.count = Math.max(held.count, taken.count)
    held.until = Math.min(held.until, taken.until)
  } else if (hasRoom(key, now)) {
    leases.set(key, taken)
  }
}

/** Units to ask for: one while the count is unknown, else a share of what is left. */
function unitsFor(lease: Lease | undefined, rule: RateLimitRule): number {
  if (!lease) return 1
  return 1 + Math.min(MAX_UNITS, Math.floor(Math.max(0, rule.max - lease.count - 1) / SHARE))
}

/** `hit` with leases: counts one request against `key`; `limited` when it is over the max. */
export async function hitLeased(payload: CounterHost, key: string, rule: RateLimitRule): Promise<RateLimitState> {
  const asked = Date.now()
  let lease = leases.get(key)
  if (lease && lease.until <= asked) lease = undefined
  if (lease && lease.left > 0) {
    lease.left--
    return { count: lease.count, retryAfter: retryAfterOf(lease.until - asked), limited: false }
  }

  const units = unitsFor(lease, rule)
  const { count, remainingMs } = await reserve(payload, key, rule, units)
  // The units are count - units + 1 … count; this request takes the first one.
  const mine = count - units + 1
  const left = Math.max(0, Math.min(count, rule.max) - mine)
  // Timed from before the round trip: the lease never outlives the window in the database.
  keep(key, { left, until: asked + remainingMs, count }, Date.now())
  return { count: mine, retryAfter: retryAfterOf(remainingMs), limited: mine > rule.max }
}
