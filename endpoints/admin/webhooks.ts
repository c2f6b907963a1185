// GET                 /api/admin/webhooks[?id=…] → {webhooks, total, page, perPage, totalPages} | {webhook, deliveries}
// POST|PATCH|DELETE   /api/admin/webhooks {action: create|update|delete|rotate-secret|test|redeliver, …}
// Admins only (docs/api.md "Admin service catalogue (/api/admin/services)", docs/api.md "Webhooks
// (/api/admin/webhooks)").
import { z } from 'zod'

import { ALL_EVENTS, WEBHOOK_EVENTS } from '../../domain/webhooks'
import { parseInput } from '../../src/lib/http/body'
import { defineEndpoint } from '../../src/lib/http/endpoint'
import { apiError } from '../../src/lib/http/errors'
import { parsePagination } from '../../src/lib/http/pagination'
import { json } from '../../src/lib/http/respond'
import { familyDoc } from '../../src/lib/openapi/routes'
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhooks,
  redeliver,
  rotateSecret,
  testWebhook,
  updateWebhook,
} from '../../src/operations/webhooks/manage'
import { requireAdmin } from '../guards'
import { MUTATION_METHODS, notEmpty, readAction, targetId } from './services/actions'

const PATH = '/admin/webhooks'
const ACTIONS = ['create', 'update', 'delete', 'rotate-secret', 'test', 'redeliver'] as const

const url = z
  .string({ error: 'url must be a string' })
  .min(1, 'url is required')
  .max(2000, 'url is at most 2,000 characters')
// A non-empty subset of the webhook events, or ["*"] for all of them.
const events = z
  .array(z.enum([ALL_EVENTS, ...WEBHOOK_EVENTS], { error: `Unknown event; use ${WEBHOOK_EVENTS.join(', ')} or *` }), {
    error: 'events must be an array of event names',
  })
  .min(1, 'Subscribe to at least one event')
  .transform((list) => [...new Set(list)])
const description = z.string({ error: 'description must be a string' }).max(500).nullable()
const active = z.boolean({ error: 'active must be true or false' })

export const createWebhookBody = z
  .object({ action: z.literal('create'), url, events, description: description.optional(), active: active.optional() })
  .strict()
export const updateWebhookBody = z
  .object({
    action: z.literal('update'),
    id: targetId,
    url: url.optional(),
    events: events.optional(),
    description: description.optional(),
    active: active.optional(),
  })
  .strict()
  .refine((body) => notEmpty(body), 'Nothing to update: send at least one field')
const byId = <A extends string>(action: A) => z.object({ action: z.literal(action), id: targetId }).strict()
export const redeliverBody = z.object({ action: z.literal('redeliver'), deliveryId: targetId }).strict()

export const webhooksEndpoints = [
  ...defineEndpoint(
    PATH,
    'get',
    async (req) => {
      requireAdmin(req)
      const id = req.searchParams.get('id')
      if (id) return json(await getWebhook(req, id))
      return json(await listWebhooks(req, parsePagination(req.searchParams)))
    },
    familyDoc('webhookDocs', 'adminWebhooks'),
  ),

  ...defineEndpoint(
    PATH,
    [...MUTATION_METHODS],
    async (req) => {
      const { action, body } = await readAction(req, ACTIONS, ['update', 'delete', 'rotate-secret', 'test'])
      switch (action) {
        case 'create': {
          const { action: _action, ...input } = parseInput(createWebhookBody, body)
          return json(await createWebhook(req, input), 201)
        }
        case 'update': {
          const { action: _action, id, ...input } = parseInput(updateWebhookBody, body)
          return json(await updateWebhook(req, id, input))
        }
        case 'delete':
          return json(await deleteWebhook(req, parseInput(byId('delete'), body).id))
        case 'rotate-secret':
          return json(await rotateSecret(req, parseInput(byId('rotate-secret'), body).id))
        case 'test':
          return json(await testWebhook(req, parseInput(byId('test'), body).id), 202)
        case 'redeliver': {
          // The target of a redelivery is a delivery: its id missing is the envelope's missing_id.
          if (body.deliveryId === undefined || body.deliveryId === null || body.deliveryId === '')
            throw apiError('missing_id', 'The "redeliver" action needs a "deliveryId"')
          return json(await redeliver(req, parseInput(redeliverBody, body).deliveryId), 202)
        }
      }
    },
    familyDoc('webhookDocs', 'adminWebhooks'),
  ),
]
