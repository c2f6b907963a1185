// Webhook events of a collection's changes (API-CONTRACT §15), written to the outbox in the
// change's transaction, whichever path made it (admin API, panel, stock REST). Like the audit
// hooks, they stand aside when an operation sets `req.context.skipAudit`: that operation
// reports the change itself (or the write is bookkeeping of one already reported).
import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'

import { emitEvent } from '../../src/operations/webhooks/emit'
import type { WebhookEvent } from '../../src/operations/webhooks/events'

type Doc = Record<string, unknown>

export interface CollectionEvents {
  create?: WebhookEvent
  update?: WebhookEvent
  delete?: WebhookEvent
  /** The record as the event carries it (default: the document). */
  present?: (doc: Doc, collection: string) => Doc
}

export function webhookEventHooks(events: CollectionEvents): { afterChange: CollectionAfterChangeHook; afterDelete: CollectionAfterDeleteHook } {
  const present = events.present ?? ((doc: Doc) => doc)
  return {
    afterChange: async ({ collection, context, doc, operation, req }) => {
      const event = operation === 'create' ? events.create : events.update
      if (event && !context.skipAudit) await emitEvent(req, event, { type: collection.slug, id: String(doc.id) }, present(doc as Doc, collection.slug))
      return doc
    },
    afterDelete: async ({ collection, context, doc, id, req }) => {
      if (events.delete && !context.skipAudit) await emitEvent(req, events.delete, { type: collection.slug, id: String(id) }, present(doc as Doc, collection.slug))
      return doc
    },
  }
}
