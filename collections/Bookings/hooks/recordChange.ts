import type { CollectionAfterChangeHook } from 'payload'

import { actionFor, type BookingAction, BOOKINGS_COLLECTION } from '../../../domain/bookings'
import type { WebhookEvent } from '../../../domain/webhooks'
import { changedFields, writeAudit } from '../../../hooks/shared/audit'
import { emitEvent } from '../../../hooks/shared/webhookEvents'
import { recordBookingCreated } from '../../../src/operations/bookings/booking-created'
import { customerMail } from '../../../src/operations/bookings/mails'
import { noticeToCustomer } from '../../../src/operations/bookings/notices'
import { presentBooking } from '../../../src/operations/bookings/present'
import { movedFromKey } from './guardStatusMove'

/** The webhook event of each move (docs/api.md "Webhooks (/api/admin/webhooks)"). */
const EVENT_OF: Record<BookingAction, WebhookEvent> = {
  confirm: 'booking.confirmed',
  cancel: 'booking.cancelled',
  complete: 'booking.completed',
  no_show: 'booking.no_show',
  respond: 'booking.responded',
}

/**
 * Audit, notifications and mail of a booking change, in its transaction, whatever the path:
 * `booking.create`, a notice to the provider and a "received" mail to the customer
 * (booking-created.ts, which the public booking calls itself); a status move
 * `booking.<action>`, a notice and a mail to the customer; a new provider response
 * `booking.respond` and a notice; any other edit `booking.update`. Webhook events
 * (docs/api.md "Webhooks (/api/admin/webhooks)") go into the outbox here too:
 * `booking.created` and one per move or response.
 */
export const recordChange: CollectionAfterChangeHook = async ({ context, doc, operation, previousDoc, req }) => {
  const key = movedFromKey(doc.id)
  const movedFrom = context[key] as string | undefined
  delete context[key]
  if (context.skipAudit) return doc
  if (operation === 'create') {
    await recordBookingCreated(req, doc)
    return doc
  }
  const facts = { ...presentBooking(doc), providerResponse: (doc.providerResponse as string | null) ?? null }
  const entry = { targetType: BOOKINGS_COLLECTION, targetId: facts.id }
  const record = { type: BOOKINGS_COLLECTION, id: facts.id }
  const changes = changedFields(previousDoc, doc)
  const moved = movedFrom !== undefined ? actionFor(movedFrom, doc.status) : null
  // The admin API's `respond` counts even when it repeats the text already stored.
  const responded =
    context.bookingAction === 'respond' || ('providerResponse' in changes && Boolean(doc.providerResponse))
  const action = moved ?? (responded ? 'respond' : null)
  if (!action) {
    await writeAudit(req, { action: 'booking.update', ...entry, data: changes })
    return doc
  }
  await writeAudit(req, {
    action: `booking.${action}`,
    ...entry,
    data: { ...(moved ? { from: movedFrom, to: doc.status } : {}), ...changes },
  })
  const mail = moved
    ? await customerMail(req, { ...facts, rescheduleCount: Number(doc.rescheduleCount ?? 0) }, moved)
    : null
  await noticeToCustomer(req, facts, action, mail)
  // Every cancel through this hook is the provider's side (an admin's included); the customer's own is own-moves.ts.
  const by = action === 'cancel' ? { cancelledBy: 'provider' } : {}
  await emitEvent(req, EVENT_OF[action], record, { ...facts, ...by, updatedAt: doc.updatedAt ?? null })
  return doc
}
