// A booking's statuses and the admin's moves between them (docs/api.md "Admin
// service catalogue (/api/admin/services)"). One table for every path: the
// admin endpoint, the admin panel and the stock REST route
// (collections/Bookings/hooks).
export const BOOKINGS_COLLECTION = 'bookings'

export const BOOKING_STATUSES = [
  'pending',
  'confirmed',
  'cancelled_by_customer',
  'cancelled_by_provider',
  'completed',
  'no_show',
] as const
export type BookingStatus = (typeof BOOKING_STATUSES)[number]

export const BOOKING_ACTIONS = ['confirm', 'cancel', 'complete', 'no_show', 'respond'] as const
export type BookingAction = (typeof BOOKING_ACTIONS)[number]
export type StatusAction = Exclude<BookingAction, 'respond'>

export const MOVES: Record<StatusAction, { from: readonly BookingStatus[]; to: BookingStatus }> = {
  confirm: { from: ['pending'], to: 'confirmed' },
  cancel: { from: ['pending', 'confirmed'], to: 'cancelled_by_provider' },
  complete: { from: ['confirmed'], to: 'completed' },
  no_show: { from: ['confirmed'], to: 'no_show' },
}

/** The longest reason a customer may give for cancelling (docs/api.md "Cancel and reschedule a booking"). */
export const CANCELLATION_REASON_MAX = 500

/** The most seats one start of a service may have, and so the most participants of one booking or hold. */
export const MAX_SEATS_PER_SLOT = 1000

/** Statuses that hold their time: the no-overlap constraint covers exactly these. */
export const BLOCKING_STATUSES: readonly BookingStatus[] = ['pending', 'confirmed']

/** The action that moves `from` to `to`, or null when the table has no such move. */
export function actionFor(from: string, to: string): StatusAction | null {
  for (const [action, move] of Object.entries(MOVES) as Array<[StatusAction, (typeof MOVES)[StatusAction]]>) {
    if (move.to === to && move.from.includes(from as BookingStatus)) return action
  }
  return null
}

export const PAST_TENSE: Record<BookingAction, string> = {
  confirm: 'confirmed',
  cancel: 'cancelled',
  complete: 'marked as completed',
  no_show: 'marked as a no-show',
  respond: 'answered',
}
