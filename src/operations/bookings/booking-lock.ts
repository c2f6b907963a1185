// The public booking's lock and the daily cap's count (API-CONTRACT §4, §14; decisions 123
// and 130), race-proof. The service row is locked first (a booking's lock order: service row,
// booking row, its counters, audit entry, notification), so the bookings of one service queue
// here: the exclusion constraint then never sees two uncommitted overlapping inserts wait on
// each other (a deadlock PostgreSQL broke by aborting one: 500s), and the pending and
// confirmed bookings of the date are counted by a second statement, whose snapshot, taken
// after the lock was granted, sees every booking committed by whoever held it before.
// FOR NO KEY UPDATE does not conflict with the key-share locks of foreign keys to the
// service, nor with readers.
import type { PayloadRequest } from 'payload'

import { runIn, statement } from '../../lib/prepared'

const LOCK_SERVICE = statement('booking-lock-service', `SELECT max_bookings_per_day FROM service_listings WHERE id = $1 FOR NO KEY UPDATE`)
const COUNT_DAY = statement(
  'day-cap-count',
  `SELECT count(*)::int AS booked FROM bookings b WHERE b.service_id = $1 AND b.booking_date = $2 AND b.status IN ('pending', 'confirmed')`,
)

/**
 * Call first inside the booking's transaction (the lock holds until it ends): the service's
 * cap as the locked row has it, and when there is one, the date's pending and confirmed bookings.
 */
export async function lockServiceForBooking(req: PayloadRequest, serviceId: string, date: string): Promise<{ cap: number | null; booked: number }> {
  const { rows } = await runIn<{ max_bookings_per_day: string | null }>(req, LOCK_SERVICE, [serviceId])
  const cap = rows[0]?.max_bookings_per_day
  if (cap == null) return { cap: null, booked: 0 }
  const counted = await runIn<{ booked: number }>(req, COUNT_DAY, [serviceId, date])
  return { cap: Number(cap), booked: counted.rows[0]!.booked }
}
