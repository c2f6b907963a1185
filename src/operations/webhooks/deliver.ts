// The webhook delivery worker, one per instance over the outbox rows (docs/decisions.md "Webhook deliveries
// are claimed with SKIP LOCKED and a lease"): each attempt made once, at least once after a crash, in order
// per webhook and record; every time comes from the `now` a round is given, so tests can inject it.
import { createLocalReq, type Payload, type PayloadRequest } from 'payload'

import { DISABLE_AFTER_MS } from '../../../domain/webhooks'
import { writeAudit } from '../../../hooks/shared/audit'
import type { BackgroundWorker } from '../../lib/background-workers'
import { type PollingLoop, startPollingLoop } from '../../lib/polling-loop'
import { run, runIn, statement } from '../../lib/prepared'
import { settings } from '../../lib/settings'
import { inTransaction } from '../../lib/transaction'
import { send, type SendResult } from '../../lib/webhooks/send'
import { signatureHeader } from '../../lib/webhooks/signature'
import { forgetWebhookWaker, registerWebhookWaker } from '../../lib/webhooks/wake'
import { notify } from '../notifications/notify'

/** Longer than any attempt (the timeout) with room to record the outcome. */
const LEASE_MARGIN_MS = 30_000

const CLAIM = statement(
  'webhook-claim',
  `WITH due AS (
     SELECT d.id FROM webhook_deliveries d
     WHERE d.status = 'pending' AND d.next_attempt_at <= $1 AND (d.locked_until IS NULL OR d.locked_until <= $1)
       AND NOT EXISTS (
         SELECT 1 FROM webhook_deliveries p
         WHERE p.webhook_id = d.webhook_id AND p.record_key = d.record_key AND p.status = 'pending' AND p.seq < d.seq)
     ORDER BY d.seq LIMIT $2
     FOR UPDATE OF d SKIP LOCKED
   )
   UPDATE webhook_deliveries d SET locked_until = $3, attempts = d.attempts + 1
   FROM due, webhooks w
   WHERE d.id = due.id AND w.id = d.webhook_id AND d.status = 'pending'
   RETURNING d.id, d.webhook_id, d.message_id, d.body, d.attempts, w.url, w.secret, w.previous_secret, w.previous_secret_until`,
)

interface Claimed {
  id: string
  webhook_id: string
  message_id: string
  body: { type: string; timestamp: string; data: unknown }
  attempts: number
  url: string
  secret: string
  previous_secret: string | null
  previous_secret_until: Date | null
}

// A round's outcomes in one statement (one UPDATE per delivery, each touching its
// webhook's row, capped the rate): every delivery's status, then each webhook's
// `lastDeliveryAt` and `failingSince` once, as the outcomes in the order they came ($8)
// would have left them one by one: cleared when the last was a success, restarted at this
// round when a success came before a later failure, else kept (or started) by the failure.
const RECORD = statement(
  'webhook-record',
  `WITH o AS (
     SELECT * FROM unnest($1::uuid[], $2::numeric[], $3::varchar[], $4::numeric[], $5::enum_webhook_deliveries_status[], $6::timestamptz[], $7::varchar[], $8::int[])
       AS o(id, response_status, response_body, duration_ms, status, next_attempt_at, error, n)
   ), d AS (
     UPDATE webhook_deliveries d SET status = o.status, next_attempt_at = o.next_attempt_at, response_status = o.response_status,
       response_body = o.response_body, error = o.error, duration_ms = o.duration_ms, locked_until = NULL, updated_at = $9
     FROM o WHERE d.id = o.id
     RETURNING d.webhook_id, o.status = 'succeeded' AS ok, o.n
   ), w AS (
     SELECT webhook_id, bool_or(ok) AS any_ok, (array_agg(ok ORDER BY n DESC))[1] AS last_ok FROM d GROUP BY webhook_id
   )
   UPDATE webhooks h SET last_delivery_at = $9,
     failing_since = CASE WHEN w.last_ok THEN NULL WHEN w.any_ok THEN $9 ELSE coalesce(h.failing_since, $9) END
   FROM w WHERE h.id = w.webhook_id
   RETURNING h.id, h.active, h.failing_since, w.last_ok`,
)

const DISABLE = statement(
  'webhook-disable',
  `UPDATE webhooks SET active = false, updated_at = $2 WHERE id = $1 AND active RETURNING url`,
)
const FAIL_PENDING = statement(
  'webhook-fail-pending',
  `UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, updated_at = $2 WHERE webhook_id = $1 AND status = 'pending'`,
)
const ADMINS = statement('webhook-admins', `SELECT DISTINCT parent_id AS id FROM users_roles WHERE value = 'admin'`)

/** The secrets that sign at `now`: the current one, and the one rotated out for its last 24 h. */
function signingSecrets(row: Claimed, now: Date): string[] {
  const previousValid = row.previous_secret && row.previous_secret_until && new Date(row.previous_secret_until) > now
  return previousValid ? [row.secret, row.previous_secret!] : [row.secret]
}

async function attempt(row: Claimed, now: Date, perHost: number): Promise<SendResult> {
  const { webhooks } = settings()
  // The body as docs/api.md "Webhooks (/api/admin/webhooks)" orders it; the same text is signed and sent.
  const body = JSON.stringify({ type: row.body.type, timestamp: row.body.timestamp, data: row.body.data })
  const timestamp = Math.floor(now.getTime() / 1000)
  return send({
    url: row.url,
    body,
    timeoutMs: webhooks.timeoutMs,
    rules: { allowHttp: webhooks.allowHttp, allowPrivate: webhooks.allowPrivate },
    perHost,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'community-platform-webhooks',
      'webhook-id': row.message_id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(signingSecrets(row, now), row.message_id, timestamp, body),
    },
  })
}

/** Switches a webhook off after 5 days of failures: its pending deliveries fail, every admin is told. */
async function disable(payload: Payload, webhookId: string, now: Date): Promise<void> {
  const req: PayloadRequest = await createLocalReq({}, payload)
  await inTransaction(req, async () => {
    const row = (await runIn<{ url: string }>(req, DISABLE, [webhookId, now])).rows[0]
    if (!row) return // already off (another instance, or an admin)
    await runIn(req, FAIL_PENDING, [webhookId, now])
    for (const admin of (await runIn<{ id: string }>(req, ADMINS, [])).rows) {
      await notify(req, {
        userId: String(admin.id),
        type: 'webhook',
        title: 'A webhook was switched off',
        body: `Every delivery to ${row.url} has failed for 5 days, so it was switched off. Fix the receiver, then set it active again.`,
        targetType: 'webhooks',
        targetId: webhookId,
      })
    }
    await writeAudit(req, {
      action: 'webhook.disabled',
      targetType: 'webhooks',
      targetId: webhookId,
      userId: null,
      data: { url: row.url, reason: 'failing for 5 days' },
    })
  })
}

interface Outcome {
  row: Claimed
  result: SendResult
}

/** Records a round's outcomes (in the order they came) at `now`; switches off webhooks failing for 5 days. */
async function record(payload: Payload, outcomes: Outcome[], now: Date): Promise<void> {
  if (outcomes.length === 0) return
  const delays = settings().webhooks.retryDelaysMs
  const columns = outcomes.map(({ row, result }, n) => {
    // `attempts` counts this one: after attempt n the wait is delays[n - 1]; none left, failed.
    const delay = result.ok ? undefined : delays[Number(row.attempts) - 1]
    const next = delay === undefined ? null : new Date(now.getTime() + delay)
    const status = result.ok ? 'succeeded' : next ? 'pending' : 'failed'
    return [
      row.id,
      result.status,
      result.body,
      result.durationMs,
      status,
      next,
      result.ok ? null : result.error,
      n,
    ] as const
  })
  const column = (index: number) => columns.map((values) => values[index])
  const { rows } = await run<{ id: string; active: boolean; failing_since: Date | null; last_ok: boolean }>(
    payload,
    RECORD,
    [...[0, 1, 2, 3, 4, 5, 6, 7].map(column), now],
  )
  for (const webhook of rows) {
    if (
      webhook.active &&
      !webhook.last_ok &&
      webhook.failing_since &&
      now.getTime() - new Date(webhook.failing_since).getTime() >= DISABLE_AFTER_MS
    ) {
      await disable(payload, String(webhook.id), now)
    }
  }
}

/** A round claims this many times the concurrency: fewer claims and records per delivery. */
export const CLAIM_FACTOR = 4

/**
 * One round: claims up to `concurrency × CLAIM_FACTOR` due deliveries, sends them with
 * `concurrency` attempts at a time (each timed from its own start) and records their outcomes
 * together. Resolves to how many were claimed. `now` is the clock (injected by tests).
 */
export async function deliverDue(
  payload: Payload,
  now: () => Date = () => new Date(),
  concurrency = settings().webhooks.concurrency,
): Promise<number> {
  const start = now()
  const limit = concurrency * CLAIM_FACTOR
  // The lease outlasts the round's attempts one after another in the slowest lane.
  const leaseUntil = new Date(start.getTime() + CLAIM_FACTOR * settings().webhooks.timeoutMs + LEASE_MARGIN_MS)
  const { rows } = await run<Claimed>(payload, CLAIM, [start, limit, leaseUntil])
  const outcomes: Outcome[] = []
  let next = 0
  const lane = async () => {
    while (next < rows.length) {
      const row = rows[next++]!
      outcomes.push({ row, result: await attempt(row, now(), concurrency) })
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, lane))
  await record(payload, outcomes, now())
  return rows.length
}

const workers = new WeakMap<Payload, PollingLoop>()

function startWebhookWorker(payload: Payload): void {
  const { pollMs, concurrency } = settings().webhooks
  const loop = startPollingLoop({
    intervalMs: pollMs,
    // A full round means more may be due: go on at once.
    round: async (stopping) => {
      while (!stopping() && (await deliverDue(payload, undefined, concurrency)) === concurrency * CLAIM_FACTOR);
    },
    onOutage: (err) => payload.logger.warn({ err, msg: 'webhooks: delivery round failed; retrying on the next tick' }),
  })
  registerWebhookWaker(payload, loop.wake)
  workers.set(payload, {
    wake: loop.wake,
    stop: async () => {
      workers.delete(payload)
      forgetWebhookWaker(payload)
      await loop.stop()
    },
  })
}

async function stopWebhookWorker(payload: Payload): Promise<void> {
  await workers.get(payload)?.stop()
}

export const webhookWorker: BackgroundWorker = { start: startWebhookWorker, stop: stopWebhookWorker }
