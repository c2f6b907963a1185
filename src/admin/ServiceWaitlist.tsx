'use client'
// Who waits for each coming start of the service, in order, as GET /api/admin/services/waitlist lists them
// (docs/api.md "Waitlist"): an offered entry shows until when its hold keeps the place.
import { FieldLabel } from '@payloadcms/ui'
import { useEffect, useState } from 'react'

import { usePanelText } from './i18n/usePanelText'

interface Entry {
  id: string
  bookingDate: string
  bookingTime: string
  participants: number
  status: 'waiting' | 'offered'
  position: number
  expiresAt?: string
  member: { id: string; name: string | null }
}

export function ServiceWaitlist({ serviceId }: { serviceId: string }) {
  const text = usePanelText()
  const { t } = text
  const [entries, setEntries] = useState<Entry[] | null>(null)
  useEffect(() => {
    let current = true
    // Unawaited in the effect: a failed read leaves the list out, as the calendar's own reads do.
    void fetch(`/api/admin/services/waitlist?serviceId=${serviceId}`, { credentials: 'include' })
      .then(async (response) => (response.ok ? ((await response.json()) as { entries: Entry[] }).entries : null))
      .then((read) => current && setEntries(read))
      .catch(() => current && setEntries(null))
    return () => {
      current = false
    }
  }, [serviceId])
  if (!entries) return null
  const starts = new Map<string, Entry[]>()
  for (const entry of entries) {
    const key = `${entry.bookingDate} ${entry.bookingTime}`
    starts.set(key, [...(starts.get(key) ?? []), entry])
  }
  const held = (at: string) => new Date(at).toLocaleTimeString(text.language, { hour: '2-digit', minute: '2-digit' })
  return (
    <div data-testid="service-waitlist" style={{ marginTop: 'var(--base)' }}>
      <FieldLabel label={t('calendar.waitlist')} />
      {starts.size === 0 ? (
        <p>{t('calendar.waitlistNone')}</p>
      ) : (
        [...starts].map(([start, waiting]) => (
          <div key={start} data-testid="waitlist-start" data-start={start}>
            <strong>{start}</strong>
            <ol style={{ margin: '2px 0 8px' }}>
              {waiting.map((entry) => (
                <li key={entry.id} data-testid="waitlist-entry" data-status={entry.status}>
                  {entry.member.name ?? t('calendar.waitlistUnnamed')}
                  {entry.participants > 1 && ` (${t('calendar.waitlistParty', { count: entry.participants })})`}
                  {entry.status === 'offered' &&
                    entry.expiresAt &&
                    `: ${t('calendar.waitlistOffered', { time: held(entry.expiresAt) })}`}
                </li>
              ))}
            </ol>
          </div>
        ))
      )}
    </div>
  )
}
