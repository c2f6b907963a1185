// The service facts a booking is made from (status, owner, price, duration, title). Read
// once per request: the public operation checks them and the collection hook derives the
// booking's fields from them, without a second query. System reads (no access rule): the
// customer may not read a draft service, yet must learn that it is not active (400).
// Prepared statements on the request's connection (src/lib/prepared.ts), not a Local API
// findByID: no query built per request, and inside a transaction they read what it sees.
import type { PayloadRequest } from 'payload'

import { isUuid } from '../../../domain/ids'
import { NOT_STAFF } from '../../lib/member-blocks'
import { type RequiredFunction, returnQuery } from '../../lib/postgres/required-objects'
import { runIn, statement } from '../../lib/prepared'
import { dayOfWeek } from '../../lib/wall-clock'
import { type DateException, type OpenSlot, openWindows } from './booking-rules'

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
  bufferBeforeMinutes: number
  bufferAfterMinutes: number
  maxBookingsPerDay: number | null
}

export interface TermsRow {
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
  buffer_before_minutes: string | null
  buffer_after_minutes: string | null
  max_bookings_per_day: string | null
}

/** The columns `termsOf` reads, for every statement that reads a service's terms. */
// Enums as text (pg hands both to JavaScript as the same string): the pooled function's result
// columns are text, so a later migration may recreate an enum type without it in its way.
export const COLUMNS = `s.id, s.slug, s.title, s.status::text AS status, s.provider_id, s.base_price,
  s.price_type::text AS price_type, s.currency, s.duration_minutes, s.booking_advance_hours,
  s.buffer_before_minutes, s.buffer_after_minutes, s.max_bookings_per_day`

const SERVICE_TERMS = statement('service-terms', `SELECT ${COLUMNS} FROM service_listings s WHERE s.id = $1`)

/**
 * The terms and, in the same round trip, the available slots of the booking's weekday ($2)
 * and the exceptions of its date ($3), judged by the shared rules (booking-rules.ts
 * `openWindows`, `inSomeSlot`) that the bookable-times query also uses: one rule, so the two
 * cannot disagree about what "in a slot" means. With the booker ($4, null: none) it also reads
 * whether the provider blocks them (src/lib/member-blocks.ts `blockBetween`'s answer). Unnamed
 * (behind PgBouncer) it goes as the call of a function holding this very query
 * (`SERVICE_TERMS_AND_SLOTS_FUNCTION`).
 */
export const SERVICE_TERMS_AND_SLOTS = statement(
  'service-terms-and-slots',
  `SELECT ${COLUMNS}, (
     SELECT coalesce(json_agg(json_build_object('startTime', a.start_time, 'endTime', a.end_time)), '[]'::json)
     FROM service_availability a WHERE a.service_id = s.id AND a.day_of_week = $2 AND a.is_available
   ) AS open_slots, (
     SELECT coalesce(json_agg(json_build_object('isAvailable', e.is_available, 'startTime', e.start_time, 'endTime', e.end_time)), '[]'::json)
     FROM availability_exceptions e WHERE e.service_id = s.id AND e.date = $3
   ) AS exceptions, (
     SELECT ${NOT_STAFF('b.blocked_id')} FROM member_blocks b
     WHERE b.blocker_id = s.provider_id AND b.blocked_id = $4::uuid AND b.blocked_id <> s.provider_id
   ) AS blocks
   FROM service_listings s WHERE s.id = $1`,
  'SELECT * FROM community_service_terms_and_slots($1, $2, $3, $4)',
)

export const SERVICE_TERMS_AND_SLOTS_FUNCTION: RequiredFunction = {
  name: 'community_service_terms_and_slots',
  parameters: [
    ['wanted_service', 'uuid'],
    ['wanted_day', 'numeric'],
    ['wanted_date', 'varchar'],
    ['wanted_booker', 'uuid'],
  ],
  returns: `TABLE (
    id uuid, slug varchar, title varchar, status text, provider_id uuid, base_price varchar, price_type text,
    currency varchar, duration_minutes numeric, booking_advance_hours numeric,
    buffer_before_minutes numeric, buffer_after_minutes numeric, max_bookings_per_day numeric,
    open_slots json, exceptions json, blocks boolean
  )`,
  volatility: 'STABLE',
  body: returnQuery(SERVICE_TERMS_AND_SLOTS.text),
}

const loaded = new WeakMap<PayloadRequest, Map<string, ServiceTerms | null>>()

const numberOrNull = (value: string | null) => (value === null ? null : Number(value))

export function termsOf(row: TermsRow | undefined): ServiceTerms | null {
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
    bufferBeforeMinutes: Number(row.buffer_before_minutes ?? 0),
    bufferAfterMinutes: Number(row.buffer_after_minutes ?? 0),
    maxBookingsPerDay: numberOrNull(row.max_bookings_per_day),
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

/** A provider's block of the booker: `blocks` their booking (never a staff booker's), `mutes` the provider's notice. */
export interface BookerBlock {
  blocks: boolean
  mutes: boolean
}

/**
 * The public booking's read: the service's terms (kept for the hooks), the windows open on the booking's date
 * and, given the booker, whether the service's provider blocks them.
 */
export async function serviceTermsAndSlots(
  req: PayloadRequest,
  serviceId: string,
  bookingDate: string,
  bookerId: string | null = null,
): Promise<{ terms: ServiceTerms | null; openSlots: OpenSlot[]; block: BookerBlock }> {
  if (!isUuid(serviceId)) return { terms: null, openSlots: [], block: { blocks: false, mutes: false } }
  const { rows } = await runIn<
    TermsRow & { open_slots: OpenSlot[]; exceptions: DateException[]; blocks: boolean | null }
  >(req, SERVICE_TERMS_AND_SLOTS, [serviceId, dayOfWeek(bookingDate), bookingDate, bookerId])
  const terms = termsOf(rows[0])
  cacheOf(req).set(serviceId, terms)
  const blocks = rows[0]?.blocks ?? null
  return {
    terms,
    openSlots: openWindows(rows[0]?.open_slots ?? [], rows[0]?.exceptions ?? []),
    block: { blocks: blocks === true, mutes: blocks !== null },
  }
}
