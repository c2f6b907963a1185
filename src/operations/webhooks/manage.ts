// The admin API's webhooks (docs/api.md "Webhooks (/api/admin/webhooks)", /api/admin/webhooks): each mutation one
// transaction with its audit entry `webhook.<action>` (never the secret in it). The URL is
// checked against the target rules (src/lib/webhooks/target.ts) before the transaction opens:
// resolving a name can take a while and needs no row lock.
import type { PayloadRequest } from 'payload'

import { isUuid } from '../../../domain/ids'
import { type ALL_EVENTS, PREVIOUS_SECRET_MS, type WebhookEvent, WEBHOOKS_COLLECTION } from '../../../domain/webhooks'
import { writeAudit } from '../../../hooks/shared/audit'
import { emitTo, wakeAfterCommit } from '../../../hooks/shared/webhookEvents'
import { invalidRequest, notFound } from '../../lib/http/errors'
import { paginated, type Pagination } from '../../lib/http/pagination'
import { run, runIn, statement } from '../../lib/prepared'
import { settings } from '../../lib/settings'
import { inTransaction } from '../../lib/transaction'
import { newWebhookSecret } from '../../lib/webhooks/signature'
import { targetProblem } from '../../lib/webhooks/target'
import type { Webhook } from '../../payload-types'
import { type DeliveryView, presentDelivery, presentWebhook, type WebhookView } from './present'

export interface WebhookInput {
  url?: string
  events?: Array<WebhookEvent | typeof ALL_EVENTS>
  description?: string | null
  active?: boolean
}

const RECENT_DELIVERIES = statement(
  'webhook-recent-deliveries',
  `SELECT id, event, status, attempts, response_status, duration_ms, next_attempt_at, created_at
   FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY seq DESC LIMIT 50`,
)
const DELETE_DELIVERIES = statement('webhook-delete-deliveries', `DELETE FROM webhook_deliveries WHERE webhook_id = $1`)
const ONE_DELIVERY = statement(
  'webhook-one-delivery',
  `SELECT id, webhook_id, event, message_id, record_key, body FROM webhook_deliveries WHERE id = $1`,
)
const REDELIVER = statement(
  'webhook-redeliver',
  `INSERT INTO webhook_deliveries (webhook_id, event, message_id, record_key, body, status, attempts, next_attempt_at, updated_at, created_at)
   SELECT webhook_id, event, message_id, record_key, body, 'pending', 0, $2, $2, $2 FROM webhook_deliveries WHERE id = $1
   RETURNING id`,
)

async function checkUrl(url: string): Promise<void> {
  const { allowHttp, allowPrivate } = settings().webhooks
  const problem = await targetProblem(url, { allowHttp, allowPrivate })
  if (problem) throw invalidRequest(`url: ${problem}`, [{ path: 'url', message: problem }])
}

async function findWebhook(req: PayloadRequest, id: string): Promise<Webhook> {
  const doc = isUuid(id)
    ? await req.payload.findByID({
        collection: WEBHOOKS_COLLECTION,
        id,
        depth: 0,
        joins: false,
        disableErrors: true,
        overrideAccess: false,
        req,
      })
    : null
  if (!doc) throw notFound('Webhook not found')
  return doc
}

export async function listWebhooks(req: PayloadRequest, page: Pagination) {
  const result = await req.payload.find({
    collection: WEBHOOKS_COLLECTION,
    sort: '-createdAt',
    page: page.page,
    limit: page.perPage,
    depth: 0,
    joins: false,
    overrideAccess: false,
    req,
  })
  return paginated('webhooks', result.docs.map(presentWebhook), result.totalDocs, page)
}

export async function getWebhook(
  req: PayloadRequest,
  id: string,
): Promise<{ webhook: WebhookView; deliveries: DeliveryView[] }> {
  const webhook = presentWebhook(await findWebhook(req, id))
  const { rows } = await run<Record<string, unknown>>(req.payload, RECENT_DELIVERIES, [webhook.id])
  return { webhook, deliveries: rows.map(presentDelivery) }
}

/** What the audit entry says of a webhook: its settings, never its secret. */
const auditData = (view: WebhookView) => ({
  url: view.url,
  events: view.events,
  description: view.description,
  active: view.active,
})

export async function createWebhook(
  req: PayloadRequest,
  input: Required<Pick<WebhookInput, 'url' | 'events'>> & WebhookInput,
): Promise<{ webhook: WebhookView; secret: string }> {
  await checkUrl(input.url)
  const secret = newWebhookSecret()
  return inTransaction(req, async () => {
    const doc = await req.payload.create({
      collection: WEBHOOKS_COLLECTION,
      data: {
        url: input.url,
        events: input.events,
        description: input.description ?? null,
        active: input.active ?? true,
        secret,
      },
      depth: 0,
      // The collection's create access is nobody: this operation is the one way in (admins only, by its endpoint).
      overrideAccess: true,
      req,
    })
    const webhook = presentWebhook(doc)
    await writeAudit(req, {
      action: 'webhook.create',
      targetType: WEBHOOKS_COLLECTION,
      targetId: webhook.id,
      data: auditData(webhook),
    })
    return { webhook, secret }
  })
}

export async function updateWebhook(
  req: PayloadRequest,
  id: string,
  input: WebhookInput,
): Promise<{ webhook: WebhookView }> {
  if (input.url !== undefined) await checkUrl(input.url)
  return inTransaction(req, async () => {
    await findWebhook(req, id)
    // Switched back on: its failures so far no longer count towards switching it off.
    const data = { ...input, ...(input.active === true ? { failingSince: null } : {}) }
    const doc = await req.payload.update({
      collection: WEBHOOKS_COLLECTION,
      id,
      data,
      depth: 0,
      overrideAccess: true,
      req,
    })
    const webhook = presentWebhook(doc)
    await writeAudit(req, {
      action: 'webhook.update',
      targetType: WEBHOOKS_COLLECTION,
      targetId: id,
      data: auditData(webhook),
    })
    return { webhook }
  })
}

export async function deleteWebhook(req: PayloadRequest, id: string): Promise<{ success: true }> {
  return inTransaction(req, async () => {
    const before = presentWebhook(await findWebhook(req, id))
    // Its log goes with it (pending deliveries included: nobody to send them to).
    await runIn(req, DELETE_DELIVERIES, [id])
    await req.payload.delete({ collection: WEBHOOKS_COLLECTION, id, depth: 0, overrideAccess: true, req })
    await writeAudit(req, {
      action: 'webhook.delete',
      targetType: WEBHOOKS_COLLECTION,
      targetId: id,
      data: auditData(before),
    })
    return { success: true as const }
  })
}

/** A new secret; the current one keeps signing beside it for 24 h, so receivers can switch. */
export async function rotateSecret(req: PayloadRequest, id: string, now = new Date()): Promise<{ secret: string }> {
  return inTransaction(req, async () => {
    await findWebhook(req, id)
    const current = await req.payload.findByID({
      collection: WEBHOOKS_COLLECTION,
      id,
      depth: 0,
      joins: false,
      showHiddenFields: true,
      overrideAccess: true,
      req,
    })
    const secret = newWebhookSecret()
    await req.payload.update({
      collection: WEBHOOKS_COLLECTION,
      id,
      data: {
        secret,
        previousSecret: current.secret,
        previousSecretUntil: new Date(now.getTime() + PREVIOUS_SECRET_MS).toISOString(),
      },
      depth: 0,
      overrideAccess: true,
      req,
    })
    await writeAudit(req, {
      action: 'webhook.rotate_secret',
      targetType: WEBHOOKS_COLLECTION,
      targetId: id,
      data: { previousSecretUntil: new Date(now.getTime() + PREVIOUS_SECRET_MS).toISOString() },
    })
    return { secret }
  })
}

/** A `webhook.test` delivery to this webhook, whatever it subscribes to and even when inactive. */
export async function testWebhook(req: PayloadRequest, id: string): Promise<{ success: true; deliveryId: string }> {
  return inTransaction(req, async () => {
    const webhook = presentWebhook(await findWebhook(req, id))
    const deliveryId = await emitTo(
      req,
      webhook.id,
      'webhook.test',
      { type: WEBHOOKS_COLLECTION, id: webhook.id },
      { webhook },
    )
    await writeAudit(req, {
      action: 'webhook.test',
      targetType: WEBHOOKS_COLLECTION,
      targetId: webhook.id,
      data: { deliveryId },
    })
    return { success: true as const, deliveryId }
  })
}

/** The same message again (same `webhook-id`, same body), as a new pending delivery. */
export async function redeliver(
  req: PayloadRequest,
  deliveryId: string,
): Promise<{ success: true; deliveryId: string }> {
  return inTransaction(req, async () => {
    const original = isUuid(deliveryId)
      ? (
          await runIn<{ id: string; webhook_id: string; event: string; message_id: string }>(req, ONE_DELIVERY, [
            deliveryId,
          ])
        ).rows[0]
      : undefined
    if (!original) throw notFound('Delivery not found')
    const copy = (await runIn<{ id: string }>(req, REDELIVER, [deliveryId, new Date()])).rows[0]!
    await writeAudit(req, {
      action: 'webhook.redeliver',
      targetType: WEBHOOKS_COLLECTION,
      targetId: String(original.webhook_id),
      data: { deliveryId, newDeliveryId: copy.id, event: original.event, messageId: original.message_id },
    })
    wakeAfterCommit(req)
    return { success: true as const, deliveryId: copy.id }
  })
}
