// What a new booking records, whichever path made it (API-CONTRACT §4, §15): the audit entry
// `booking.create` with the document, the provider's notification, the customer's "received"
// mail and the `booking.created` webhook event, all in the booking's transaction. The
// collection's afterChange hook (collections/Bookings/hooks/recordChange.ts) calls it for
// bookings made through Payload (admin panel, stock REST); the public booking, which writes
// its row itself (insert-booking.ts), calls it directly.
import type { PayloadRequest } from 'payload'

import { BOOKINGS_COLLECTION } from '../../../domain/bookings'
import { writeAudit } from '../../../hooks/shared/audit'
import { emitEvent } from '../../../hooks/shared/webhookEvents'
import { mailToCustomer } from './mails'
import { noticeToProvider } from './notices'
import { presentBooking } from './present'

export async function recordBookingCreated(req: PayloadRequest, doc: Record<string, unknown>): Promise<void> {
  const facts = { ...presentBooking(doc), providerResponse: (doc.providerResponse as string | null) ?? null }
  await writeAudit(req, { action: 'booking.create', targetType: BOOKINGS_COLLECTION, targetId: facts.id, data: doc })
  await noticeToProvider(req, facts)
  await mailToCustomer(req, facts, 'received')
  await emitEvent(req, 'booking.created', { type: BOOKINGS_COLLECTION, id: facts.id }, { ...facts, updatedAt: doc.updatedAt ?? null })
}
