// Bookings for the admin API (docs/api.md "Admin service catalogue (/api/admin/services)"):
// the list with its filters and order, and the moves of the transition table. The list is one
// prepared statement whatever the page size: the count and the page, joined to its services
// and customers. Both take the caller's scope: an organization manager lists and moves only
// the bookings of their organizations' services.
import type { PayloadRequest } from 'payload'

import { type BookingAction, MOVES } from '../../../domain/bookings'
import { isUuid } from '../../../domain/ids'
import { type CatalogueScope, inScope } from '../../lib/catalogue-scope'
import { apiError, notFound } from '../../lib/http/errors'
import { paginated, type Pagination } from '../../lib/http/pagination'
import { listQuery } from '../../lib/list-query'
import { runIn } from '../../lib/prepared'
import { execute, sql } from '../../lib/sql'
import { withContext } from '../catalogue/transaction'
import { screenFields } from '../moderation/screen'
import { bookingTransaction } from './errors'
import { type AdminBooking, presentAdminBooking } from './present'

export interface BookingFilters {
  status?: string
  serviceId?: string
  q?: string
  /** Inclusive bounds on bookingDate, `YYYY-MM-DD`. */
  from?: string
  to?: string
  /** Only the bookings of these organizations' services (an organization manager's scope). */
  organizations?: readonly string[]
}

/** ILIKE wildcards in the user's text match themselves, not everything. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)

// Named as the document's fields, so one presenter serves documents and these rows.
const ADMIN_COLUMNS = `
  b.id, b.service_id AS service, b.provider_id AS provider, b.customer_id AS customer, b.status,
  b.booking_date AS "bookingDate", b.booking_time AS "bookingTime", b.end_time AS "endTime",
  b.duration_minutes AS "durationMinutes", b.total_price AS "totalPrice", b.currency,
  b.customer_message AS "customerMessage", b.provider_response AS "providerResponse", b.participants,
  b.cancelled_at AS "cancelledAt", b.cancellation_reason AS "cancellationReason",
  b.created_at AS "createdAt", b.updated_at AS "updatedAt",
  s.slug AS "serviceSlug", COALESCE(s.title, s.slug) AS "serviceTitle",
  COALESCE(NULLIF(u.name, ''), u.username) AS "customerName", u.email AS "customerEmail"`

const ADMIN_JOINS = `LEFT JOIN service_listings s ON s.id = b.service_id LEFT JOIN users u ON u.id = b.customer_id`
const ORDER = `ORDER BY b.booking_date DESC, b.booking_time DESC, b.id DESC`

const bookingPage = listQuery<keyof BookingFilters>({
  table: 'bookings',
  alias: 'b',
  filters: [
    ['status', (n) => `b.status = $${n}`],
    ['serviceId', (n) => `b.service_id = $${n}`],
    ['q', (n) => `b.customer_message ILIKE $${n}`, (value) => `%${escapeLike(value)}%`],
    ['from', (n) => `b.booking_date >= $${n}`],
    ['to', (n) => `b.booking_date <= $${n}`],
    [
      'organizations',
      (n) => `b.service_id IN (SELECT id FROM service_listings WHERE organization_id = ANY($${n}::uuid[]))`,
    ],
  ],
  // The page is chosen on bookings alone (an index range under every filter), then only its
  // rows are joined to their service and customer.
  page: (condition) => `SELECT ${ADMIN_COLUMNS}
    FROM (SELECT * FROM bookings b ${condition} ${ORDER} LIMIT $1 OFFSET $2) b
    ${ADMIN_JOINS} ${ORDER}`,
})

/** The list's one statement and its values (bench/explain-bookings.ts EXPLAINs these). */
export const bookingPageQuery = (filters: BookingFilters, page: Pagination) =>
  bookingPage({ ...filters }, page.perPage, (page.page - 1) * page.perPage)

/** The bookings of the services within `scope`, filtered and paginated. */
export async function listBookings(
  req: PayloadRequest,
  scope: CatalogueScope,
  filters: BookingFilters,
  page: Pagination,
) {
  const { statement, values } = bookingPageQuery(
    scope.kind === 'everything' ? filters : { ...filters, organizations: scope.ids },
    page,
  )
  const { rows } = await runIn<Record<string, unknown>>(req, statement, values)
  const total = Number(rows[0]?.total ?? 0)
  return paginated('bookings', rows.filter((row) => row.id !== null).map(presentAdminBooking), total, page)
}

export async function adminBooking(req: PayloadRequest, id: string): Promise<AdminBooking | null> {
  if (!isUuid(id)) return null
  const [row] = await execute(
    req,
    sql`SELECT ${sql.raw(ADMIN_COLUMNS)} FROM bookings b ${sql.raw(ADMIN_JOINS)} WHERE b.id = ${id}`,
  )
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
export function actOnBooking(
  req: PayloadRequest,
  scope: CatalogueScope,
  id: string,
  action: BookingAction,
  providerResponse?: string,
): Promise<{ booking: AdminBooking }> {
  return bookingTransaction(req, async () => {
    const [row] = isUuid(id)
      ? await execute(
          req,
          sql`SELECT b.status, s.organization_id AS organization FROM bookings b LEFT JOIN service_listings s ON s.id = b.service_id WHERE b.id = ${id} FOR UPDATE OF b`,
        )
      : []
    // A booking of a service outside the caller's scope is as missing as none (docs/decisions.md
    // "Organizations manage their services through the admin catalogue").
    if (!row || !inScope(scope, row.organization)) throw notFound('Booking not found')
    let data: Record<string, unknown>
    if (action === 'respond') {
      data = await screenFields(req, { providerResponse }, ['providerResponse'])
    } else {
      const move = MOVES[action]
      if (!move.from.includes(row.status as never)) {
        throw apiError(
          'invalid_transition',
          `Cannot ${action.replace('_', '-')} a ${String(row.status)} booking (allowed from: ${move.from.join(', ')})`,
        )
      }
      data = { status: move.to }
    }
    await withContext(req, { bookingAction: action }, () =>
      req.payload.update({ collection: 'bookings', id, data, depth: 0, overrideAccess: false, req }),
    )
    return { booking: (await adminBooking(req, id))! }
  })
}
