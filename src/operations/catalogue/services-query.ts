// The admin services list and one service in one prepared statement each, rows in the Local API's shape so
// `presentService` stays the one mapping; the caller's scope is a filter of the statement.

import { listQuery } from '../../lib/list-query'
import { type PoolOwner, run, statement } from '../../lib/prepared'

type Doc = Record<string, unknown>

/** What the admin services list filters on (the query string's names). */
export interface ServiceFilters {
  q?: string
  status?: string
  featured?: boolean
  home?: boolean
  category?: string
  orgId?: string
  /** Only the services of these organizations (an organization manager's scope). */
  organizations?: readonly string[]
}

// Every column the API shows (not the derived `search_text` and `title`), numbers as numbers.
const COLUMNS = `s.id, s.slug, s.status, s.category_id AS "category", s.provider_id AS "provider",
  s.organization_id AS "organization", s.base_price AS "basePrice", s.price_type AS "priceType",
  s.currency, s.duration_minutes::float8 AS "durationMinutes", s.max_participants::float8 AS "maxParticipants",
  s.booking_advance_hours::float8 AS "bookingAdvanceHours", s.cancellation_hours::float8 AS "cancellationHours",
  s.buffer_before_minutes::float8 AS "bufferBeforeMinutes", s.buffer_after_minutes::float8 AS "bufferAfterMinutes", s.max_bookings_per_day::float8 AS "maxBookingsPerDay", s.seats_per_slot::float8 AS "seatsPerSlot",
  s.is_mobile AS "isMobile", s.is_featured AS "isFeatured", s.display_in_home AS "displayInHome",
  s.allow_reviews AS "allowReviews", s.rating_sum::float8 AS "ratingSum", s.rating_count::float8 AS "ratingCount", s.in_language AS "inLanguage", s.created_at AS "createdAt", s.updated_at AS "updatedAt"`

const translations = (fields: string) => `COALESCE((SELECT json_agg(json_build_object(${fields}) ORDER BY t._order)
  FROM service_listings_translations t WHERE t._parent_id = s.id), '[]') AS "translations"`
const LIST_TRANSLATIONS = translations(`'inLanguage', t.in_language, 'title', t.title`)
const FULL_TRANSLATIONS = translations(`'inLanguage', t.in_language, 'title', t.title, 'description', t.description,
  'shortDescription', t.short_description, 'seoTitle', t.seo_title, 'seoDescription', t.seo_description`)

const MEDIA = `COALESCE((SELECT json_agg(json_build_object('file', m.file_id, 'type', m.type, 'position', m.position::float8) ORDER BY m._order)
  FROM service_listings_media m WHERE m._parent_id = s.id), '[]') AS "media"`

// The category as `categoriesById` reads it with locale 'all': `{ id, slug, name: { en, fr } }`.
const CATEGORY = `(SELECT json_build_object('id', c.id, 'slug', c.slug,
    'name', (SELECT json_object_agg(l._locale, l.name) FROM service_categories_locales l WHERE l._parent_id = c.id))
  FROM service_categories c WHERE c.id = s.category_id) AS "categoryDoc"`

/** ILIKE wildcards in the user's text match themselves, not everything. */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`

const servicePage = listQuery<keyof ServiceFilters>({
  table: 'service_listings',
  alias: 's',
  filters: [
    ['q', (n) => `s.search_text ILIKE $${n}`, containing],
    ['status', (n) => `s.status = $${n}`],
    ['featured', (n) => `s.is_featured = $${n}`],
    ['home', (n) => `s.display_in_home = $${n}`],
    ['category', (n) => `s.category_id = $${n}`],
    ['orgId', (n) => `s.organization_id = $${n}`],
    ['organizations', (n) => `s.organization_id = ANY($${n}::uuid[])`],
  ],
  // The page is chosen on the narrow rows, then the arrays are built for those rows only.
  page: (condition) => `SELECT ${COLUMNS}, ${LIST_TRANSLATIONS}, ${MEDIA}, ${CATEGORY}
    FROM (SELECT id FROM service_listings s ${condition} ORDER BY s.created_at DESC LIMIT $1 OFFSET $2) chosen
    JOIN service_listings s ON s.id = chosen.id
    ORDER BY s.created_at DESC`,
})

const ONE_SERVICE = statement(
  'service-by-id',
  `SELECT ${COLUMNS}, ${FULL_TRANSLATIONS}, ${MEDIA}, ${CATEGORY} FROM service_listings s WHERE s.id = $1`,
)

function asDoc(row: Doc): { doc: Doc; category: Doc | null } {
  const { categoryDoc, total: _total, ...doc } = row
  doc.createdAt = (doc.createdAt as Date).toISOString()
  doc.updatedAt = (doc.updatedAt as Date).toISOString()
  return { doc, category: (categoryDoc as Doc | null) ?? null }
}

export async function queryServicePage(
  payload: PoolOwner,
  filters: ServiceFilters,
  limit: number,
  offset: number,
): Promise<{ total: number; rows: Array<{ doc: Doc; category: Doc | null }> }> {
  const { statement, values } = servicePage(filters as Partial<Record<keyof ServiceFilters, unknown>>, limit, offset)
  const { rows } = await run<Doc>(payload, statement, values)
  const total = Number(rows[0]?.total ?? 0)
  return { total, rows: rows.filter((row) => row.id !== null).map(asDoc) }
}

export async function queryService(payload: PoolOwner, id: string): Promise<{ doc: Doc; category: Doc | null } | null> {
  const { rows } = await run<Doc>(payload, ONE_SERVICE, [id])
  return rows[0] ? asDoc(rows[0]) : null
}
