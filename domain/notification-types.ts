// The notification types the service sends and the channels a member sets for each
// (docs/api.md "Notification settings"), read by collections, operations and endpoints alike.
export const NOTIFICATION_TYPES = ['booking', 'moderation', 'report_resolved', 'webhook'] as const
export type NotificationType = (typeof NOTIFICATION_TYPES)[number]

/** `instant`: a mail per notification; `daily`/`weekly`: in the digest instead; `off`: no mail. */
export const EMAIL_CHANNELS = ['instant', 'daily', 'weekly', 'off'] as const
export type EmailChannel = (typeof EMAIL_CHANNELS)[number]

export interface NotificationSetting {
  inbox: boolean
  email: EmailChannel
}

export const DEFAULT_NOTIFICATION_SETTING: NotificationSetting = { inbox: true, email: 'instant' }

/** The types' names in words, for the panel and the digest's headings. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  booking: 'Bookings',
  moderation: 'Moderation of your content',
  report_resolved: 'Your reports resolved',
  webhook: 'Webhook deliveries',
}

export const isNotificationType = (value: string): value is NotificationType =>
  (NOTIFICATION_TYPES as readonly string[]).includes(value)
