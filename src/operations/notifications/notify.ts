// The one writer of notifications. Joins the caller's transaction through `req`, so a
// notification exists exactly when the change it reports was committed.
import type { PayloadRequest } from 'payload'

export const NOTIFICATION_TYPES = ['booking', 'moderation'] as const
export type NotificationType = (typeof NOTIFICATION_TYPES)[number]

export interface NotificationInput {
  userId: string
  type: NotificationType
  title: string
  body: string
  targetType?: string
  targetId?: string
}

export async function notify(req: PayloadRequest, input: NotificationInput): Promise<void> {
  await req.payload.create({ collection: 'notifications', data: input, depth: 0, overrideAccess: true, req })
}
