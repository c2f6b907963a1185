// The webhooks' vocabulary (docs/api.md "Webhooks (/api/admin/webhooks)"): the events a webhook
// may subscribe to, the delivery statuses, the collections and the time limits, read by
// collections, hooks and operations alike.
import { z } from 'zod'

export const WEBHOOK_EVENTS = [
  'booking.created',
  'booking.confirmed',
  'booking.cancelled',
  'booking.completed',
  'booking.no_show',
  'booking.responded',
  'booking.rescheduled',
  'waitlist.offered',
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
  'translation.outdated',
  'webhook.test',
] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

const id = z.string()
const nullableText = z.string().nullable()
/** A document as its admin route shows it: the fields named are the ones every reader may rely on. */
const documentWith = <T extends z.ZodRawShape>(shape: T) => z.looseObject({ id, ...shape })

const booking = z.object({
  id,
  serviceId: id.nullable(),
  providerId: id.nullable(),
  customerId: id.nullable(),
  bookingDate: z.string(),
  bookingTime: z.string(),
  endTime: nullableText,
  durationMinutes: z.number().nullable(),
  totalPrice: z.number().nullable(),
  currency: nullableText,
  status: z.string(),
  customerMessage: nullableText,
  providerResponse: nullableText,
  participants: z.number(),
  createdAt: nullableText,
  updatedAt: nullableText,
})
const contentDecision = <K extends string>(by: K) =>
  z
    .object({ postType: z.string(), postId: id, status: z.string(), reason: nullableText, authorId: id.nullable() })
    .extend({ [by]: id } as { [P in K]: typeof id })
const service = documentWith({})

/** The `data` of each event's body (docs/api.md "Events"): the outbox takes only these. */
export const WEBHOOK_PAYLOADS = {
  'booking.created': booking,
  'booking.confirmed': booking,
  'booking.cancelled': booking.extend({
    cancelledBy: z.enum(['customer', 'provider']),
    // The customer's own cancel carries its moment and reason.
    cancelledAt: nullableText.optional(),
    cancellationReason: nullableText.optional(),
  }),
  'booking.completed': booking,
  'booking.no_show': booking,
  'booking.responded': booking,
  'booking.rescheduled': booking.extend({
    previous: z.object({ bookingDate: z.string(), bookingTime: z.string() }),
    rescheduledBy: z.enum(['customer', 'provider']),
  }),
  'waitlist.offered': z.object({
    id,
    serviceId: id,
    customerId: id,
    bookingDate: z.string(),
    bookingTime: z.string(),
    participants: z.number(),
    status: z.literal('offered'),
    holdId: id,
    expiresAt: z.string(),
    createdAt: z.string(),
  }),
  'content.created': documentWith({ postType: z.string() }),
  'content.moderated': contentDecision('moderatedBy'),
  'content.approved': contentDecision('decidedBy'),
  'content.rejected': contentDecision('decidedBy'),
  'report.created': z.object({
    id,
    postType: z.string(),
    postId: id,
    reason: z.string(),
    details: nullableText,
    status: z.string(),
    createdAt: z.string(),
  }),
  'report.resolved': z.object({
    postType: z.string(),
    postId: id,
    status: z.enum(['actioned', 'dismissed']),
    reportsClosed: z.int(),
    decisionId: id,
    outcome: z.string(),
    reason: nullableText,
    resolvedAt: z.string(),
  }),
  'appeal.created': z.object({
    id,
    postType: z.string(),
    postId: id,
    status: z.string(),
    createdAt: z.string(),
    decisionId: id,
    appellantId: id,
  }),
  'appeal.decided': documentWith({ status: z.string() }),
  'service.created': service,
  'service.updated': service,
  'service.deleted': service,
  'user.created': z.object({
    id,
    email: z.string(),
    name: nullableText,
    username: nullableText,
    emailVerified: z.boolean(),
    roles: z.array(z.string()),
    createdAt: z.string(),
    // An account an admin made carries the rest of the admin API's user.
    image: nullableText.optional(),
    banned: z.boolean().optional(),
    banReason: nullableText.optional(),
    banExpires: nullableText.optional(),
    updatedAt: z.string().optional(),
  }),
  'translation.outdated': z.object({
    type: z.enum(['service', 'category']),
    id,
    lang: z.string(),
    texts: z.array(z.string()).min(1),
  }),
  'webhook.test': z.object({
    webhook: z.object({
      id,
      url: z.string(),
      events: z.array(z.string()),
      description: nullableText,
      active: z.boolean(),
      createdAt: z.string(),
      lastDeliveryAt: nullableText,
      failingSince: nullableText,
    }),
  }),
} satisfies Record<WebhookEvent, z.ZodType<Record<string, unknown>>>

/** The `data` an event carries, as its writer passes it. */
export type WebhookData<E extends WebhookEvent> = z.input<(typeof WEBHOOK_PAYLOADS)[E]>

/** Why a queued body `{type, timestamp, data}` does not match its event's schema, or null when it does. */
export function webhookBodyProblem(body: unknown): string | null {
  const { type, timestamp, data } = (body ?? {}) as { type?: unknown; timestamp?: unknown; data?: unknown }
  if (typeof type !== 'string' || !Object.hasOwn(WEBHOOK_PAYLOADS, type)) return `undeclared event ${String(type)}`
  if (typeof timestamp !== 'string' || Number.isNaN(Date.parse(timestamp))) {
    return `${type}: timestamp ${String(timestamp)}`
  }
  const result = (WEBHOOK_PAYLOADS[type as WebhookEvent] as z.ZodType).safeParse(data)
  if (result.success) return null
  return `${type}: ${result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`
}

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
