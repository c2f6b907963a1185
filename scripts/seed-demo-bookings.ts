// The demo bookings of `npm run seed` (scripts/seed.ts) and the dates they fall on.
// One booking in every status, on the weekday slots of a demo service (home-cleaning,
// Monday to Friday 08:00–16:00): open ones ahead, finished ones in the past. `weekdays`
// counts Mondays to Fridays from today, so no two bookings share a date whatever today is
// (moving a date off the weekend instead put two of them on the same Monday every Saturday,
// and the second was refused as an overlap).
export const DEMO_BOOKINGS: Array<{ status: string; weekdays: number; message?: string; response?: string }> = [
  { status: 'pending', weekdays: 5, message: 'Please bring your own products.' },
  { status: 'confirmed', weekdays: 7, message: 'The door code is 4821.', response: 'Noted, see you then.' },
  { status: 'cancelled_by_customer', weekdays: 8 },
  { status: 'cancelled_by_provider', weekdays: 9, response: 'Sorry, I am ill that day.' },
  { status: 'completed', weekdays: -5 },
  { status: 'no_show', weekdays: -3 },
]

/** The local date of the `weekdays`-th Monday–Friday after today (before it when negative). */
export function weekdayDate(weekdays: number, today: Date = new Date()): string {
  const date = new Date(today.getFullYear(), today.getMonth(), today.getDate(), 12)
  const step = Math.sign(weekdays)
  for (let left = Math.abs(weekdays); left > 0; ) {
    date.setDate(date.getDate() + step)
    if (date.getDay() !== 0 && date.getDay() !== 6) left--
  }
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}
