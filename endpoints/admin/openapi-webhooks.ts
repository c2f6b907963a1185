// The OpenAPI description of /api/admin/webhooks (docs/api.md "Webhooks
// (/api/admin/webhooks)", docs/api.md "Webhooks (/api/admin/webhooks)"), from the endpoint's own
// schemas.
import { z } from 'zod'

import { ALL_EVENTS, DELIVERY_STATUSES, WEBHOOK_EVENTS } from '../../domain/webhooks'
import { id, paginationQuery, timestamp } from '../../src/lib/openapi/common'
import { familyDocs, type PathDocs } from '../../src/lib/openapi/routes'
import { actions, ENVELOPE, page, read } from './services/openapi'
import { createWebhookBody, redeliverBody, updateWebhookBody } from './webhooks'

const TAG = 'Admin: webhooks'

const webhook = z.object({
  id,
  url: z.string(),
  events: z.array(z.enum([ALL_EVENTS, ...WEBHOOK_EVENTS])),
  description: z.string().nullable(),
  active: z.boolean(),
  createdAt: timestamp,
  lastDeliveryAt: timestamp.nullable(),
  failingSince: timestamp
    .nullable()
    .meta({ description: 'The first failure since the last success; 5 days of it switch the webhook off' }),
})

const delivery = z.object({
  id,
  event: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.int(),
  responseStatus: z.int().nullable(),
  durationMs: z.int().nullable(),
  nextAttemptAt: timestamp.nullable(),
  createdAt: timestamp,
})

const secret = z.string().meta({
  description: '`whsec_` + base64 of 24 random bytes; shown only here',
  example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
})
const queued = z.object({ success: z.literal(true), deliveryId: id })
const byId = (action: string) => z.object({ action: z.literal(action), id: z.string() })

export const webhookDocs = familyDocs((): PathDocs => ({
  adminWebhooks: {
    get: read(
      TAG,
      'List webhooks (newest first), or one with ?id= and its last 50 deliveries',
      z.object({
        id: z.string().optional().meta({ description: 'One webhook by id, with its deliveries' }),
        ...paginationQuery,
      }),
      z.union([page('webhooks', webhook), z.object({ webhook, deliveries: z.array(delivery) })]),
      { 404: '`not_found`: no such webhook' },
    ),
    ...actions(
      TAG,
      'create → 201 {webhook, secret}; update → {webhook}; delete → {success}; rotate-secret → {secret} (the old one signs beside it for 24 h); test → 202 (a webhook.test delivery); redeliver {deliveryId} → 202 (the same message again)',
      z.union([
        createWebhookBody,
        updateWebhookBody,
        byId('delete'),
        byId('rotate-secret'),
        byId('test'),
        redeliverBody,
      ]),
      {
        '200': {
          description: 'update, delete, rotate-secret',
          schema: z.union([z.object({ webhook }), z.object({ success: z.literal(true) }), z.object({ secret })]),
        },
        '201': { description: 'create', schema: z.object({ webhook, secret }) },
        '202': { description: 'test, redeliver: queued', schema: queued },
      },
      {
        400: `${ENVELOPE}; \`invalid_request\` also for a URL that is not https (http with WEBHOOKS_ALLOW_HTTP), carries credentials, does not resolve, or resolves to a loopback, private, link-local or multicast address (unless WEBHOOKS_ALLOW_PRIVATE), and for an unknown event name`,
        404: '`not_found`: no such webhook or delivery',
      },
    ),
  },
}))
