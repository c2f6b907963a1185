// What a failed booking write means to the client. The booking rule's trigger (booking-judge.ts) and the
// exclusion constraint (src/migrations/*_bookings_no_overlap.ts) refuse with SQLSTATEs Payload's adapter does not
// recognise (it maps only unique violations, 23505), so they arrive as the raw driver error, possibly wrapped in
// drizzle's query error (`cause`).
import type { PayloadRequest } from 'payload'

import { ERROR_CODES } from '../../../domain/error-codes'
import { apiError, invalidRequest } from '../../lib/http/errors'
import { inOneStatement, inTransaction } from '../../lib/transaction'
import { toCatalogueError } from '../catalogue/errors'

export const OVERLAP_CONSTRAINT = 'bookings_no_overlap'
/** The booking function's refusals of a party (above `maxParticipants`) and of a start without seats left. */
export const PARTY_CHECK = 'bookings_participants_max'
export const SEATS_CHECK = 'bookings_seats'
/** The booking rule's refusal of a date at the service's `maxBookingsPerDay`. */
export const DAY_CAP_CHECK = 'bookings_day_cap'
export const CONFLICT_MESSAGE = ERROR_CODES.booking_conflict.message

function violated(error: unknown, wanted: string, name: string): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const { code, constraint, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown }
    if (code === wanted && constraint === name) return true
    current = cause
  }
  return false
}

/** True when `error`, or an error it wraps, is a violation of the bookings' no-overlap constraint. */
export const isOverlapViolation = (error: unknown): boolean => violated(error, '23P01', OVERLAP_CONSTRAINT)

/** 400 `invalid_request` for a party above the service's `maxParticipants` (docs/api.md "Seats"). */
export const partyTooLarge = (most: number | null) =>
  invalidRequest(`participants is at most ${most ?? 'the service’s maxParticipants'} for this service`, [
    { path: 'participants', message: 'above the service’s maxParticipants' },
  ])

export const slotFull = () => apiError('slot_full')

export const bookingConflict = () => apiError('booking_conflict')

/** True when `error` is the booking rule's refusal of a place (an overlap, the seats, the cap, the party). */
export const isBookingRefusal = (error: unknown): boolean =>
  isOverlapViolation(error) || [SEATS_CHECK, DAY_CAP_CHECK, PARTY_CHECK].some((name) => violated(error, '23514', name))

export function toBookingError(error: unknown): unknown {
  if (isOverlapViolation(error)) return bookingConflict()
  if (violated(error, '23514', SEATS_CHECK)) return slotFull()
  if (violated(error, '23514', DAY_CAP_CHECK)) return apiError('day_full')
  if (violated(error, '23514', PARTY_CHECK)) return partyTooLarge(null)
  return toCatalogueError(error)
}

/** One transaction for a booking use case; a lost race on the constraint is a 409, not a 500. */
export async function bookingTransaction<T>(req: PayloadRequest, fn: () => Promise<T>): Promise<T> {
  try {
    return await inTransaction(req, fn)
  } catch (error) {
    throw toBookingError(error)
  }
}

/** `bookingTransaction` for a use case whose writes are one statement (transaction.ts `inOneStatement`). */
export async function bookingStatement<T>(req: PayloadRequest, fn: () => Promise<T>): Promise<T> {
  try {
    return await inOneStatement(req, fn)
  } catch (error) {
    throw toBookingError(error)
  }
}
