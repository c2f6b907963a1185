// The service facts a booking is made from (status, owner, price, duration, title). Read
// once per request: the public operation checks them and the collection hook derives the
// booking's fields from them, without a second query. System reads (no access rule): the
// customer may not read a draft service, yet must learn that it is not active (400).
// Prepared statements on the request's connection (src/lib/prepared.ts), not a Local API
// findByID: no query built per request, and inside a transaction they read what it sees.
import type { PayloadRequest } from 'payload'

import { runIn, statement } from '../../lib/prepared'
import { isUuid } from '../catalogue/rules/references'
import { dayOfWeek, minuteOfDay } from '../../lib/wall-clock'

export interface ServiceTerms {
  id: string
  slug: string
  title: string
  status: string
  providerId: string | null
  basePrice: string | null
  priceType: string | null
  currency: string
  durationMinutes: number | null
  bookingAdvanceHours: number | null
}

interface TermsRow {
  id: string
  slug: string
  title: string | null
  status: string
  provider_id: string | null
  base_price: string | null
  price_type: string | null
  currency: string
  duration_minutes: string | null
  booking_advance_hours: string | null
}

const COLUMNS = 's.id, s.slug, s.title, s.status, s.provider_id, s.base_price, s.price_type, s.currency, s.duration_minutes, s.booking_advance_hours'

const SERVICE_TERMS = statement('service-terms', `SELECT ${COLUMNS} FROM service_listings s WHERE s.id = $1`)

/**
 * The terms and, in the same round trip, whether the booking's time lies inside an available
 * slot of its weekday ($2): `startTime ≤ time < endTime` and, when the service has a duration,
 * `time + duration ≤ endTime` with no overflow past midnight. `end` is the booking's end as
 * HH:MM, "24:00" for midnight, which sorts after every slot end (a slot ends by 23:59): the
 * same text comparisons as the slot's own fields.
 */
const SERVICE_TERMS_AND_SLOT = statement(
  'service-terms-and-slot',
  `SELECT ${COLUMNS}, EXISTS (
     SELECT 1 FROM service_availability a, LATERAL (SELECT $4::int + NULLIF(s.duration_minutes, 0)::int AS minute) e
     WHERE a.service_id = s.id AND a.day_of_week = $2 AND a.is_available AND a.start_time <= $3 AND a.end_time > $3
       AND (e.minute IS NULL OR (e.minute <= 1440 AND a.end_time >= lpad((e.minute / 60)::text, 2, '0') || ':' || lpad((e.minute % 60)::text, 2, '0')))
   ) AS in_slot
   FROM service_listings s WHERE s.id = $1`,
)

const loaded = new WeakMap<PayloadRequest, Map<string, ServiceTerms | null>>()

const numberOrNull = (value: string | null) => (value === null ? null : Number(value))

function termsOf(row: TermsRow | undefined): ServiceTerms | null {
  if (!row) return null
  return {
    id: String(row.id),
    slug: row.slug,
    title: row.title || row.slug,
    status: row.status,
    providerId: row.provider_id,
    basePrice: row.base_price,
    priceType: row.price_type,
    currency: row.currency,
    durationMinutes: numberOrNull(row.duration_minutes),
    bookingAdvanceHours: numberOrNull(row.booking_advance_hours),
  }
}

function cacheOf(req: PayloadRequest): Map<string, ServiceTerms | null> {
  let cache = loaded.get(req)
  if (!cache) loaded.set(req, (cache = new Map()))
  return cache
}

export async function serviceTerms(req: PayloadRequest, serviceId: string): Promise<ServiceTerms | null> {
  if (!isUuid(serviceId)) return null
  const cache = cacheOf(req)
  if (cache.has(serviceId)) return cache.get(serviceId)!
  const { rows } = await runIn<TermsRow>(req, SERVICE_TERMS, [serviceId])
  const terms = termsOf(rows[0])
  cache.set(serviceId, terms)
  return terms
}

/** The public booking's read: the service's terms (kept for the hooks) and whether the time fits a slot. */
export async function serviceTermsAndSlot(req: PayloadRequest, serviceId: string, bookingDate: string, bookingTime: string): Promise<{ terms: ServiceTerms | null; inSlot: boolean }> {
  if (!isUuid(serviceId)) return { terms: null, inSlot: false }
  const { rows } = await runIn<TermsRow & { in_slot: boolean }>(req, SERVICE_TERMS_AND_SLOT, [serviceId, dayOfWeek(bookingDate), bookingTime, minuteOfDay(bookingTime)])
  const terms = termsOf(rows[0])
  cacheOf(req).set(serviceId, terms)
  return { terms, inSlot: rows[0]?.in_slot === true }
}
