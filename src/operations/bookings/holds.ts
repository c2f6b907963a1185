// Holds (docs/api.md "Holds"): a start kept for one member while they finish booking. A live hold counts as
// a pending booking for every other member; its holder's booking or move to that start takes its place. A hold
// takes its place by the booking rule (booking-judge.ts), under the service row's lock every writer of a service
// takes first, so of simultaneous requests exactly those that fit succeed.
import type { PayloadRequest } from 'payload'

import { isUuid } from '../../../domain/ids'
import { writeAudit } from '../../../hooks/shared/audit'
import { apiError, invalidRequest, notFound } from '../../lib/http/errors'
import { settings } from '../../lib/settings'
import { execute, sql } from '../../lib/sql'
import { lockService, placeRefusal, refusalError } from './booking-judge'
import { bookingTransaction, partyTooLarge } from './errors'
import { checkStart } from './start-checks'

/** The most live holds one member may have at once. */
export const HOLD_LIMIT = 3

export const HOLDS_TABLE = 'booking_holds'

export interface HoldInput {
  serviceId: string
  bookingDate: string
  bookingTime: string
  participants?: number | null
}

export interface HoldRecord {
  id: string
  serviceId: string
  bookingDate: string
  bookingTime: string
  endTime: string | null
  participants: number
  expiresAt: string
}

const presentHold = (row: Record<string, unknown>): HoldRecord => ({
  id: String(row.id),
  serviceId: String(row.service_id),
  bookingDate: String(row.booking_date),
  bookingTime: String(row.booking_time),
  endTime: (row.end_time as string | null) ?? null,
  participants: Number(row.participants),
  expiresAt: new Date(row.expires_at as string).toISOString(),
})

/**
 * The `holdId` of a booking or a move: the caller's hold of this service, date and time. An unknown id, another
 * member's hold or a hold of another start is 400 `invalid_request`; an expired one is as if none was sent.
 */
export async function checkHoldId(
  req: PayloadRequest,
  callerId: string,
  holdId: string | null | undefined,
  start: { serviceId: string; bookingDate: string; bookingTime: string },
): Promise<void> {
  if (!holdId) return
  const [row] = isUuid(holdId)
    ? await execute(
        req,
        sql`SELECT service_id, customer_id, booking_date, booking_time, expires_at > now() AS live
          FROM booking_holds WHERE id = ${holdId}`,
      )
    : []
  const refused = () => invalidRequest('holdId is not a hold of yours', [{ path: 'holdId', message: 'unknown hold' }])
  if (!row || String(row.customer_id) !== callerId) throw refused()
  if (!row.live) return
  if (
    String(row.service_id) !== start.serviceId ||
    row.booking_date !== start.bookingDate ||
    row.booking_time !== start.bookingTime
  ) {
    throw invalidRequest('holdId holds another start', [{ path: 'holdId', message: 'another start' }])
  }
}

/** The member's holds of this start give way to their booking of it (inside the booking's transaction). */
export async function consumeOwnHolds(
  req: PayloadRequest,
  customerId: string,
  start: { serviceId: string; bookingDate: string; bookingTime: string },
): Promise<void> {
  await execute(
    req,
    sql`DELETE FROM booking_holds WHERE service_id = ${start.serviceId} AND customer_id = ${customerId}::uuid
      AND booking_date = ${start.bookingDate} AND booking_time = ${start.bookingTime}`,
  )
}

// Expired holds stay a day, so that a late `holdId` of one is still recognised as the caller's (and ignored).
const KEEP_EXPIRED = "interval '1 day'"

/**
 * `POST /api/services/holds`: the public booking's checks in their order (404, 400 `service_not_active`,
 * `booking_in_past` / `booking_too_soon`, `slot_unavailable`), then under the service's lock 400 for a party
 * above `maxParticipants`, the member's own live hold of this start (200, unchanged), 409 `too_many_holds`, 409
 * `day_full`, 409 `slot_full`, 409 `booking_conflict`.
 */
export async function createHold(
  req: PayloadRequest,
  customerId: string,
  input: HoldInput,
): Promise<{ status: 200 | 201; hold: HoldRecord }> {
  // A member the provider blocks may not book, so may not keep a start from others either (docs/api.md "Holds").
  const { service, schedule } = await checkStart(req, customerId, input)
  const participants = input.participants ?? 1
  return bookingTransaction(req, async () => {
    const maxParticipants = (await lockService(req, service.id))?.maxParticipants ?? null
    if (maxParticipants !== null && participants > maxParticipants) throw partyTooLarge(maxParticipants)
    // One member's holds are counted one request at a time, whichever services they are of.
    await execute(req, sql`SELECT pg_advisory_xact_lock(hashtext(${`booking_holds:${customerId}`}))`)
    await execute(
      req,
      sql`DELETE FROM booking_holds WHERE service_id = ${service.id} AND expires_at < now() - ${sql.raw(KEEP_EXPIRED)}`,
    )
    const [same] = await execute(
      req,
      sql`SELECT * FROM booking_holds WHERE customer_id = ${customerId}::uuid AND service_id = ${service.id}
        AND booking_date = ${input.bookingDate} AND booking_time = ${input.bookingTime} AND expires_at > now()`,
    )
    if (same) return { status: 200 as const, hold: presentHold(same) }
    const [mine] = await execute(
      req,
      sql`SELECT count(*)::int AS live FROM booking_holds WHERE customer_id = ${customerId}::uuid AND expires_at > now()`,
    )
    if (Number(mine?.live ?? 0) >= HOLD_LIMIT) {
      throw apiError('too_many_holds', `A member holds at most ${HOLD_LIMIT} starts at once`)
    }
    // The booking rule (booking-judge.ts): 409 `day_full`, `slot_full`, `booking_conflict`, in that order.
    const { refusal } = await placeRefusal(req, {
      serviceId: service.id,
      customerId,
      bookingDate: input.bookingDate,
      startMinute: schedule.startMinute,
      endMinute: schedule.endMinute,
      bufferBeforeMinutes: service.bufferBeforeMinutes,
      bufferAfterMinutes: service.bufferAfterMinutes,
      participants,
    })
    if (refusal) throw refusalError(refusal, maxParticipants)
    const seconds = settings().bookings.holdSeconds
    const [row] = await execute(
      req,
      sql`INSERT INTO booking_holds (service_id, customer_id, booking_date, booking_time, end_time, start_minute,
          end_minute, buffer_before_minutes, buffer_after_minutes, participants, expires_at)
        VALUES (${service.id}, ${customerId}::uuid, ${input.bookingDate}, ${input.bookingTime}, ${schedule.endTime},
          ${schedule.startMinute}, ${schedule.endMinute}, ${service.bufferBeforeMinutes}, ${service.bufferAfterMinutes},
          ${participants}, now() + make_interval(secs => ${seconds}))
        RETURNING *`,
    )
    const hold = presentHold(row!)
    await writeAudit(req, {
      action: 'booking.hold',
      targetType: HOLDS_TABLE,
      targetId: hold.id,
      data: {
        serviceId: hold.serviceId,
        bookingDate: hold.bookingDate,
        bookingTime: hold.bookingTime,
        participants: hold.participants,
        expiresAt: hold.expiresAt,
      },
    })
    return { status: 201 as const, hold }
  })
}

/** `GET /api/services/holds`: the caller's live holds, soonest start first. */
export async function listHolds(req: PayloadRequest, customerId: string): Promise<{ holds: HoldRecord[] }> {
  const rows = await execute(
    req,
    sql`SELECT * FROM booking_holds WHERE customer_id = ${customerId}::uuid AND expires_at > now()
      ORDER BY start_minute, created_at`,
  )
  return { holds: rows.map(presentHold) }
}

/** `DELETE /api/services/holds/<id>`: the holder lets the start go at once; anyone else's or no such hold is 404. */
export async function releaseHold(req: PayloadRequest, customerId: string, id: string): Promise<{ success: true }> {
  if (!isUuid(id)) throw notFound('Hold not found')
  return bookingTransaction(req, async () => {
    const [row] = await execute(
      req,
      sql`DELETE FROM booking_holds WHERE id = ${id} AND customer_id = ${customerId}::uuid
        RETURNING service_id, booking_date, booking_time`,
    )
    if (!row) throw notFound('Hold not found')
    await writeAudit(req, {
      action: 'booking.hold_release',
      targetType: HOLDS_TABLE,
      targetId: id,
      data: {
        serviceId: String(row.service_id),
        bookingDate: String(row.booking_date),
        bookingTime: String(row.booking_time),
      },
    })
    return { success: true as const }
  })
}
