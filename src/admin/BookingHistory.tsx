// A booking's history of moves on its page: the audit entries of the booking (its creation, status moves,
// reschedules, cancels, reminders), oldest first, each with who and when, read on the server with the form.
import type { UIFieldServerComponent } from 'payload'

import { isUuid } from '../../domain/ids'
import { execute, sql } from '../lib/sql'
import { type PanelKey, type PanelText, panelText } from './i18n/index'
import { TEXTS } from './i18n/texts'

interface Entry {
  id: string
  action: string
  data: Record<string, unknown> | null
  createdAt: Date
  who: string | null
  userId: string | null
}

type Place = { bookingDate?: unknown; bookingTime?: unknown }
const placeText = (place: unknown) => {
  const { bookingDate, bookingTime } = (place ?? {}) as Place
  return [bookingDate, bookingTime].filter((part) => typeof part === 'string').join(' ')
}

function statusName(text: PanelText, status: unknown): string {
  const key = `bstatus.${String(status)}`
  return key in TEXTS ? text.t(key as never) : String(status)
}

/** What an entry did, in the panel's language. */
export function moveText(text: PanelText, action: string, data: Record<string, unknown> | null): string {
  const move = action.replace(/^booking\./, '')
  const value = data ?? {}
  if (move === 'create')
    return text.t('history.created', { place: placeText(value), status: statusName(text, value.status) })
  if (move === 'reschedule')
    return text.t('history.rescheduled', { from: placeText(value.from), to: placeText(value.to) })
  if (move === 'reminder') return text.t('history.reminder', { place: placeText(value) })
  if (typeof value.from === 'string' && typeof value.to === 'string')
    return text.t('history.moved', { from: statusName(text, value.from), to: statusName(text, value.to) })
  const key = `history.${move}` as PanelKey
  if (key in TEXTS) return text.t(key as never)
  return text.t('history.edited', { fields: Object.keys(value).join(', ') })
}

export const BookingHistory: UIFieldServerComponent = async ({ id, req }) => {
  if (!id || !isUuid(String(id)) || !req) return null
  const text = panelText(req.i18n?.language)
  // Oldest first, so the page reads as the booking's story; the id breaks ties within one transaction.
  const rows = await execute(
    req,
    sql`SELECT a.id, a.action, a.data, a.created_at, a.user_id, coalesce(nullif(u.name, ''), u.email) AS who
        FROM audit_logs a LEFT JOIN users u ON u.id::text = a.user_id
        WHERE a.target_type = 'bookings' AND a.target_id = ${String(id)} AND a.action LIKE 'booking.%'
        ORDER BY a.created_at, a.id`,
  )
  const entries: Entry[] = rows.map((row) => ({
    id: String(row.id),
    action: String(row.action),
    data: (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Entry['data'],
    createdAt: new Date(row.created_at as string),
    who: (row.who as string | null) ?? null,
    userId: (row.user_id as string | null) ?? null,
  }))
  const when = new Intl.DateTimeFormat(text.language === 'en' ? 'en-GB' : text.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  })
  return (
    <div className="field-type" data-testid="booking-history" style={{ marginBottom: 'calc(var(--base) * 2)' }}>
      <h4 style={{ marginBottom: 'calc(var(--base) / 2)' }}>{text.t('history.heading')}</h4>
      {entries.length === 0 ? (
        <p>{text.t('history.none')}</p>
      ) : (
        <table className="table" style={{ width: '100%' }}>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} data-testid="booking-move" data-action={entry.action}>
                <td style={{ whiteSpace: 'nowrap' }}>{when.format(entry.createdAt)}</td>
                <td>{moveText(text, entry.action, entry.data)}</td>
                <td>{entry.who ?? (entry.userId ? entry.userId : text.t('history.platform'))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}
