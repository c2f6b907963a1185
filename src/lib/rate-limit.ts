// Persistent fixed-window counters in PostgreSQL (table of the `rate-limits` collection):
// one atomic upsert per hit, so concurrent requests and several server instances share
// exact counts, and a restart forgets nothing (SPEC "Limits").
import type { Payload } from 'payload'

import { run, statement } from './prepared'
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

function pool(payload: Payload): Queryable {
  return (payload.db as unknown as { pool: Queryable }).pool
}

// Prepared once per connection: every /api request runs it (src/lib/prepared.ts).
const HIT = statement('rate-limit-hit', `
INSERT INTO rate_limits (key, count, expires_at)
VALUES ($1, 1, now() + make_interval(secs => $2))
ON CONFLICT (key) DO UPDATE SET
  count = CASE WHEN rate_limits.expires_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
  expires_at = CASE WHEN rate_limits.expires_at <= now() THEN now() + make_interval(secs => $2) ELSE rate_limits.expires_at END,
  updated_at = now()
RETURNING count, ceil(extract(epoch FROM expires_at - now()))::int AS retry_after`)

const RELEASE_SQL = `
UPDATE rate_limits SET count = count - 1, updated_at = now()
WHERE key = $1 AND count > 0 AND expires_at > now()`

// Expired rows are useless; sweeping now and then keeps the table as small as the live keys.
const SWEEP_SQL = `DELETE FROM rate_limits WHERE expires_at < now() - interval '1 hour'`
const SWEEP_EVERY = 1000
let hitsSinceSweep = 0

function state(row: Record<string, unknown> | undefined, rule: RateLimitRule): RateLimitState {
  const count = Number(row?.count ?? 0)
  const retryAfter = Math.max(1, Number(row?.retry_after ?? rule.windowSeconds))
  return { count, retryAfter, limited: count > rule.max }
}

/** Counts one request against `key`; `limited` when this one is over the rule's max. */
export async function hit(payload: Payload, key: string, rule: RateLimitRule): Promise<RateLimitState> {
  const { rows } = await run<Record<string, unknown>>(payload, HIT, [key, rule.windowSeconds])
  if (++hitsSinceSweep >= SWEEP_EVERY) {
    hitsSinceSweep = 0
    pool(payload)
      .query(SWEEP_SQL)
      .catch((err: unknown) => payload.logger.warn({ err, msg: 'rate-limit sweep failed' }))
  }
  return state(rows[0], rule)
}

/** Gives back one hit of `key` in its current window (a reserved slot that went unused). */
export async function release(payload: Payload, key: string): Promise<void> {
  await pool(payload).query(RELEASE_SQL, [key])
}

export async function reset(payload: Payload, key: string): Promise<void> {
  await pool(payload).query('DELETE FROM rate_limits WHERE key = $1', [key])
}
