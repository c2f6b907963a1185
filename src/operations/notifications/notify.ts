// The one writer of notifications. Joins the caller's transaction through `req`, so a
// notification exists exactly when the change it reports was committed. One prepared INSERT
// (no Local API create building its query and reading the row back): the collection has no
// hooks and its create access is `nobody`, so this is the only way a row is made.
import type { PayloadRequest } from 'payload'

import { runIn, statement } from '../../lib/prepared'

export const NOTIFICATION_TYPES = ['booking', 'moderation', 'report_resolved', 'webhook'] as const
export type NotificationType = (typeof NOTIFICATION_TYPES)[number]

export interface NotificationInput {
  userId: string
  type: NotificationType
  title: string
  body: string
  targetType?: string
  targetId?: string
}

// The columns of collections/Notifications.ts; timestamps from the clock, as Payload sets them.
const INSERT_NOTIFICATION = statement(
  'notification-insert',
  `INSERT INTO notifications (user_id_id, type, title, body, target_type, target_id, updated_at, created_at)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
)

export async function notify(req: PayloadRequest, input: NotificationInput): Promise<void> {
  await runIn(req, INSERT_NOTIFICATION, [input.userId, input.type, input.title, input.body, input.targetType ?? null, input.targetId ?? null, new Date().toISOString()])
}
