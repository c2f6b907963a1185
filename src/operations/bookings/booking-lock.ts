// The public booking's lock and the daily cap's count (API-CONTRACT §4, §14), race-proof.
// The service row is locked first (the one lock order of every writer of a service: service
// row, then the rest), so the bookings of one service queue here: the exclusion constraint
// then never sees two uncommitted overlapping inserts wait on each other (buffered spans
// chain, 09:00 ↔ 09:15 ↔ 09:30 …, and such waits deadlocked: 500s instead of 409s), and the
// pending and confirmed bookings of the date are counted by a second statement, whose snapshot,
// taken after the lock was granted, sees every booking committed by whoever held it before.
// FOR NO KEY UPDATE: bookers queue among themselves (and behind the catalogue's FOR UPDATE),
// while the foreign-key checks of other rows naming the service (KEY SHARE) do not wait.
import type { PayloadRequest } from 'payload'

import { runIn, statement } from '../../lib/prepared'

const LOCK_SERVICE = statement('booking-lock-service', `SELECT s.max_bookings_per_day FROM service_listings s WHERE s.id = $1 FOR NO KEY UPDATE`)
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
