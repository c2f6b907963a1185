// A member's notification settings (docs/api.md "Notification settings"): a row per type they changed,
// the default for every other; changing some is one transaction with its audit entry.
import type { Payload, PayloadRequest } from 'payload'

import {
  DEFAULT_NOTIFICATION_SETTING,
  type EmailChannel,
  NOTIFICATION_TYPES,
  type NotificationSetting,
  type NotificationType,
} from '../../../domain/notification-types'
import { writeAudit } from '../../../hooks/shared/audit'
import { run, runIn, statement } from '../../lib/prepared'
import { inTransaction } from '../../lib/transaction'

export type NotificationSettings = Record<NotificationType, NotificationSetting>
export type SettingsChange = Partial<Record<NotificationType, Partial<NotificationSetting>>>

const READ = statement(
  'notification-settings-read',
  'SELECT type, inbox, email FROM notification_settings WHERE user_id = $1',
)

// $3/$4 null: that channel as it was (or the default for a new row). No row for a member who no longer exists.
const UPSERT = statement(
  'notification-settings-upsert',
  `INSERT INTO notification_settings AS s (user_id, type, inbox, email, updated_at)
   SELECT $1::uuid, $2::varchar, coalesce($3::boolean, true), coalesce($4::varchar, 'instant'), $5::timestamptz
   WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = $1::uuid)
   ON CONFLICT (user_id, type) DO UPDATE
   SET inbox = coalesce($3::boolean, s.inbox), email = coalesce($4::varchar, s.email), updated_at = $5`,
)

type Row = { type: string; inbox: boolean; email: EmailChannel }

function settingsOf(rows: Row[]): NotificationSettings {
  const stored = new Map(rows.map((row) => [row.type, row]))
  return Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => {
      const row = stored.get(type)
      return [type, row ? { inbox: row.inbox, email: row.email } : { ...DEFAULT_NOTIFICATION_SETTING }]
    }),
  ) as NotificationSettings
}

export async function readSettings(payload: Payload, userId: string): Promise<NotificationSettings> {
  return settingsOf((await run<Row>(payload, READ, [userId])).rows)
}

async function readSettingsIn(req: PayloadRequest, userId: string): Promise<NotificationSettings> {
  return settingsOf((await runIn<Row>(req, READ, [userId])).rows)
}

/** The member's settings after `change`; null when no such member exists (a token outliving its member). */
export async function changeSettings(
  req: PayloadRequest,
  userId: string,
  change: SettingsChange,
  action: 'notification_settings.update' | 'notification_settings.unsubscribe' = 'notification_settings.update',
): Promise<NotificationSettings | null> {
  return inTransaction(req, async () => {
    const at = new Date().toISOString()
    for (const [type, setting] of Object.entries(change)) {
      const { rowCount } = await runIn(req, UPSERT, [userId, type, setting?.inbox ?? null, setting?.email ?? null, at])
      if (rowCount === 0) return null
    }
    await writeAudit(req, { action, targetType: 'users', targetId: userId, userId, data: { settings: change } })
    return readSettingsIn(req, userId)
  })
}
