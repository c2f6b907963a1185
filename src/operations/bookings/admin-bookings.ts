// Bookings for the admin API (API-CONTRACT §3): the list with its filters and order, and the
// moves of the transition table. The list is one prepared statement whatever the page size:
// the count and the page, joined to its services and customers.
import type { PayloadRequest } from 'payload'

import { ApiError, notFound } from '../../lib/http/errors'
import { paginated, type Pagination } from '../../lib/http/pagination'
import { listTotal } from '../../lib/list-counts'
import { runIn, statement, type Statement } from '../../lib/prepared'
import { execute, sql } from '../../lib/sql'
import { withContext } from '../catalogue/transaction'
import { isUuid } from '../catalogue/rules/references'
import { bookingTransaction } from './errors'
import { presentAdminBooking, type AdminBooking } from './present'
import { MOVES, type BookingAction } from './transitions'

export interface BookingFilters {
  status?: string
  serviceId?: string
  q?: string
  /** Inclusive bounds on bookingDate, `YYYY-MM-DD`. */
  from?: string
  to?: string
}

/** ILIKE wildcards in the user's text match themselves, not everything. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)

// Named as the document's fields, so one presenter serves documents and these rows.
const ADMIN_COLUMNS = `
  b.id, b.service_id AS service, b.provider_id AS provider, b.customer_id AS customer, b.status,
  b.booking_date AS "bookingDate", b.booking_time AS "bookingTime", b.end_time AS "endTime",
  b.duration_minutes AS "durationMinutes", b.total_price AS "totalPrice", b.currency,
  b.customer_message AS "customerMessage", b.provider_response AS "providerResponse",
  b.created_at AS "createdAt", b.updated_at AS "updatedAt",
  s.slug AS "serviceSlug", COALESCE(s.title, s.slug) AS "serviceTitle",
  COALESCE(NULLIF(u.name, ''), u.username) AS "customerName", u.email AS "customerEmail"`

const ADMIN_JOINS = `LEFT JOIN service_listings s ON s.id = b.service_id LEFT JOIN users u ON u.id = b.customer_id`
const ORDER = `ORDER BY b.booking_date DESC, b.booking_time DESC, b.id DESC`

// A filter → its condition on `b` (`$n` filled in by position) and the value it binds.
const FILTERS: Array<[keyof BookingFilters, (n: number) => string, (value: string) => unknown]> = [
  ['status', (n) => `b.status = $${n}`, (value) => value],
  ['serviceId', (n) => `b.service_id = $${n}`, (value) => value],
  ['q', (n) => `b.customer_message ILIKE $${n}`, (value) => `%${escapeLike(value)}%`],
  ['from', (n) => `b.booking_date >= $${n}`, (value) => value],
  ['to', (n) => `b.booking_date <= $${n}`, (value) => value],
]

// One statement per combination of filters present (at most 32), each prepared once per
// connection, as the services list does (services-query.ts): a catch-all `($1 IS NULL OR …)`
// would get a generic plan that no index serves.
const pageStatements = new Map<string, { statement: Statement; bindsStatus: boolean }>()

function pageStatement(present: Array<keyof BookingFilters>): { statement: Statement; bindsStatus: boolean } {
  const key = present.join(',')
  let found = pageStatements.get(key)
  if (!found) {
    const where = present.map((name, i) => FILTERS.find(([filter]) => filter === name)![1](i + 3))
    const condition = where.length ? `WHERE ${where.join(' AND ')}` : ''
    const total = listTotal('bookings', present, `SELECT count(*)::int AS n FROM bookings b ${condition}`, present.length + 3)
    // The total and the page in one round trip. The page is chosen on bookings alone (an
    // index range under every filter), then only its rows are joined to their service and
    // customer.
    const text = `SELECT total.n AS "total", page.* FROM (${total.sql}) total
       LEFT JOIN LATERAL (
         SELECT ${ADMIN_COLUMNS}
           FROM (SELECT * FROM bookings b ${condition} ${ORDER} LIMIT $1 OFFSET $2) b
           ${ADMIN_JOINS} ${ORDER}
       ) page ON true`
    found = { statement: statement(`bookings-list:${key}`, text), bindsStatus: total.bindsStatus }
    pageStatements.set(key, found)
  }
  return found
}

/** The list's one statement and its values (bench/explain-bookings.ts EXPLAINs these). */
export function bookingPageQuery(filters: BookingFilters, page: Pagination): { statement: Statement; values: unknown[] } {
  const present = FILTERS.filter(([name]) => filters[name]).map(([name]) => name)
  const values = present.map((name) => FILTERS.find(([filter]) => filter === name)![2](filters[name]!))
  const { statement, bindsStatus } = pageStatement(present)
  return { statement, values: [page.perPage, (page.page - 1) * page.perPage, ...values, ...(bindsStatus ? [filters.status] : [])] }
}

export async function listBookings(req: PayloadRequest, filters: BookingFilters, page: Pagination) {
  const { statement, values } = bookingPageQuery(filters, page)
  const { rows } = await runIn<Record<string, unknown>>(req, statement, values)
  const total = Number(rows[0]?.total ?? 0)
  return paginated('bookings', rows.filter((row) => row.id !== null).map(presentAdminBooking), total, page)
}

export async function adminBooking(req: PayloadRequest, id: string): Promise<AdminBooking | null> {
  if (!isUuid(id)) return null
  const [row] = await execute(req, sql`SELECT ${sql.raw(ADMIN_COLUMNS)} FROM bookings b ${sql.raw(ADMIN_JOINS)} WHERE b.id = ${id}`)
  return row ? presentAdminBooking(row) : null
}

/**
 * One admin action on one booking. The row is locked before its status is judged, so two
 * admins acting at once are served one after the other: the second is judged against the
 * first's result (one winner, one 409 `invalid_transition`, one audit entry, one
 * notification). The update runs the collection hooks, which write the audit entry and the
 * customer's notification in this transaction. Confirming cannot create an overlap: a
 * pending booking already holds its time under the exclusion constraint.
 */
export function actOnBooking(req: PayloadRequest, id: string, action: BookingAction, providerResponse?: string): Promise<{ booking: AdminBooking }> {
  return bookingTransaction(req, async () => {
    const [row] = isUuid(id) ? await execute(req, sql`SELECT status FROM bookings WHERE id = ${id} FOR UPDATE`) : []
    if (!row) throw notFound('Booking not found')
    let data: Record<string, unknown>
    if (action === 'respond') {
      data = { providerResponse }
    } else {
      const move = MOVES[action]
      if (!move.from.includes(row.status as never)) {
        throw new ApiError(409, 'invalid_transition', `Cannot ${action.replace('_', '-')} a ${String(row.status)} booking (allowed from: ${move.from.join(', ')})`)
      }
      data = { status: move.to }
    }
    await withContext(req, { bookingAction: action }, () =>
      req.payload.update({ collection: 'bookings', id, data, depth: 0, overrideAccess: false, req }),
    )
    return { booking: (await adminBooking(req, id))! }
  })
}
