// The demo bookings of `npm run seed` (scripts/seed.ts) and the dates they fall on.
// One booking in every status, on the weekday slots of a demo service (home-cleaning,
// Monday to Friday 08:00–16:00): open ones ahead, finished ones in the past. `weekdays`
// counts Mondays to Fridays from today, so no two bookings share a date whatever today is
// (moving a date off the weekend instead put two of them on the same Monday every Saturday,
// and the second was refused as an overlap).
import { addDays, dayOfWeek, wallClockToday } from '../src/lib/wall-clock'

export const DEMO_BOOKINGS: Array<{ status: string; weekdays: number; message?: string; response?: string }> = [
  { status: 'pending', weekdays: 5, message: 'Please bring your own products.' },
  { status: 'confirmed', weekdays: 7, message: 'The door code is 4821.', response: 'Noted, see you then.' },
  { status: 'cancelled_by_customer', weekdays: 8 },
  { status: 'cancelled_by_provider', weekdays: 9, response: 'Sorry, I am ill that day.' },
  { status: 'completed', weekdays: -5 },
  { status: 'no_show', weekdays: -3 },
]

/** The `weekdays`-th Monday–Friday after `today` (before it when negative), on the server's wall clock. */
export function weekdayDate(weekdays: number, today: string = wallClockToday()): string {
  const step = Math.sign(weekdays)
  let date = today
  for (let left = Math.abs(weekdays); left > 0;) {
    date = addDays(date, step)
    if (dayOfWeek(date) !== 0 && dayOfWeek(date) !== 6) left--
  }
  return date
}
