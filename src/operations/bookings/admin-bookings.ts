// Bookings for the admin API (API-CONTRACT §3): the list with its filters and order, and the
// moves of the transition table. The list is two queries whatever the page size: the page,
// joined to its services and customers, and the count.
import type { PayloadRequest } from 'payload'

import { ApiError, notFound } from '../../lib/http/errors'
import { paginated, type Pagination } from '../../lib/http/pagination'
import { execute, sql } from '../../lib/sql'
import { withContext } from '../catalogue/transaction'
import { isUuid } from '../catalogue/rules/references'
import { bookingTransaction } from './errors'
import { presentAdminBooking, type AdminBooking } from './present'
import { MOVES, type BookingAction } from './transitions'

type SQL = ReturnType<typeof sql>

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
const ADMIN_COLUMNS = sql`
  b.id, b.service_id AS service, b.provider_id AS provider, b.customer_id AS customer, b.status,
  b.booking_date AS "bookingDate", b.booking_time AS "bookingTime", b.end_time AS "endTime",
  b.duration_minutes AS "durationMinutes", b.total_price AS "totalPrice", b.currency,
  b.customer_message AS "customerMessage", b.provider_response AS "providerResponse",
  b.created_at AS "createdAt", b.updated_at AS "updatedAt",
  s.slug AS "serviceSlug", COALESCE(s.title, s.slug) AS "serviceTitle",
  COALESCE(NULLIF(u.name, ''), u.username) AS "customerName", u.email AS "customerEmail"`

const ADMIN_JOINS = sql`LEFT JOIN service_listings s ON s.id = b.service_id LEFT JOIN users u ON u.id = b.customer_id`
const ORDER = sql`ORDER BY b.booking_date DESC, b.booking_time DESC, b.id DESC`

function whereOf(filters: BookingFilters): SQL {
  const conditions: SQL[] = [sql`TRUE`]
  if (filters.status) conditions.push(sql`b.status = ${filters.status}`)
  if (filters.serviceId) conditions.push(sql`b.service_id = ${filters.serviceId}`)
  if (filters.q) conditions.push(sql`b.customer_message ILIKE ${`%${escapeLike(filters.q)}%`}`)
  if (filters.from) conditions.push(sql`b.booking_date >= ${filters.from}`)
  if (filters.to) conditions.push(sql`b.booking_date <= ${filters.to}`)
  return sql.join(conditions, sql` AND `)
}

/** The list's two statements: the page and the count (bench/explain-bookings.ts EXPLAINs these). */
export function listStatements(filters: BookingFilters, page: Pagination): { page: SQL; count: SQL } {
  const where = whereOf(filters)
  return {
    // The page is chosen on bookings alone (an index range under every filter), then only
    // its rows are joined to their service and customer.
    page: sql`SELECT ${ADMIN_COLUMNS}
        FROM (SELECT * FROM bookings b WHERE ${where} ${ORDER} LIMIT ${page.perPage} OFFSET ${(page.page - 1) * page.perPage}) b
        ${ADMIN_JOINS} ${ORDER}`,
    count: sql`SELECT count(*)::int AS total FROM bookings b WHERE ${where}`,
  }
}

export async function listBookings(req: PayloadRequest, filters: BookingFilters, page: Pagination) {
  const statements = listStatements(filters, page)
  const rows = await execute(req, statements.page)
  const [counted] = await execute(req, statements.count)
  return paginated('bookings', rows.map(presentAdminBooking), Number(counted?.total ?? 0), page)
}

export async function adminBooking(req: PayloadRequest, id: string): Promise<AdminBooking | null> {
  if (!isUuid(id)) return null
  const [row] = await execute(req, sql`SELECT ${ADMIN_COLUMNS} FROM bookings b ${ADMIN_JOINS} WHERE b.id = ${id}`)
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
