// The one writer of notifications. Joins the caller's transaction through `req`, so a
// notification exists exactly when the change it reports was committed. One prepared INSERT
// (no Local API create building its query and reading the row back): the collection has no
// hooks and its create access is `nobody`, so this is the only way a row is made.
import type { PayloadRequest } from 'payload'

import { NOTIFICATION_TYPES, type NotificationType } from '../../../domain/notification-types'
import { runIn, statement } from '../../lib/prepared'

export { NOTIFICATION_TYPES, type NotificationType }

export interface NotificationInput {
  userId: string
  type: NotificationType
  title: string
  body: string
  targetType?: string
  targetId?: string
  /** Whose action it reports; defaults to the request's user. A recipient who blocks them is not told. */
  actorId?: string | null
}

// The columns of collections/Notifications.ts; timestamps from the clock, as Payload sets them. Nothing is
// written when the recipient turned that type's inbox off (one primary-key lookup).
export const INSERT_NOTIFICATION = statement(
  'notification-insert',
  `INSERT INTO notifications (user_id_id, type, title, body, target_type, target_id, updated_at, created_at)
   SELECT $1::uuid, $2::enum_notifications_type, $3::varchar, $4::varchar, $5::varchar, $6::varchar,
     $7::timestamptz, $7::timestamptz
   WHERE NOT EXISTS (
     SELECT 1 FROM notification_settings s WHERE s.user_id = $1::uuid AND s.type = $2::text AND NOT s.inbox
   )`,
)
// The same, nor when the recipient blocks whoever acted ($8; docs/api.md "Blocking between members"). The booking's
// one statement keeps the one above (its caller leaves the notice out instead).
const INSERT_NOTIFICATION_UNLESS_BLOCKED = statement(
  'notification-insert-unless-blocked',
  `${INSERT_NOTIFICATION.text}
   AND NOT EXISTS (SELECT 1 FROM member_blocks b WHERE b.blocker_id = $1::uuid AND b.blocked_id = $8::uuid)`,
)

/** The notifications row `input` makes, column by column (also for the booking's one-statement write). */
export function notificationRow(input: NotificationInput) {
  const at = new Date().toISOString()
  return {
    user_id_id: input.userId,
    type: input.type,
    title: input.title,
    body: input.body,
    target_type: input.targetType ?? null,
    target_id: input.targetId ?? null,
    updated_at: at,
    created_at: at,
  }
}

export async function notify(req: PayloadRequest, input: NotificationInput): Promise<void> {
  const row = notificationRow(input)
  await runIn(req, INSERT_NOTIFICATION_UNLESS_BLOCKED, [
    row.user_id_id,
    row.type,
    row.title,
    row.body,
    row.target_type,
    row.target_id,
    row.created_at,
    input.actorId === undefined ? (req.user ? String(req.user.id) : null) : input.actorId,
  ])
}
