import type { CollectionConfig } from 'payload'

import { isAdmin } from '../access/isAdmin'
import { nobody } from '../access/nobody'
import { ALL_EVENTS, WEBHOOK_EVENTS, WEBHOOKS_COLLECTION } from '../domain/webhooks'

// Subscriptions of apps to events (docs/api.md "Webhooks (/api/admin/webhooks)"). Made, changed and deleted through
// /api/admin/webhooks only (src/operations/webhooks/manage.ts), which checks the URL against
// its targets' rules, makes and rotates the secret and writes the audit entry; admins read
// them here and in the panel (where "New webhook" and "Send test" call that endpoint). The secrets are hidden fields:
// never in an API answer or the panel.
export const Webhooks: CollectionConfig<typeof WEBHOOKS_COLLECTION> = {
  slug: WEBHOOKS_COLLECTION,
  admin: {
    useAsTitle: 'url',
    defaultColumns: ['url', 'events', 'active', 'lastDeliveryAt', 'failingSince'],
    // Made through /api/admin/webhooks from the panel too: a form above the list, which shows
    // the secret once (the stock create form could not).
    components: { beforeList: ['/src/admin/NewWebhook#NewWebhook'] },
  },
  access: { read: isAdmin, create: nobody, update: nobody, delete: nobody },
  defaultSort: '-createdAt',
  fields: [
    { name: 'url', type: 'text', required: true },
    {
      name: 'events',
      type: 'select',
      hasMany: true,
      required: true,
      options: [ALL_EVENTS, ...WEBHOOK_EVENTS].map((value) => ({ label: value, value })),
    },
    { name: 'description', type: 'text' },
    { name: 'active', type: 'checkbox', required: true, defaultValue: true, index: true },
    { name: 'lastDeliveryAt', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
    // The first failure since the last success: 5 days on, the webhook is switched off.
    { name: 'failingSince', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'secret', type: 'text', required: true, hidden: true },
    // The secret before the last rotation, still signing until previousSecretUntil.
    { name: 'previousSecret', type: 'text', hidden: true },
    { name: 'previousSecretUntil', type: 'date', hidden: true },
    // "Send test": queues a webhook.test delivery through /api/admin/webhooks.
    { name: 'sendTest', type: 'ui', admin: { components: { Field: '/src/admin/SendTestWebhook#SendTestWebhook' } } },
    // The delivery log; no "Add new": deliveries are written by events only.
    {
      name: 'deliveries',
      type: 'join',
      collection: 'webhook-deliveries',
      on: 'webhook',
      defaultSort: '-createdAt',
      defaultLimit: 50,
      admin: { allowCreate: false, defaultColumns: ['event', 'status', 'attempts', 'responseStatus', 'createdAt'] },
    },
  ],
}
