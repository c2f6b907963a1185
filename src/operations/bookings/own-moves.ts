// A booking's own moves under its path (docs/api.md "Cancel and reschedule a booking"): the
// customer's cancel and the move to another start. The row is locked before its status and window
// are judged, so two requests on one booking are served one after the other.
import type { PayloadRequest } from 'payload'
import { z } from 'zod'

import {
  BLOCKING_STATUSES,
  BOOKINGS_COLLECTION,
  type BookingStatus,
  CANCELLATION_REASON_MAX,
} from '../../../domain/bookings'
import { isUuid } from '../../../domain/ids'
import { isAdminUser } from '../../../domain/permissions'
import { writeAudit } from '../../../hooks/shared/audit'
import { emitEvent } from '../../../hooks/shared/webhookEvents'
import { parseInput } from '../../lib/http/body'
import { apiError, notFound } from '../../lib/http/errors'
import { requireUser } from '../../lib/http/guards'
import { execute, sql } from '../../lib/sql'
import { addDays, clockTime, nowWallClockMinute, scheduleOf } from '../../lib/wall-clock'
import { notifyWithMail } from '../notifications/notice-mail'
import { notify } from '../notifications/notify'
import { bookingRange, inSomeSlot, timingMessage, timingRefusal } from './booking-rules'
import { bookingTransaction } from './errors'
import { checkHoldId, consumeOwnHolds } from './holds'
import { customerMail, mailToCustomer } from './mails'
import { partyNotice } from './notices'
import { presentBooking } from './present'
import { serviceTermsAndSlots } from './service-terms'

export const cancelBody = z
  .object({
    reason: z
      .string({ error: 'reason must be a string' })
      .max(CANCELLATION_REASON_MAX, `reason has at most ${CANCELLATION_REASON_MAX} characters`)
      .nullish(),
  })
  .strict()

interface Parties {
  customerId: string | null
  providerId: string | null
}

const notFoundBooking = () => notFound('Booking not found')

/** Who the booking's parties are (no lock: only to answer 404 before the body is read). */
async function partiesOf(req: PayloadRequest, id: string): Promise<Parties | null> {
  if (!isUuid(id)) return null
  const [row] = await execute(req, sql`SELECT customer_id, provider_id FROM bookings WHERE id = ${id}`)
  return row
    ? { customerId: (row.customer_id as string | null) ?? null, providerId: (row.provider_id as string | null) ?? null }
    : null
}

export interface LockedBooking {
  status: BookingStatus
  startMinute: number
  bookingDate: string
  bookingTime: string
  cancellationHours: number | null
}

/** The booking's row, locked for the rest of the transaction, with its service's cancellation window. */
async function lockBooking(req: PayloadRequest, id: string): Promise<LockedBooking | null> {
  const [row] = await execute(
    req,
    sql`SELECT b.status, b.start_minute, b.booking_date, b.booking_time, s.cancellation_hours
      FROM bookings b LEFT JOIN service_listings s ON s.id = b.service_id WHERE b.id = ${id} FOR UPDATE OF b`,
  )
  if (!row) return null
  return {
    status: row.status as BookingStatus,
    startMinute: Number(row.start_minute),
    bookingDate: String(row.booking_date),
    bookingTime: String(row.booking_time),
    cancellationHours: row.cancellation_hours === null ? null : Number(row.cancellation_hours),
  }
}

/** 409 `invalid_transition` unless the booking still holds its time (pending or confirmed). */
export function requireMovable(booking: LockedBooking, verb: string): void {
  if (!BLOCKING_STATUSES.includes(booking.status)) {
    throw apiError(
      'invalid_transition',
      `Cannot ${verb} a ${booking.status} booking (allowed from: ${BLOCKING_STATUSES.join(', ')})`,
    )
  }
}

const wallClockText = (minute: number) =>
  `${addDays('1970-01-01', Math.floor(minute / 1440))} ${clockTime(Math.floor(minute))}`

/**
 * The customer's window: open while the start is at least `cancellationHours` ahead (null or 0: until the
 * start itself), else 409 `cancellation_window_closed` naming the last moment it was open.
 */
export function requireWindowOpen(booking: LockedBooking, now = nowWallClockMinute()): void {
  const hours = booking.cancellationHours ?? 0
  const deadline = booking.startMinute - hours * 60
  const open = hours > 0 ? now <= deadline : now < booking.startMinute
  if (open) return
  const limit =
    hours > 0
      ? `until ${wallClockText(deadline)}, ${hours} hour${hours === 1 ? '' : 's'} before its start`
      : `until its start at ${wallClockText(booking.startMinute)}`
  throw apiError('cancellation_window_closed', `This booking could be cancelled or moved only ${limit}`)
}

/** The read-restricted fields of the collection (admins only): not shown to a customer. */
function adminOnlyFields(req: PayloadRequest): Set<string> {
  const fields = req.payload.collections[BOOKINGS_COLLECTION].config.flattenedFields
  return new Set(fields.filter((field) => field.access?.read).map((field) => field.name))
}

/** The booking as `GET /api/bookings/<id>?depth=0` shows it to its customer. */
export async function bookingAsCustomerSees(req: PayloadRequest, id: string): Promise<Record<string, unknown>> {
  const doc = await req.payload.findByID({ collection: BOOKINGS_COLLECTION, id, depth: 0, overrideAccess: true, req })
  const hidden = adminOnlyFields(req)
  return Object.fromEntries(Object.entries(doc).filter(([key]) => !hidden.has(key)))
}

/** The facts the records of a move carry (the collection hook's, plus the cancellation). */
async function storedFacts(req: PayloadRequest, id: string) {
  const doc = await req.payload.findByID({ collection: BOOKINGS_COLLECTION, id, depth: 0, overrideAccess: true, req })
  return {
    doc,
    facts: { ...presentBooking({ ...doc }), providerResponse: (doc.providerResponse as string | null) ?? null },
  }
}

/**
 * `POST /api/bookings/<id>/cancel`: the customer's own cancel. 401, 404 (anyone but the customer),
 * the body, then under the row's lock 409 `invalid_transition` and 409 `cancellation_window_closed`.
 */
export async function cancelOwnBooking(req: PayloadRequest, id: string, readBody: () => Promise<unknown>) {
  const user = requireUser(req)
  const parties = await partiesOf(req, id)
  if (!parties || parties.customerId !== String(user.id)) throw notFoundBooking()
  const input = parseInput(cancelBody, await readBody())
  const reason = input.reason ?? null
  return bookingTransaction(req, async () => {
    const booking = await lockBooking(req, id)
    if (!booking) throw notFoundBooking()
    requireMovable(booking, 'cancel')
    requireWindowOpen(booking)
    const at = new Date()
    // The status leaves the exclusion constraint's and the daily cap's statuses: the place is free at once.
    await execute(
      req,
      sql`UPDATE bookings SET status = 'cancelled_by_customer', cancelled_at = ${at}, cancellation_reason = ${reason},
        updated_at = ${at} WHERE id = ${id}`,
    )
    const { doc, facts } = await storedFacts(req, id)
    const record = { type: BOOKINGS_COLLECTION, id }
    await writeAudit(req, {
      action: 'booking.cancel_by_customer',
      targetType: BOOKINGS_COLLECTION,
      targetId: id,
      data: { from: booking.status, to: 'cancelled_by_customer', cancellationReason: reason },
    })
    const notice = await partyNotice(req, facts, 'provider', 'cancelled')
    if (notice) await notify(req, notice)
    await mailToCustomer(req, { ...facts, rescheduleCount: Number(doc.rescheduleCount ?? 0) }, 'cancel')
    await emitEvent(req, 'booking.cancelled', record, {
      ...facts,
      cancelledAt: at.toISOString(),
      cancellationReason: reason,
      cancelledBy: 'customer',
      updatedAt: doc.updatedAt ?? null,
    })
    return { booking: await bookingAsCustomerSees(req, id) }
  })
}

export const isBookingStaff = (req: PayloadRequest, parties: Parties): boolean =>
  isAdminUser(req) || (parties.providerId !== null && parties.providerId === String(req.user?.id))

export interface RescheduleInput {
  bookingDate: string
  bookingTime: string
  holdId?: string | null
}

interface MovedRow {
  serviceId: string | null
  participants: number
  durationMinutes: number | null
  bufferBeforeMinutes: number
  bufferAfterMinutes: number
}

/** The booking's own terms a move keeps: its duration and buffers (and so its price) stay as it was made. */
async function movedTerms(req: PayloadRequest, id: string): Promise<MovedRow> {
  const [row] = await execute(
    req,
    sql`SELECT service_id, participants, duration_minutes, buffer_before_minutes, buffer_after_minutes
      FROM bookings WHERE id = ${id}`,
  )
  return {
    serviceId: (row?.service_id as string | null) ?? null,
    participants: Number(row?.participants ?? 1),
    durationMinutes:
      row?.duration_minutes === null || row?.duration_minutes === undefined ? null : Number(row.duration_minutes),
    bufferBeforeMinutes: Number(row?.buffer_before_minutes ?? 0),
    bufferAfterMinutes: Number(row?.buffer_after_minutes ?? 0),
  }
}

/**
 * The new start's checks, the public booking's from `booking_in_past` on (booking-rules.ts, one rule for
 * both doors): 400 `booking_in_past`, `booking_too_soon`, `slot_unavailable`. The cap, the seats, other
 * members' holds and the overlap are the booking rule's, judged at the UPDATE without the booking's own
 * place (booking-judge.ts), which also hands the customer's own hold of the new start to the booking.
 */
async function judgeNewStart(req: PayloadRequest, own: MovedRow, input: RescheduleInput): Promise<void> {
  if (!own.serviceId) throw notFound('Service not found')
  const { terms: service, openSlots } = await serviceTermsAndSlots(req, own.serviceId, input.bookingDate)
  if (!service) throw notFound('Service not found')
  const { startMinute } = bookingRange(input.bookingDate, input.bookingTime, own.durationMinutes)
  const refusal = timingRefusal(startMinute, nowWallClockMinute(), service)
  if (refusal) throw apiError(refusal, timingMessage(refusal, service))
  if (!inSomeSlot(openSlots, input.bookingTime, own.durationMinutes)) {
    throw apiError('slot_unavailable')
  }
}

/**
 * `POST /api/bookings/<id>/reschedule`: its customer, its provider or an admin. 401, 404 (anyone else), the
 * body, then under the service's and the row's locks (the booking function's order, so movers and bookers of
 * one service queue and cannot deadlock) 409 `invalid_transition`, the window (the customer's as for cancel,
 * measured on the current start; staff until the start), the same start (200, nothing changed), the new
 * start's checks and the exclusion constraint.
 */
export async function rescheduleBooking(
  req: PayloadRequest,
  id: string,
  readBody: () => Promise<unknown>,
  parse: (body: unknown) => RescheduleInput,
) {
  const user = requireUser(req)
  const parties = await partiesOf(req, id)
  const staff = parties ? isBookingStaff(req, parties) : false
  if (!parties || !(staff || parties.customerId === String(user.id))) throw notFoundBooking()
  const input = parse(await readBody())
  return bookingTransaction(req, async () => {
    const own = await movedTerms(req, id)
    if (own.serviceId) await checkHoldId(req, String(user.id), input.holdId, { serviceId: own.serviceId, ...input })
    if (own.serviceId)
      await execute(req, sql`SELECT 1 FROM service_listings WHERE id = ${own.serviceId} FOR NO KEY UPDATE`)
    const booking = await lockBooking(req, id)
    if (!booking) throw notFoundBooking()
    requireMovable(booking, 'reschedule')
    requireWindowOpen(staff ? { ...booking, cancellationHours: 0 } : booking)
    if (booking.bookingDate === input.bookingDate && booking.bookingTime === input.bookingTime) {
      return { booking: await bookingAsCustomerSees(req, id) }
    }
    await judgeNewStart(req, own, input)
    // A staff mover's own hold of the new start (its `holdId`) gives way to the move too.
    if (input.holdId && own.serviceId)
      await consumeOwnHolds(req, String(user.id), { serviceId: own.serviceId, ...input })
    const schedule = scheduleOf(input.bookingDate, input.bookingTime, own.durationMinutes)
    // A customer's move asks the provider again; the provider's or an admin's keeps the status.
    const status = !staff && booking.status === 'confirmed' ? 'pending' : booking.status
    const at = new Date()
    // The reminder is claimed again for the new start (reminders.ts); the old one's mail no longer matches.
    await execute(
      req,
      sql`UPDATE bookings SET booking_date = ${input.bookingDate}, booking_time = ${input.bookingTime},
        end_time = ${schedule.endTime}, start_minute = ${schedule.startMinute}, end_minute = ${schedule.endMinute},
        status = ${status}, reminder_queued_at = NULL, reschedule_count = coalesce(reschedule_count, 0) + 1,
        updated_at = ${at} WHERE id = ${id}`,
    )
    const previous = { bookingDate: booking.bookingDate, bookingTime: booking.bookingTime }
    const next = { bookingDate: input.bookingDate, bookingTime: input.bookingTime }
    const { doc, facts } = await storedFacts(req, id)
    await writeAudit(req, {
      action: 'booking.reschedule',
      targetType: BOOKINGS_COLLECTION,
      targetId: id,
      data: {
        from: previous,
        to: next,
        ...(status !== booking.status ? { status: { from: booking.status, to: status } } : {}),
      },
    })
    const notice = await partyNotice(req, facts, staff ? 'customer' : 'provider', 'rescheduled', previous)
    const mail = await customerMail(req, { ...facts, rescheduleCount: Number(doc.rescheduleCount ?? 0) }, 'reschedule')
    await notifyWithMail(req, notice, mail)
    await emitEvent(
      req,
      'booking.rescheduled',
      { type: BOOKINGS_COLLECTION, id },
      {
        ...facts,
        previous,
        rescheduledBy: staff ? 'provider' : 'customer',
        updatedAt: doc.updatedAt ?? null,
      },
    )
    return { booking: await bookingAsCustomerSees(req, id) }
  })
}
