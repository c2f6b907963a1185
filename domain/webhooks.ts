// The webhooks' vocabulary (docs/api.md "Webhooks (/api/admin/webhooks)"): the events a webhook
// may subscribe to, the delivery statuses, the collections and the time limits, read by
// collections, hooks and operations alike.
export const WEBHOOK_EVENTS = [
  'booking.created',
  'booking.confirmed',
  'booking.cancelled',
  'booking.completed',
  'booking.no_show',
  'booking.responded',
  'booking.rescheduled',
  'content.created',
  'content.moderated',
  'content.approved',
  'content.rejected',
  'report.created',
  'report.resolved',
  'appeal.created',
  'appeal.decided',
  'service.created',
  'service.updated',
  'service.deleted',
  'user.created',
  'webhook.test',
] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

/** A subscription to every event, present and future. */
export const ALL_EVENTS = '*'

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]

export const WEBHOOKS_COLLECTION = 'webhooks'
export const DELIVERIES_COLLECTION = 'webhook-deliveries'

/** A webhook failing without a success for this long is switched off (docs/api.md "Webhooks (/api/admin/webhooks)"). */
export const DISABLE_AFTER_MS = 5 * 24 * 60 * 60 * 1000
/** A rotated-out secret keeps signing beside the new one this long (docs/api.md "Webhooks (/api/admin/webhooks)"). */
export const PREVIOUS_SECRET_MS = 24 * 60 * 60 * 1000
