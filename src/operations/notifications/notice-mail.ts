// The mail of a notification type (every mail that is not about the account itself): it carries the
// one-click unsubscribe headers of its recipient and type, and is queued while the recipient wants that
// type's mail instantly, or, for a mail with no inbox item of its own (no digest can list it), unless that
// type's email is off (docs/api.md "Notification settings").
import type { PayloadRequest } from 'payload'

import type { NotificationType } from '../../../domain/notification-types'
import { mailJobRow, wakeMailAfterCommit } from '../../lib/mail-queue/queue-mail'
import type { OutgoingMail } from '../../lib/mail-queue/send-mail-task'
import { runIn, statement } from '../../lib/prepared'
import { unsubscribeHeaders } from './unsubscribe-token'

export interface NoticeMail extends OutgoingMail {
  /** `inInbox`: the recipient also gets an inbox item about it, which their digest lists instead. */
  recipient: { userId: string; type: NotificationType; inInbox: boolean }
}

// payload_jobs' columns as queue-mail.ts writes them; nothing when the recipient set the type's email off, or
// to a digest that lists this mail's inbox item ($7: it has one, and their inbox of the type is on).
export const QUEUE_NOTICE_MAIL = statement(
  'queue-notice-mail',
  `INSERT INTO payload_jobs (input, task_slug, queue, created_at, updated_at)
   SELECT $1::jsonb, $2::enum_payload_jobs_task_slug, $3::varchar, $4::timestamptz, $4::timestamptz
   WHERE NOT EXISTS (
     SELECT 1 FROM notification_settings s WHERE s.user_id = $5::uuid AND s.type = $6::text
       AND (s.email = 'off' OR (s.email <> 'instant' AND $7::boolean AND s.inbox))
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
    in_inbox: recipient.inInbox,
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
    row.in_inbox,
  ])
  wakeMailAfterCommit(req)
}
