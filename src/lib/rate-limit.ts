// Persistent fixed-window counters in PostgreSQL (table of the `rate-limits` collection):
// one atomic upsert per hit, so concurrent requests and several server instances share
// exact counts, and a restart forgets nothing (docs/api.md "Rate limits").
import type { Payload } from 'payload'

import { type PoolOwner, run, statement } from './prepared'
import type { RateLimitRule } from './settings'

export interface RateLimitState {
  count: number
  /** Seconds until the window resets (≥ 1). */
  retryAfter: number
  limited: boolean
}

interface Queryable {
  query: (text: string, values?: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }>
}

/** What the counters use of Payload: its pool, and its logger for a failed sweep (a bench server hands just these). */
export interface CounterHost extends PoolOwner {
  db: PoolOwner['db'] & { pool: Queryable }
  logger: { warn: (entry: { err: unknown; msg: string }) => void }
}

function pool(payload: CounterHost): Queryable {
  return payload.db.pool
}

// Prepared once per connection: every /api request may run it (src/lib/prepared.ts). Adds
// $3 units to the key's window (a fresh window starts at $3) and says how many ms it has left.
const RESERVE = statement(
  'rate-limit-reserve',
  `
INSERT INTO rate_limits (key, count, expires_at)
VALUES ($1, $3, now() + make_interval(secs => $2))
ON CONFLICT (key) DO UPDATE SET
  count = CASE WHEN rate_limits.expires_at <= now() THEN $3 ELSE rate_limits.count + $3 END,
  expires_at = CASE WHEN rate_limits.expires_at <= now() THEN now() + make_interval(secs => $2) ELSE rate_limits.expires_at END,
  updated_at = now()
RETURNING count, ceil(extract(epoch FROM expires_at - now()) * 1000)::bigint AS remaining_ms`,
)

const RELEASE_SQL = `
UPDATE rate_limits SET count = count - 1, updated_at = now()
WHERE key = $1 AND count > 0 AND expires_at > now()`

// Expired rows are useless; sweeping now and then keeps the table as small as the live keys.
const SWEEP_SQL = `DELETE FROM rate_limits WHERE expires_at < now() - interval '1 hour'`
const SWEEP_EVERY = 1000
let hitsSinceSweep = 0

export interface Reservation {
  /** The window's count after this reservation. */
  count: number
  /** Milliseconds until the window resets, by the database's clock. */
  remainingMs: number
}

/** Adds `units` to `key`'s count in its current window (or opens a new window with them). */
export async function reserve(
  payload: CounterHost,
  key: string,
  rule: RateLimitRule,
  units: number,
): Promise<Reservation> {
  const { rows } = await run<{ count: number; remaining_ms: string }>(payload, RESERVE, [
    key,
    rule.windowSeconds,
    units,
  ])
  if (++hitsSinceSweep >= SWEEP_EVERY) {
    hitsSinceSweep = 0
    pool(payload)
      .query(SWEEP_SQL)
      .catch((err: unknown) => payload.logger.warn({ err, msg: 'rate-limit sweep failed' }))
  }
  return {
    count: Number(rows[0]?.count ?? units),
    remainingMs: Number(rows[0]?.remaining_ms ?? rule.windowSeconds * 1000),
  }
}

export const retryAfterOf = (remainingMs: number) => Math.max(1, Math.ceil(remainingMs / 1000))

/** Counts one request against `key`; `limited` when this one is over the rule's max. */
export async function hit(payload: Payload, key: string, rule: RateLimitRule): Promise<RateLimitState> {
  const { count, remainingMs } = await reserve(payload, key, rule, 1)
  return { count, retryAfter: retryAfterOf(remainingMs), limited: count > rule.max }
}

/** Gives back one hit of `key` in its current window (a reserved slot that went unused). */
export async function release(payload: Payload, key: string): Promise<void> {
  await pool(payload).query(RELEASE_SQL, [key])
}

export async function reset(payload: Payload, key: string): Promise<void> {
  await pool(payload).query('DELETE FROM rate_limits WHERE key = $1', [key])
}
