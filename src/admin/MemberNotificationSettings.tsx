'use client'
// A member's notification settings on their account's page, read-only, for support: what
// GET /api/admin/notification-settings answers (admins only), each type named in words.
import { FieldLabel, useDocumentInfo } from '@payloadcms/ui'
import { useEffect, useState } from 'react'

import {
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  type NotificationSetting,
  type NotificationType,
} from '../../domain/notification-types'

const EMAIL_WORDS: Record<NotificationSetting['email'], string> = {
  instant: 'Each one',
  daily: 'Daily digest',
  weekly: 'Weekly digest',
  off: 'Off',
}

type Loaded = { settings: Record<NotificationType, NotificationSetting> } | { error: string }

export function MemberNotificationSettings() {
  const { id } = useDocumentInfo()
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  useEffect(() => {
    if (!id) return
    let current = true
    // Unawaited from the effect (React ignores its result): every outcome ends in setLoaded.
    void fetch(`/api/admin/notification-settings?userId=${encodeURIComponent(String(id))}`, { credentials: 'include' })
      .then(async (response) =>
        response.ok
          ? ((await response.json()) as Loaded)
          : { error: `The settings could not be read (${response.status})` },
      )
      .catch(() => ({ error: 'The settings could not be read' }))
      .then((result) => {
        if (current) setLoaded(result)
      })
    return () => {
      current = false
    }
  }, [id])
  if (!id) return null
  return (
    <div data-testid="member-notification-settings" style={{ marginBottom: 'var(--base)' }}>
      <FieldLabel label="Notification settings (set by the member)" />
      {!loaded && <p>Loading…</p>}
      {loaded && 'error' in loaded && <p role="status">{loaded.error}</p>}
      {loaded && 'settings' in loaded && (
        <table>
          <thead>
            <tr>
              <th style={{ textAlign: 'left' }}>Notifications</th>
              <th style={{ textAlign: 'left' }}>Inbox</th>
              <th style={{ textAlign: 'left' }}>Email</th>
            </tr>
          </thead>
          <tbody>
            {NOTIFICATION_TYPES.map((type) => (
              <tr key={type} data-type={type}>
                <td>{NOTIFICATION_TYPE_LABELS[type]}</td>
                <td>{loaded.settings[type].inbox ? 'On' : 'Off'}</td>
                <td>{EMAIL_WORDS[loaded.settings[type].email]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}
