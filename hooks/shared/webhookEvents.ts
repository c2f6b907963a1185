// The outbox (docs/api.md "Webhooks (/api/admin/webhooks)"): an event is written in the transaction of the change it
// reports, as one INSERT … SELECT that makes a delivery row for every active webhook
// subscribed to it: one round trip whatever the number of webhooks, none of them read into
// JavaScript, nothing written when nobody listens. A rolled-back change leaves no row; a
// committed one is in the table for the delivery worker (src/operations/webhooks/deliver.ts), whichever instance
// or restart picks it up. The worker is woken after the commit so the happy path sends at once.
import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, PayloadRequest } from 'payload'

import type { WebhookData, WebhookEvent } from '../../domain/webhooks'
import { runIn, statement } from '../../src/lib/prepared'
import { afterCommit } from '../../src/lib/transaction'
import { wakeWebhookWorker } from '../../src/lib/webhooks/wake'

// `webhook-id` values as the Standard Webhooks examples make them: msg_ and a random id.
const MESSAGE_ID = `'msg_' || replace(gen_random_uuid()::text, '-', '')`

export const EMIT = statement(
  'webhook-emit',
  `INSERT INTO webhook_deliveries (webhook_id, event, message_id, record_key, body, status, attempts, next_attempt_at, updated_at, created_at)
   SELECT w.id, $1::text, ${MESSAGE_ID}, $2, $3::jsonb, 'pending', 0, $4, $4, $4
   FROM webhooks w
   WHERE w.active AND EXISTS (SELECT 1 FROM webhooks_events e WHERE e.parent_id = w.id AND e.value::text IN ($1::text, '*'))`,
)

const EMIT_TO_ONE = statement(
  'webhook-emit-one',
  `INSERT INTO webhook_deliveries (webhook_id, event, message_id, record_key, body, status, attempts, next_attempt_at, updated_at, created_at)
   VALUES ($5, $1, ${MESSAGE_ID}, $2, $3::jsonb, 'pending', 0, $4, $4, $4)
   RETURNING id`,
)

export interface EventRecord {
  /** The collection or kind of the record (`bookings`, a content type…): deliveries of one record go in order. */
  type: string
  id: string
}

const bodyOf = (event: WebhookEvent, data: object, at: Date) =>
  JSON.stringify({ type: event, timestamp: at.toISOString(), data })

/**
 * What EMIT takes, as one object (the booking's one-statement write passes it to its PL/pgSQL function, which makes the
 * same rows).
 */
export function outboxEvent<E extends WebhookEvent>(event: E, record: EventRecord, data: WebhookData<E>) {
  const at = new Date()
  return {
    event,
    record_key: `${record.type}:${record.id}`,
    body: JSON.parse(bodyOf(event, data, at)) as unknown,
    at: at.toISOString(),
  }
}

/** Wakes this instance's delivery worker once the transaction commits. */
export function wakeAfterCommit(req: PayloadRequest): void {
  const { payload } = req
  afterCommit(req, () => wakeWebhookWorker(payload))
}

/**
 * Queues `event` for every subscribed webhook, in the transaction `req` is in. `data`: the record as the admin API
 * shows it, no secret in it.
 */
export async function emitEvent<E extends WebhookEvent>(
  req: PayloadRequest,
  event: E,
  record: EventRecord,
  data: WebhookData<E>,
): Promise<void> {
  const now = new Date()
  const { rowCount } = await runIn(req, EMIT, [event, `${record.type}:${record.id}`, bodyOf(event, data, now), now])
  if (rowCount > 0) wakeAfterCommit(req)
}

/** Queues `event` for one webhook whatever it subscribes to (`webhook.test`); the delivery's id. */
export async function emitTo<E extends WebhookEvent>(
  req: PayloadRequest,
  webhookId: string,
  event: E,
  record: EventRecord,
  data: WebhookData<E>,
): Promise<string> {
  const now = new Date()
  const { rows } = await runIn<{ id: string }>(req, EMIT_TO_ONE, [
    event,
    `${record.type}:${record.id}`,
    bodyOf(event, data, now),
    now,
    webhookId,
  ])
  wakeAfterCommit(req)
  return rows[0]!.id
}

// The hooks below put a collection's changes into the outbox, whichever path made them (admin
// API, panel, stock REST). Like the audit hooks, they stand aside when an operation sets
// `req.context.skipAudit`: that operation reports the change itself (or the write is
// bookkeeping of one already reported).
type Doc = Record<string, unknown>

export interface CollectionEvents {
  create?: WebhookEvent
  update?: WebhookEvent
  delete?: WebhookEvent
  /** The record as the event carries it (default: the document). */
  present?: (doc: Doc, collection: string) => object
}

export function webhookEventHooks(events: CollectionEvents): {
  afterChange: CollectionAfterChangeHook
  afterDelete: CollectionAfterDeleteHook
} {
  // Documents are untyped here: the tests check the bodies queued against the events' schemas.
  const present = (events.present ?? ((doc: Doc) => doc)) as (doc: Doc, collection: string) => WebhookData<WebhookEvent>
  return {
    afterChange: async ({ collection, context, doc, operation, req }) => {
      const event = operation === 'create' ? events.create : events.update
      // A draft changes nothing subscribers can see until it is published (docs/api.md "Drafts").
      if (event && !context.skipAudit && (doc as Doc)._status !== 'draft')
        await emitEvent(req, event, { type: collection.slug, id: String(doc.id) }, present(doc as Doc, collection.slug))
      return doc
    },
    afterDelete: async ({ collection, context, doc, id, req }) => {
      if (events.delete && !context.skipAudit)
        await emitEvent(
          req,
          events.delete,
          { type: collection.slug, id: String(id) },
          present(doc as Doc, collection.slug),
        )
      return doc
    },
  }
}
