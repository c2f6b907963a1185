'use client'
// A service's days off and extra hours, and its coming four weeks, on the service's page
// (docs/api.md "Exceptions: days off and extra hours"). The exceptions are listed, added and removed through
// /api/admin/services/availability (createException, deleteException): the endpoint apps use,
// whose use cases write through the collection's hooks (same rules, same audit entry). The
// weeks show each date's hours after its exceptions, closed dates marked, extra hours shown,
// and the starts GET /api/services/:id/slots lists; the view reloads after every change.
import { Button, DatePicker, FieldLabel, useConfig, useDocumentInfo } from '@payloadcms/ui'
import { type CSSProperties, type KeyboardEvent, useCallback, useEffect, useState } from 'react'

import { addDays } from '../lib/wall-clock'
import {
  type CalendarDay,
  calendarDays,
  type ExceptionItem,
  exceptionText,
  type SlotItem,
  windowsText,
} from './calendarDays'
import { type PanelText } from './i18n/index'
import { usePanelText } from './i18n/usePanelText'
import { ServiceWaitlist } from './ServiceWaitlist'
import { usePanelPost } from './usePanelPost'

const DAYS_SHOWN = 28
const AVAILABILITY = '/api/admin/services/availability'
const KINDS = {
  closedDay: 'calendar.closedDay',
  closedWindow: 'calendar.closedWindow',
  extraHours: 'calendar.extraWindow',
} as const
type Kind = keyof typeof KINDS

// Today as the browser's calendar day (dates are wall-clock: the API has no time zones).
const toDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`
const toDate = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  return new Date(year, month - 1, date)
}
const shortDate = (day: string, language: string) =>
  toDate(day).toLocaleDateString(language, { weekday: 'short', day: 'numeric', month: 'short' })
const weekday = (day: string, language: string) => toDate(day).toLocaleDateString(language, { weekday: 'long' })

interface Loaded {
  slots: SlotItem[]
  exceptions: ExceptionItem[]
  /** null: the service lists no starts (not active). */
  starts: Record<string, string[]> | null
}

async function load(text: PanelText, serviceId: string, active: boolean, from: string, to: string): Promise<Loaded> {
  // Every exception from today on (the list), the starts of the weeks shown: only an active
  // service has any (the slots answer 404 for the others, which the console would log).
  const [availability, bookable] = await Promise.all([
    fetch(`${AVAILABILITY}?serviceId=${serviceId}&from=${from}`, { credentials: 'include' }),
    active ? fetch(`/api/services/${serviceId}/slots?from=${from}&to=${to}`, { credentials: 'include' }) : null,
  ])
  if (!availability.ok) throw new Error(text.t('calendar.unreadable', { status: availability.status }))
  const { slots, exceptions } = (await availability.json()) as { slots: SlotItem[]; exceptions: ExceptionItem[] }
  const starts = bookable?.ok ? ((await bookable.json()) as { slots: Record<string, string[]> }).slots : null
  return { slots, exceptions, starts }
}

// Enter in one of these inputs would submit the service's own form.
const keepEnter = (event: KeyboardEvent) => {
  if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault()
}

const cell: CSSProperties = {
  border: '1px solid var(--theme-elevation-150)',
  borderRadius: 4,
  padding: 'calc(var(--base) / 3)',
  minHeight: 110,
  fontSize: 12,
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
}
const closedCell: CSSProperties = {
  ...cell,
  background: 'var(--theme-error-50)',
  borderColor: 'var(--theme-error-250)',
}

function Day({ day, busy, onClose }: { day: CalendarDay; busy: boolean; onClose: (date: string) => void }) {
  const text = usePanelText()
  const { t } = text
  const starts = day.starts
  return (
    <div
      data-testid="calendar-day"
      data-date={day.date}
      data-closed={day.closed}
      style={day.closed ? closedCell : cell}
    >
      <strong>{shortDate(day.date, text.language)}</strong>
      {day.closed && <span style={{ color: 'var(--theme-error-750)', fontWeight: 600 }}>{t('calendar.closed')}</span>}
      {!day.closed && day.extraHours.length > 0 && (
        <span style={{ color: 'var(--theme-success-750)' }}>
          {t('calendar.extraHours', { hours: windowsText(day.extraHours) })}
        </span>
      )}
      {!day.closed && day.closedWindows.length > 0 && (
        <span style={{ color: 'var(--theme-error-750)' }}>
          {t('calendar.closedHours', { hours: windowsText(day.closedWindows) })}
        </span>
      )}
      {!day.closed && (
        <span>
          {day.open.length > 0 ? t('calendar.open', { hours: windowsText(day.open) }) : t('calendar.noHours')}
        </span>
      )}
      {day.reasons.length > 0 && <em>{day.reasons.join('; ')}</em>}
      {starts && (
        <span data-testid="day-starts" title={starts.join(' ')}>
          {starts.length === 0
            ? t('calendar.noStarts')
            : text.plural('calendar.starts', starts.length, {
                times: `${starts.slice(0, 4).join(' ')}${starts.length > 4 ? ' …' : ''}`,
              })}
        </span>
      )}
      {!day.closed && (
        <Button
          buttonStyle="subtle"
          size="small"
          margin={false}
          disabled={busy}
          onClick={() => onClose(day.date)}
          type="button"
        >
          {t('calendar.closeDay')}
        </Button>
      )}
    </div>
  )
}

function AddException({
  busy,
  onAdd,
  defaultDate,
}: {
  busy: boolean
  defaultDate: string
  onAdd: (input: Record<string, unknown>) => Promise<boolean>
}) {
  const { t } = usePanelText()
  const [date, setDate] = useState(defaultDate)
  const [kind, setKind] = useState<Kind>('closedDay')
  const [times, setTimes] = useState({ startTime: '', endTime: '' })
  const [reason, setReason] = useState('')
  // Unawaited from the button (React ignores a handler's result): `onAdd` catches its own failures.
  const add = async () => {
    const input = {
      date,
      isAvailable: kind === 'extraHours',
      ...(kind === 'closedDay' ? {} : times),
      ...(reason.trim() ? { reason: reason.trim() } : {}),
    }
    // Kept after a refusal, to be corrected; cleared once added.
    if (await onAdd(input)) {
      setTimes({ startTime: '', endTime: '' })
      setReason('')
    }
  }
  const label = (text: string, htmlFor: string) => (
    <label className="field-label" htmlFor={htmlFor}>
      {text}
    </label>
  )
  return (
    <div
      data-testid="add-exception"
      style={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--base)', alignItems: 'flex-end', margin: 'var(--base) 0' }}
    >
      <div style={{ width: 160 }}>
        {label(t('calendar.date'), 'exception-date')}
        <DatePicker
          id="exception-date"
          pickerAppearance="dayOnly"
          displayFormat="yyyy-MM-dd"
          value={toDate(date)}
          onChange={(picked) => picked && setDate(toDay(picked))}
        />
      </div>
      <div>
        {label(t('calendar.what'), 'exception-kind')}
        <select
          id="exception-kind"
          value={kind}
          onChange={(event) => setKind(event.target.value as Kind)}
          style={{ height: 40 }}
        >
          {(Object.keys(KINDS) as Kind[]).map((value) => (
            <option key={value} value={value}>
              {t(KINDS[value])}
            </option>
          ))}
        </select>
      </div>
      {kind !== 'closedDay' &&
        (['startTime', 'endTime'] as const).map((name) => (
          <div key={name} style={{ width: 90 }}>
            {label(name === 'startTime' ? t('calendar.from') : t('calendar.to'), `exception-${name}`)}
            <input
              id={`exception-${name}`}
              placeholder="HH:MM"
              value={times[name]}
              onChange={(event) => setTimes({ ...times, [name]: event.target.value })}
              style={{ width: '100%', height: 40 }}
            />
          </div>
        ))}
      <div style={{ flex: '1 1 160px' }}>
        {label(t('calendar.reason'), 'exception-reason')}
        <input
          id="exception-reason"
          maxLength={200}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          style={{ width: '100%', height: 40 }}
        />
      </div>
      <Button buttonStyle="secondary" margin={false} disabled={busy} onClick={() => void add()} type="button">
        {t('calendar.add')}
      </Button>
    </div>
  )
}

export function ServiceCalendar() {
  const { id, savedDocumentData } = useDocumentInfo()
  const active = savedDocumentData?.status === 'active'
  const { config } = useConfig()
  const [today] = useState(() => toDay(new Date()))
  const last = addDays(today, DAYS_SHOWN - 1)
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const { busy, outcome, post } = usePanelPost()
  const text = usePanelText()
  const { t } = text

  const reload = useCallback(async () => {
    if (!id) return
    try {
      setLoaded(await load(text, String(id), active, today, last))
      setProblem(null)
    } catch (error) {
      setProblem((error as Error).message)
    }
  }, [text, id, active, today, last])
  useEffect(() => void reload(), [reload])

  if (!id) return null
  // Run unawaited from the buttons too: usePanelPost's post and `reload` catch their own failures.
  const change = async (body: Record<string, unknown>, done: string): Promise<boolean> => {
    const ok = await post(AVAILABILITY, body, () => done)
    if (ok) await reload()
    return ok
  }
  const days = loaded ? calendarDays(today, DAYS_SHOWN, loaded.slots, loaded.exceptions, loaded.starts) : []
  const upcoming = loaded?.exceptions ?? []

  return (
    <div
      className="field-type"
      data-testid="service-calendar"
      onKeyDown={keepEnter}
      style={{ marginBottom: 'calc(var(--base) * 2)' }}
    >
      <FieldLabel label={t('calendar.heading')} />
      {problem && <p role="alert">{problem}</p>}
      {upcoming.length === 0 ? (
        <p>{t('calendar.none')}</p>
      ) : (
        <table className="table" style={{ width: '100%' }}>
          <tbody>
            {upcoming.map((exception) => (
              <tr key={exception.id} data-testid="exception-row" data-date={exception.date}>
                <td>
                  {weekday(exception.date, text.language)} {exception.date}
                </td>
                <td>{exceptionText(exception, text.language)}</td>
                <td>{exception.reason ?? ''}</td>
                <td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                  <a href={`${config.routes.admin}/collections/availability-exceptions/${exception.id}`}>
                    {t('calendar.edit')}
                  </a>{' '}
                  <Button
                    buttonStyle="subtle"
                    size="small"
                    margin={false}
                    disabled={busy}
                    type="button"
                    onClick={() =>
                      void change(
                        { action: 'deleteException', id: exception.id },
                        t('calendar.removed', { date: exception.date }),
                      )
                    }
                  >
                    {t('calendar.remove')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <AddException
        busy={busy}
        defaultDate={today}
        onAdd={(input) =>
          change(
            { action: 'createException', serviceId: id, ...input },
            t('calendar.added', { date: String(input.date) }),
          )
        }
      />
      {outcome && (
        <p role="status" style={{ color: outcome.ok ? undefined : 'var(--theme-error-750)' }}>
          {outcome.message}
        </p>
      )}
      <FieldLabel label={t('calendar.weeks')} />
      {loaded && !loaded.starts && <p>{t('calendar.notActive')}</p>}
      <div
        data-testid="calendar-weeks"
        style={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 6 }}
      >
        {days.map((day) => (
          <Day
            key={day.date}
            day={day}
            busy={busy}
            onClose={(date) =>
              void change(
                { action: 'createException', serviceId: id, date, isAvailable: false },
                t('calendar.closedOn', { date }),
              )
            }
          />
        ))}
      </div>
      <ServiceWaitlist serviceId={String(id)} />
    </div>
  )
}
