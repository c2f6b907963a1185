// What a new booking records, whichever door made it (audit entry, notification, mail, webhook event): one
// description for the collection's hook and for the public booking's one statement.
import type { PayloadRequest } from 'payload'

import { BOOKINGS_COLLECTION } from '../../../domain/bookings'
import type { WebhookData } from '../../../domain/webhooks'
import { type AuditEntry, writeAudit } from '../../../hooks/shared/audit'
import { emitEvent, type EventRecord } from '../../../hooks/shared/webhookEvents'
import { type NoticeMail, queueNoticeMail } from '../notifications/notice-mail'
import { type NotificationInput, notify } from '../notifications/notify'
import { customerMail } from './mails'
import { providerNotice } from './notices'
import { presentBooking } from './present'

export interface BookingCreatedRecords {
  audit: AuditEntry
  notice: NotificationInput | null
  mail: NoticeMail | null
  event: { name: 'booking.created'; record: EventRecord; data: WebhookData<'booking.created'> }
}

export async function bookingCreatedRecords(
  req: PayloadRequest,
  doc: Record<string, unknown>,
): Promise<BookingCreatedRecords> {
  const facts = { ...presentBooking(doc), providerResponse: (doc.providerResponse as string | null) ?? null }
  return {
    audit: { action: 'booking.create', targetType: BOOKINGS_COLLECTION, targetId: facts.id, data: doc },
    notice: await providerNotice(req, facts),
    mail: await customerMail(req, facts, 'received'),
    event: {
      name: 'booking.created',
      record: { type: BOOKINGS_COLLECTION, id: facts.id },
      data: { ...facts, updatedAt: (doc.updatedAt as string | undefined) ?? null },
    },
  }
}

export async function recordBookingCreated(req: PayloadRequest, doc: Record<string, unknown>): Promise<void> {
  const records = await bookingCreatedRecords(req, doc)
  await writeAudit(req, records.audit)
  if (records.notice) await notify(req, records.notice)
  if (records.mail) await queueNoticeMail(req, records.mail)
  await emitEvent(req, records.event.name, records.event.record, records.event.data)
}
