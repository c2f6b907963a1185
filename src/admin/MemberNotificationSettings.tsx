'use client'
// A member's notification settings on their account's page, read-only, for support: what
// GET /api/admin/notification-settings answers (admins only), each type named in words.
import { FieldLabel, useDocumentInfo } from '@payloadcms/ui'
import { useEffect, useState } from 'react'

import { NOTIFICATION_TYPES, type NotificationSetting, type NotificationType } from '../../domain/notification-types'
import { usePanelText } from './i18n/usePanelText'

type Loaded = { settings: Record<NotificationType, NotificationSetting> } | { error: true; status?: number }

export function MemberNotificationSettings() {
  const { id } = useDocumentInfo()
  const { t } = usePanelText()
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  useEffect(() => {
    if (!id) return
    let current = true
    // Unawaited from the effect (React ignores its result): every outcome ends in setLoaded.
    void fetch(`/api/admin/notification-settings?userId=${encodeURIComponent(String(id))}`, { credentials: 'include' })
      .then(async (response) =>
        response.ok ? ((await response.json()) as Loaded) : { error: true as const, status: response.status },
      )
      .catch(() => ({ error: true as const }))
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
      <FieldLabel label={t('notify.heading')} />
      {!loaded && <p>{t('notify.loading')}</p>}
      {loaded && 'error' in loaded && (
        <p role="status">{t('notify.unreadable') + (loaded.status ? ` (${loaded.status})` : '')}</p>
      )}
      {loaded && 'settings' in loaded && (
        <table>
          <thead>
            <tr>
              <th style={{ textAlign: 'left' }}>{t('notify.types')}</th>
              <th style={{ textAlign: 'left' }}>{t('notify.inbox')}</th>
              <th style={{ textAlign: 'left' }}>{t('notify.email')}</th>
            </tr>
          </thead>
          <tbody>
            {NOTIFICATION_TYPES.map((type) => (
              <tr key={type} data-type={type}>
                <td>{t(`ntype.${type}`)}</td>
                <td>{loaded.settings[type].inbox ? t('notify.on') : t('notify.off')}</td>
                <td>{t(`email.${loaded.settings[type].email}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}
