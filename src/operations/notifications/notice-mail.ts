// The mail of a notification type (every mail that is not about the account itself): it carries the
// one-click unsubscribe headers of its recipient and type, and is queued while the recipient wants that
// type's mail instantly, or, for a mail with no inbox item of its own (no digest can list it), unless that
// type's email is off (docs/api.md "Notification settings").
import type { PayloadRequest } from 'payload'

import type { NotificationType } from '../../../domain/notification-types'
import { mailJobRow, wakeMailAfterCommit } from '../../lib/mail-queue/queue-mail'
import type { OutgoingMail } from '../../lib/mail-queue/send-mail-task'
import { runIn, statement } from '../../lib/prepared'
import { type NotificationInput, notificationRow, notify } from './notify'
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

// A notification and the mail about it to one member, in one statement that reads their settings of the type
// once: the inbox item unless their inbox of it is off or they block whoever acted ($8), the mail as
// `QUEUE_NOTICE_MAIL` decides (this mail always has the inbox item, so a digest of an inbox that is on lists it).
const NOTIFY_AND_MAIL = statement(
  'notification-insert-with-mail',
  `WITH s AS (SELECT inbox, email FROM notification_settings WHERE user_id = $1::uuid AND type = $2::text),
   notice AS (
     INSERT INTO notifications (user_id_id, type, title, body, target_type, target_id, updated_at, created_at)
     SELECT $1::uuid, $2::enum_notifications_type, $3::varchar, $4::varchar, $5::varchar, $6::varchar,
       $7::timestamptz, $7::timestamptz
     WHERE NOT EXISTS (SELECT 1 FROM s WHERE NOT s.inbox)
       AND NOT EXISTS (SELECT 1 FROM member_blocks b WHERE b.blocker_id = $1::uuid AND b.blocked_id = $8::uuid)
   )
   INSERT INTO payload_jobs (input, task_slug, queue, created_at, updated_at)
   SELECT $9::jsonb, $10::enum_payload_jobs_task_slug, $11::varchar, $12::timestamptz, $12::timestamptz
   WHERE NOT EXISTS (SELECT 1 FROM s WHERE s.email = 'off' OR (s.email <> 'instant' AND s.inbox))`,
)

/**
 * `notice` and `mail` (either may be null): to one member about one type, one statement and one read of their
 * settings; to two, each its own.
 */
export async function notifyWithMail(
  req: PayloadRequest,
  notice: NotificationInput | null,
  mail: NoticeMail | null,
): Promise<void> {
  const together =
    notice &&
    mail &&
    mail.recipient.inInbox &&
    mail.recipient.userId === notice.userId &&
    mail.recipient.type === notice.type
  if (!together) {
    if (notice) await notify(req, notice)
    if (mail) await queueNoticeMail(req, mail)
    return
  }
  const item = notificationRow(notice)
  const job = noticeMailRow(req, mail)
  await runIn(req, NOTIFY_AND_MAIL, [
    item.user_id_id,
    item.type,
    item.title,
    item.body,
    item.target_type,
    item.target_id,
    item.created_at,
    notice.actorId === undefined ? (req.user ? String(req.user.id) : null) : notice.actorId,
    job.input,
    job.task_slug,
    job.queue,
    job.created_at,
  ])
  wakeMailAfterCommit(req)
}
