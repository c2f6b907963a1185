import type { CollectionConfig } from 'payload'

import { isAdmin } from '../access/isAdmin'
import { nobody } from '../access/nobody'
import { DELIVERIES_COLLECTION, DELIVERY_STATUSES, WEBHOOKS_COLLECTION } from '../domain/webhooks'

// The outbox and the delivery log in one (docs/api.md "Webhooks (/api/admin/webhooks)"): a row per event and subscribed
// webhook, written in the transaction of the change (hooks/shared/webhookEvents.ts), sent
// and retried by the delivery worker (src/operations/webhooks/deliver.ts), then kept as the
// log. Rows are written by SQL only; admins read them. The table also has a `seq` identity
// column (the order of the outbox) and a `locked_until` lease, outside Payload's schema
// (migration 20261127_webhooks).
export const WebhookDeliveries: CollectionConfig<typeof DELIVERIES_COLLECTION> = {
  slug: DELIVERIES_COLLECTION,
  admin: {
    useAsTitle: 'event',
    defaultColumns: ['event', 'webhook', 'status', 'attempts', 'responseStatus', 'createdAt'],
  },
  access: { read: isAdmin, create: nobody, update: nobody, delete: nobody },
  defaultSort: '-createdAt',
  fields: [
    { name: 'webhook', type: 'relationship', relationTo: WEBHOOKS_COLLECTION, required: true, index: true },
    { name: 'event', type: 'text', required: true },
    // The `webhook-id` header: the same for every attempt and redelivery of this message.
    { name: 'messageId', type: 'text', required: true, index: true },
    // Deliveries of one record to one webhook go in order (bookings:<id>, …).
    { name: 'recordKey', type: 'text', required: true },
    { name: 'body', type: 'json', required: true },
    { name: 'status', type: 'select', required: true, defaultValue: 'pending', options: [...DELIVERY_STATUSES] },
    { name: 'attempts', type: 'number', required: true, defaultValue: 0 },
    { name: 'nextAttemptAt', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'responseStatus', type: 'number' },
    { name: 'responseBody', type: 'textarea' },
    { name: 'error', type: 'text' },
    { name: 'durationMs', type: 'number' },
  ],
}
