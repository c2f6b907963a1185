// The mail of a notification type (every mail that is not about the account itself): it carries the
// one-click unsubscribe headers of its recipient and type, and is queued only while the recipient
// wants that type's mail instantly (docs/api.md "Notification settings").
import type { PayloadRequest } from 'payload'

import type { NotificationType } from '../../../domain/notification-types'
import { mailJobRow, wakeMailAfterCommit } from '../../lib/mail-queue/queue-mail'
import type { OutgoingMail } from '../../lib/mail-queue/send-mail-task'
import { runIn, statement } from '../../lib/prepared'
import { unsubscribeHeaders } from './unsubscribe-token'

export interface NoticeMail extends OutgoingMail {
  recipient: { userId: string; type: NotificationType }
}

// payload_jobs' columns as queue-mail.ts writes them; nothing when the recipient set the type's email to
// anything but `instant` (one primary-key lookup).
export const QUEUE_NOTICE_MAIL = statement(
  'queue-notice-mail',
  `INSERT INTO payload_jobs (input, task_slug, queue, created_at, updated_at)
   SELECT $1::jsonb, $2::enum_payload_jobs_task_slug, $3::varchar, $4::timestamptz, $4::timestamptz
   WHERE NOT EXISTS (
     SELECT 1 FROM notification_settings s WHERE s.user_id = $5::uuid AND s.type = $6::text AND s.email <> 'instant'
   )`,
)

/** The mail as sealed (with its headers), plus the recipient and type the queueing statement checks. */
export function noticeMailRow(req: PayloadRequest, mail: NoticeMail) {
  const { recipient, ...outgoing } = mail
  const headers = { ...outgoing.headers, ...unsubscribeHeaders(req.payload.secret, recipient.userId, recipient.type) }
  return {
    ...mailJobRow(req, { ...outgoing, headers }),
    recipient_id: recipient.userId,
    notification_type: recipient.type,
  }
}

export async function queueNoticeMail(req: PayloadRequest, mail: NoticeMail): Promise<void> {
  const row = noticeMailRow(req, mail)
  await runIn(req, QUEUE_NOTICE_MAIL, [
    row.input,
    row.task_slug,
    row.queue,
    row.created_at,
    row.recipient_id,
    row.notification_type,
  ])
  wakeMailAfterCommit(req)
}
