// Under a service's calendar: the starts of the coming four weeks that members hold or have booked seats of, each
// with its seats left (a class) and its live holds ("held until 10:42"), read on the server with the form; a hold
// that has run out is not shown (docs/api.md "Holds").
import type { Payload, PayloadRequest } from 'payload'

import { isUuid } from '../../domain/ids'
import { execute, sql } from '../lib/sql'
import { addDays, wallClockToday } from '../lib/wall-clock'
import { bookableTimes } from '../operations/bookings/bookable-times'
import { HOLDS_TABLE } from '../operations/bookings/holds'
import { panelText } from './i18n/index'

const DAYS_SHOWN = 28

interface Hold {
  date: string
  time: string
  participants: number
  expiresAt: Date
  who: string
}

interface Start {
  date: string
  time: string
  seatsLeft: number | null
  holds: Hold[]
}

const clock = (at: Date) => `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`

/** Seats left per start of an active seated service; null for the others (a start takes one booking). */
async function seatsLeftOf(payload: Payload, id: string, seats: number, from: string, to: string) {
  if (seats <= 1) return null
  try {
    return (await bookableTimes(payload, id, from, to)).seatsLeft ?? null
  } catch {
    return null // not bookable (not active): no starts to show seats of
  }
}

export async function CalendarHolds({ id, payload, req }: { id: string; payload: Payload; req: PayloadRequest }) {
  if (!isUuid(id)) return null
  const from = wallClockToday()
  const to = addDays(from, DAYS_SHOWN - 1)
  const [service] = await execute(req, sql`SELECT seats_per_slot FROM service_listings WHERE id = ${id}`)
  const seats = Number(service?.seats_per_slot ?? 1)
  const holdRows = await execute(
    req,
    sql`SELECT h.booking_date, h.booking_time, h.participants, h.expires_at, coalesce(nullif(u.name, ''), u.email) AS who
        FROM ${sql.identifier(HOLDS_TABLE)} h LEFT JOIN users u ON u.id = h.customer_id
        WHERE h.service_id = ${id} AND h.expires_at > now() AND h.booking_date BETWEEN ${from} AND ${to}
        ORDER BY h.booking_date, h.booking_time, h.expires_at`,
  )
  const left = await seatsLeftOf(payload, id, seats, from, to)
  const starts = new Map<string, Start>()
  const startOf = (date: string, time: string) => {
    const key = `${date} ${time}`
    const start = starts.get(key) ?? {
      date,
      time,
      seatsLeft: seats > 1 ? (left?.[date]?.[time] ?? 0) : null,
      holds: [],
    }
    starts.set(key, start)
    return start
  }
  // Starts with seats taken: a full one is not in the slots answer, so it appears through its holds only.
  for (const [date, times] of Object.entries(left ?? {}))
    for (const [time, n] of Object.entries(times)) if (n < seats) startOf(date, time)
  for (const row of holdRows)
    startOf(String(row.booking_date), String(row.booking_time)).holds.push({
      date: String(row.booking_date),
      time: String(row.booking_time),
      participants: Number(row.participants),
      expiresAt: new Date(row.expires_at as string),
      who: String(row.who ?? ''),
    })
  const text = panelText(req.i18n?.language)
  const rows = [...starts.values()].sort((a, b) => `${a.date} ${a.time}`.localeCompare(`${b.date} ${b.time}`))
  return (
    <div data-testid="calendar-holds" style={{ margin: 'var(--base) 0' }}>
      <h4 style={{ marginBottom: 'calc(var(--base) / 2)' }}>{text.t('holds.heading')}</h4>
      {rows.length === 0 ? (
        <p>{text.t('holds.none')}</p>
      ) : (
        <table className="table" style={{ width: '100%' }}>
          <tbody>
            {rows.map((start) => (
              <tr
                key={`${start.date} ${start.time}`}
                data-testid="held-start"
                data-date={start.date}
                data-time={start.time}
              >
                <td style={{ whiteSpace: 'nowrap' }}>
                  {start.date} {start.time}
                </td>
                <td data-testid="seats-left">
                  {start.seatsLeft === null ? '' : text.plural('holds.seatsLeft', start.seatsLeft, { seats })}
                </td>
                <td data-testid="start-holds">
                  {start.holds
                    .map((hold) =>
                      text.plural('holds.heldUntil', hold.participants, { time: clock(hold.expiresAt), who: hold.who }),
                    )
                    .join('; ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}
