// The waitlist (docs/api.md "Waitlist"): members wait for a taken or full start, and when room appears there the
// first waiting entry that fits is offered a hold. The offer sweep judges room with the booking's own rule
// (`roomRefusal`, the rule of booking-judge.ts) under the service row's lock, which every
// booking, hold and move of the service takes first: of any number of instances sweeping, one offers a freed place.
import { createLocalReq, type Payload, type PayloadRequest } from 'payload'

import { isUuid } from '../../../domain/ids'
import { writeAudit } from '../../../hooks/shared/audit'
import { emitEvent } from '../../../hooks/shared/webhookEvents'
import type { BackgroundWorker } from '../../lib/background-workers'
import type { CatalogueScope } from '../../lib/catalogue-scope'
import { apiError, notFound } from '../../lib/http/errors'
import { type PollingLoop, startPollingLoop } from '../../lib/polling-loop'
import { run, statement } from '../../lib/prepared'
import { settings } from '../../lib/settings'
import { execute, sql } from '../../lib/sql'
import { isUniqueViolation } from '../../lib/unique-violation'
import { nowWallClockMinute, scheduleOf } from '../../lib/wall-clock'
import { findServiceDoc } from '../catalogue/services-read'
import { queueNoticeMail } from '../notifications/notice-mail'
import { notify } from '../notifications/notify'
import { lockService, placeRefusal } from './booking-judge'
import { inSomeSlot, timingRefusal } from './booking-rules'
import { bookingTransaction, partyTooLarge } from './errors'
import { HOLDS_TABLE } from './holds'
import { serviceName } from './notices'
import { type ServiceTerms, serviceTermsAndSlots } from './service-terms'
import { checkStart } from './start-checks'
import { WAITLIST_TABLE } from './waitlist-objects'

export const WAITLIST_STATUSES = ['waiting', 'offered', 'booked', 'expired', 'cancelled'] as const
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number]

export interface WaitlistInput {
  serviceId: string
  bookingDate: string
  bookingTime: string
  participants?: number | null
}

export interface WaitlistEntry {
  id: string
  serviceId: string
  bookingDate: string
  bookingTime: string
  participants: number
  status: WaitlistStatus
  /** One more than the open entries ahead; null once the entry is closed (booked, expired, cancelled). */
  position: number | null
  createdAt: string
  holdId?: string
  expiresAt?: string
}

// The entry's columns with its position: the open entries of its start created before it, by the open index.
const ENTRY_COLUMNS = sql.raw(`w.*, CASE WHEN w.status IN ('waiting', 'offered') THEN 1 + (
    SELECT count(*) FROM booking_waitlist a WHERE a.service_id = w.service_id AND a.start_minute = w.start_minute
      AND a.status IN ('waiting', 'offered') AND (a.created_at, a.id) < (w.created_at, w.id)) END AS position`)

const iso = (value: unknown) => new Date(value as string).toISOString()

function presentEntry(row: Record<string, unknown>): WaitlistEntry {
  const status = row.status as WaitlistStatus
  return {
    id: String(row.id),
    serviceId: String(row.service_id),
    bookingDate: String(row.booking_date),
    bookingTime: String(row.booking_time),
    participants: Number(row.participants),
    status,
    position: row.position === null || row.position === undefined ? null : Number(row.position),
    createdAt: iso(row.created_at),
    ...(status === 'offered' ? { holdId: String(row.hold_id), expiresAt: iso(row.expires_at) } : {}),
  }
}

type RoomRefusal = 'day_full' | 'slot_full' | 'booking_conflict'

/**
 * What keeps `customerId` from booking `participants` at the start now, by the booking's one rule
 * (booking-judge.ts): the daily cap with other members' live holds, the seats, then the overlap; null when it
 * could be booked.
 */
export async function roomRefusal(
  req: PayloadRequest,
  service: ServiceTerms,
  customerId: string,
  start: { bookingDate: string; bookingTime: string; participants: number },
): Promise<RoomRefusal | null> {
  const schedule = scheduleOf(start.bookingDate, start.bookingTime, service.durationMinutes)
  const { refusal } = await placeRefusal(req, {
    serviceId: service.id,
    customerId,
    bookingDate: start.bookingDate,
    startMinute: schedule.startMinute,
    endMinute: schedule.endMinute,
    bufferBeforeMinutes: service.bufferBeforeMinutes,
    bufferAfterMinutes: service.bufferAfterMinutes,
    participants: start.participants,
  })
  // A party above the service's maximum fits no start: such an entry is never offered one.
  return refusal === 'party_too_large' ? 'slot_full' : refusal
}

/**
 * `POST /api/services/waitlist`: the public booking's checks up to the conflict (404, 403 for a member the provider
 * blocks, 400 `service_not_active`, `booking_in_past` / `booking_too_soon`, `slot_unavailable`, then under the
 * service's lock 400 for a party above `maxParticipants`), 409 `slot_available` when the start could be booked now,
 * 409 `already_waiting`. 201 with the entry and its position.
 */
export async function joinWaitlist(
  req: PayloadRequest,
  customerId: string,
  input: WaitlistInput,
): Promise<{ entry: WaitlistEntry }> {
  const { service, schedule } = await checkStart(req, customerId, input)
  const participants = input.participants ?? 1
  try {
    return await bookingTransaction(req, async () => {
      const locked = await lockService(req, service.id)
      if (!locked) throw notFound('Service not found')
      if (locked.maxParticipants !== null && participants > locked.maxParticipants) {
        throw partyTooLarge(locked.maxParticipants)
      }
      const start = { bookingDate: input.bookingDate, bookingTime: input.bookingTime, participants }
      if (!(await roomRefusal(req, service, customerId, start))) throw apiError('slot_available')
      const [inserted] = await execute(
        req,
        sql`INSERT INTO booking_waitlist (service_id, customer_id, booking_date, booking_time, start_minute, participants)
          SELECT ${service.id}, ${customerId}::uuid, ${input.bookingDate}, ${input.bookingTime},
            ${schedule.startMinute}, ${participants}
          WHERE NOT EXISTS (SELECT 1 FROM booking_waitlist WHERE customer_id = ${customerId}::uuid
            AND service_id = ${service.id} AND start_minute = ${schedule.startMinute}::numeric
            AND status IN ('waiting', 'offered'))
          RETURNING id`,
      )
      if (!inserted) throw apiError('already_waiting')
      await writeAudit(req, {
        action: 'booking.waitlist_join',
        targetType: WAITLIST_TABLE,
        targetId: String(inserted.id),
        data: { serviceId: service.id, ...start },
      })
      const [row] = await execute(req, sql`SELECT ${ENTRY_COLUMNS} FROM booking_waitlist w WHERE w.id = ${inserted.id}`)
      return { entry: presentEntry(row!) }
    })
  } catch (error) {
    // The partial unique index: a second request of the same member for the same start that raced this one.
    if (isUniqueViolation(error, 'booking_waitlist_member_start')) throw apiError('already_waiting')
    throw error
  }
}

/** `GET /api/services/waitlist`: the caller's entries, soonest start first, with their positions. */
export async function listWaitlist(req: PayloadRequest, customerId: string): Promise<{ entries: WaitlistEntry[] }> {
  const rows = await execute(
    req,
    sql`SELECT ${ENTRY_COLUMNS} FROM booking_waitlist w WHERE w.customer_id = ${customerId}::uuid
      ORDER BY w.start_minute, w.created_at, w.id`,
  )
  return { entries: rows.map(presentEntry) }
}

/**
 * `DELETE /api/services/waitlist/<id>`: the member leaves the waitlist; an offered entry's hold is released, so the
 * next entry is offered that room. Someone else's entry or no such entry: 404; an entry already closed stays as it is.
 */
export async function leaveWaitlist(req: PayloadRequest, customerId: string, id: string): Promise<{ success: true }> {
  if (!isUuid(id)) throw notFound('Waitlist entry not found')
  const [owned] = await execute(
    req,
    sql`SELECT service_id FROM booking_waitlist WHERE id = ${id} AND customer_id = ${customerId}::uuid`,
  )
  if (!owned) throw notFound('Waitlist entry not found')
  return bookingTransaction(req, async () => {
    // The service's lock first, as the sweep takes it: a leave and an offer of the same entry queue.
    await lockService(req, String(owned.service_id))
    const [entry] = await execute(req, sql`SELECT status, hold_id FROM booking_waitlist WHERE id = ${id} FOR UPDATE`)
    if (!entry) throw notFound('Waitlist entry not found')
    const from = entry.status as WaitlistStatus
    if (from !== 'waiting' && from !== 'offered') return { success: true as const }
    const released =
      from === 'offered'
        ? await execute(req, sql`DELETE FROM booking_holds WHERE id = ${entry.hold_id} RETURNING id`)
        : []
    await execute(req, sql`UPDATE booking_waitlist SET status = 'cancelled', updated_at = now() WHERE id = ${id}`)
    await writeAudit(req, {
      action: 'booking.waitlist_leave',
      targetType: WAITLIST_TABLE,
      targetId: id,
      data: { from, holdReleased: released.length > 0 },
    })
    return { success: true as const }
  })
}

/** An open entry as the service's provider sees it: with who waits. */
export type ProviderWaitlistEntry = WaitlistEntry & { member: { id: string; name: string | null } }

/**
 * `GET /api/admin/services/waitlist?serviceId=`: the open entries (`waiting`, `offered`) of the service's starts to
 * come, by start and position, with who waits; for those who manage the service (another's is 404, as for slots).
 */
export async function serviceWaitlist(
  req: PayloadRequest,
  scope: CatalogueScope,
  serviceId: string,
): Promise<{ entries: ProviderWaitlistEntry[] }> {
  if (!(await findServiceDoc(req, scope, serviceId))) throw notFound('Service not found')
  const rows = await execute(
    req,
    sql`SELECT ${ENTRY_COLUMNS}, u.name AS member_name FROM booking_waitlist w JOIN users u ON u.id = w.customer_id
      WHERE w.service_id = ${serviceId} AND w.status IN ('waiting', 'offered')
        AND w.start_minute >= ${nowWallClockMinute()}::numeric
      ORDER BY w.start_minute, w.created_at, w.id`,
  )
  return {
    entries: rows.map((row) => ({
      ...presentEntry(row),
      member: { id: String(row.customer_id), name: (row.member_name as string | null) ?? null },
    })),
  }
}

// The sweep ------------------------------------------------------------------------------------------------------

/** The most starts one round judges, the longest-waiting first. */
const STARTS_PER_ROUND = 1000

// All a round reads when nobody waits: the open entries' partial index (booking_waitlist_open_idx).
const OPEN_STARTS = statement(
  'waitlist-open-starts',
  `SELECT service_id, start_minute FROM booking_waitlist WHERE status IN ('waiting', 'offered')
   GROUP BY service_id, start_minute ORDER BY min(created_at) LIMIT ${STARTS_PER_ROUND}`,
)

// A type, not an interface: raw rows (Record<string, unknown>) narrow to it by assertion.
type OpenRow = {
  id: string
  customer_id: string
  booking_date: string
  booking_time: string
  participants: number
  status: 'waiting' | 'offered'
  hold_id: string | null
  expires_at: string | null
  created_at: string
  /** The offer's hold: live, run out (still kept), or gone (released by its member, or cleared long after). */
  hold_state: 'live' | 'ran_out' | null
}

async function closeEntry(
  req: PayloadRequest,
  entry: OpenRow,
  to: 'expired' | 'cancelled',
  reason: 'offer_ran_out' | 'hold_released' | 'start_passed',
): Promise<void> {
  if (entry.hold_id) await execute(req, sql`DELETE FROM booking_holds WHERE id = ${entry.hold_id}`)
  await execute(req, sql`UPDATE booking_waitlist SET status = ${to}, updated_at = now() WHERE id = ${entry.id}`)
  await writeAudit(req, {
    action: 'booking.waitlist_expire',
    targetType: WAITLIST_TABLE,
    targetId: entry.id,
    userId: null,
    data: { from: entry.status, to, reason },
  })
}

/** The offer: a hold for the entry's member lasting WAITLIST_OFFER_SECONDS, with its notice, mail and webhook. */
async function offer(req: PayloadRequest, service: ServiceTerms, entry: OpenRow): Promise<void> {
  const schedule = scheduleOf(entry.booking_date, entry.booking_time, service.durationMinutes)
  const seconds = settings().bookings.waitlistOfferSeconds
  const [hold] = await execute(
    req,
    sql`INSERT INTO booking_holds (service_id, customer_id, booking_date, booking_time, end_time, start_minute,
        end_minute, buffer_before_minutes, buffer_after_minutes, participants, expires_at)
      VALUES (${service.id}, ${entry.customer_id}::uuid, ${entry.booking_date}, ${entry.booking_time},
        ${schedule.endTime}, ${schedule.startMinute}, ${schedule.endMinute}, ${service.bufferBeforeMinutes},
        ${service.bufferAfterMinutes}, ${entry.participants}, now() + make_interval(secs => ${seconds}))
      RETURNING id, expires_at`,
  )
  const holdId = String(hold!.id)
  const expiresAt = iso(hold!.expires_at)
  await execute(
    req,
    sql`UPDATE booking_waitlist SET status = 'offered', hold_id = ${holdId}, expires_at = ${expiresAt},
      offered_at = now(), updated_at = now() WHERE id = ${entry.id}`,
  )
  await writeAudit(req, {
    action: 'booking.waitlist_offer',
    targetType: WAITLIST_TABLE,
    targetId: entry.id,
    userId: null,
    data: { holdId, customerId: entry.customer_id, expiresAt },
  })
  const title = await serviceName(req, service.id)
  const when = `${title} on ${entry.booking_date} at ${entry.booking_time}`
  const text =
    `A place you waited for is free: ${when}. It is held for you until ${expiresAt}; ` +
    `book it with holdId ${holdId} before then, or it passes to the next member waiting.`
  await notify(req, {
    userId: entry.customer_id,
    type: 'booking',
    title: `A place is free: ${title}`,
    body: text,
    targetType: HOLDS_TABLE,
    targetId: holdId,
    actorId: null,
  })
  const [member] = await execute(req, sql`SELECT email FROM users WHERE id = ${entry.customer_id}`)
  if (member?.email) {
    await queueNoticeMail(req, {
      to: String(member.email),
      subject: `A place is free: ${when}`,
      text,
      recipient: { userId: entry.customer_id, type: 'booking', inInbox: true },
    })
  }
  await emitEvent(
    req,
    'waitlist.offered',
    { type: WAITLIST_TABLE, id: entry.id },
    {
      id: entry.id,
      serviceId: service.id,
      customerId: entry.customer_id,
      bookingDate: entry.booking_date,
      bookingTime: entry.booking_time,
      participants: Number(entry.participants),
      status: 'offered',
      holdId,
      expiresAt,
      createdAt: iso(entry.created_at),
    },
  )
}

/**
 * One start's turn, in one transaction under the service row's lock: a passed start ends its entries `expired`;
 * an offer whose hold ran out is `expired` (released by its member: `cancelled`); then each waiting entry, in
 * order, that the booking rule would let book now is offered. The number of offers made.
 */
export async function sweepStart(req: PayloadRequest, serviceId: string, startMinute: number): Promise<number> {
  return bookingTransaction(req, async () => {
    const locked = await lockService(req, serviceId)
    if (!locked) return 0
    const entries = (await execute(
      req,
      sql`SELECT w.id, w.customer_id, w.booking_date, w.booking_time, w.participants, w.status, w.hold_id,
          w.expires_at, w.created_at,
          (SELECT CASE WHEN h.expires_at > now() THEN 'live' ELSE 'ran_out' END FROM booking_holds h
            WHERE h.id = w.hold_id) AS hold_state
        FROM booking_waitlist w WHERE w.service_id = ${serviceId} AND w.start_minute = ${startMinute}::numeric
          AND w.status IN ('waiting', 'offered')
        ORDER BY w.created_at, w.id FOR UPDATE OF w`,
    )) as OpenRow[]
    if (entries.length === 0) return 0
    if (startMinute < nowWallClockMinute()) {
      for (const entry of entries) await closeEntry(req, entry, 'expired', 'start_passed')
      return 0
    }
    const waiting: OpenRow[] = []
    for (const entry of entries) {
      if (entry.status === 'waiting') waiting.push(entry)
      else if (entry.hold_state !== 'live') {
        const ranOut = entry.hold_state === 'ran_out' || new Date(entry.expires_at!).getTime() <= Date.now()
        await closeEntry(req, entry, ranOut ? 'expired' : 'cancelled', ranOut ? 'offer_ran_out' : 'hold_released')
      }
    }
    if (waiting.length === 0) return 0
    const { booking_date: bookingDate, booking_time: bookingTime } = waiting[0]!
    const { terms: service, openSlots } = await serviceTermsAndSlots(req, serviceId, bookingDate)
    // A start the booking itself would refuse before the conflict gets no offer; its entries wait on.
    if (!service || !service.providerId || service.status !== 'active') return 0
    if (timingRefusal(startMinute, nowWallClockMinute(), service)) return 0
    if (!inSomeSlot(openSlots, bookingTime, service.durationMinutes)) return 0
    let offers = 0
    for (const entry of waiting) {
      if (locked.maxParticipants !== null && entry.participants > locked.maxParticipants) continue
      const start = { bookingDate, bookingTime, participants: Number(entry.participants) }
      if (await roomRefusal(req, service, entry.customer_id, start)) continue
      await offer(req, service, entry)
      offers++
    }
    return offers
  })
}

/** One round of the sweep: every start with open entries gets its turn. The starts judged. */
export async function sweepWaitlist(payload: Payload, req?: PayloadRequest): Promise<number> {
  const { rows } = await run<{ service_id: string; start_minute: string }>(payload, OPEN_STARTS, [])
  if (rows.length === 0) return 0
  const local = req ?? (await createLocalReq({}, payload))
  for (const row of rows) await sweepStart(local, String(row.service_id), Number(row.start_minute))
  return rows.length
}

const sweepers = new WeakMap<Payload, PollingLoop>()

/** Each instance sweeps every WAITLIST_SWEEP_SECONDS (and once at start). */
export function startWaitlistSweeper(payload: Payload): void {
  const loop = startPollingLoop({
    intervalMs: settings().bookings.waitlistSweepSeconds * 1000,
    round: async () => {
      await sweepWaitlist(payload)
    },
    onOutage: (err) => payload.logger.warn({ err, msg: 'waitlist: sweep failed; retrying on the next tick' }),
  })
  sweepers.set(payload, {
    wake: loop.wake,
    stop: async () => {
      sweepers.delete(payload)
      await loop.stop()
    },
  })
}

export async function stopWaitlistSweeper(payload: Payload): Promise<void> {
  await sweepers.get(payload)?.stop()
}

export const waitlistSweeper: BackgroundWorker = { start: startWaitlistSweeper, stop: stopWaitlistSweeper }
