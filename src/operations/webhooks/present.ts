// Webhooks and deliveries as the admin API shows them (docs/api.md "Webhooks (/api/admin/webhooks)"): never a secret.
import type { Webhook } from '../../payload-types'

type Doc = Record<string, unknown>

const iso = (value: unknown): string | null => (value == null ? null : new Date(value as string).toISOString())

export interface WebhookView {
  id: string
  url: string
  events: string[]
  description: string | null
  active: boolean
  createdAt: string
  lastDeliveryAt: string | null
  failingSince: string | null
}

export const presentWebhook = (doc: Webhook): WebhookView => ({
  id: String(doc.id),
  url: doc.url,
  events: doc.events ?? [],
  description: doc.description ?? null,
  active: Boolean(doc.active),
  createdAt: iso(doc.createdAt)!,
  lastDeliveryAt: iso(doc.lastDeliveryAt),
  failingSince: iso(doc.failingSince),
})

export interface DeliveryView {
  id: string
  event: string
  status: 'pending' | 'succeeded' | 'failed'
  attempts: number
  responseStatus: number | null
  durationMs: number | null
  nextAttemptAt: string | null
  createdAt: string
}

/** A row of webhook_deliveries (snake_case columns). */
export const presentDelivery = (row: Doc): DeliveryView => ({
  id: String(row.id),
  event: String(row.event),
  status: row.status as DeliveryView['status'],
  attempts: Number(row.attempts),
  responseStatus: row.response_status == null ? null : Number(row.response_status),
  durationMs: row.duration_ms == null ? null : Number(row.duration_ms),
  nextAttemptAt: iso(row.next_attempt_at),
  createdAt: iso(row.created_at)!,
})
