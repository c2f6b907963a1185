// The demo bookings `npm run seed` writes fall on distinct weekdays whatever day it runs: on a
// Saturday two of them once landed on the same Monday at the same time, the second refused
// as an overlap, and the seed (with every browser file's seeded template) failed.
import { describe, expect, it } from '@jest/globals'

import { DEMO_BOOKINGS, weekdayDate } from '../../scripts/seed-demo-bookings'

// Monday 2026-11-23 to Sunday 2026-11-29, at noon and just before midnight.
const WEEK = Array.from({ length: 7 }, (_, day) => [new Date(2026, 10, 23 + day, 12), new Date(2026, 10, 23 + day, 23, 59)]).flat()
const weekdayOf = (date: string) => new Date(`${date}T12:00:00`).getDay()

describe('the demo bookings’ dates', () => {
  it.each(WEEK.map((today) => [today.toString(), today]))('are distinct weekdays, the open ones ahead and the finished ones past, on %s', (_, today) => {
    const local = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`
    const dates = DEMO_BOOKINGS.map((booking) => weekdayDate(booking.weekdays, today as Date))
    expect(new Set(dates).size).toBe(DEMO_BOOKINGS.length)
    for (const [index, booking] of DEMO_BOOKINGS.entries()) {
      expect([1, 2, 3, 4, 5]).toContain(weekdayOf(dates[index]!))
      if (booking.weekdays > 0) expect(dates[index]! > local(today as Date)).toBe(true)
      else expect(dates[index]! < local(today as Date)).toBe(true)
    }
  })

  it('counts Mondays to Fridays only', () => {
    // Saturday 2026-11-28: the 1st weekday after is Monday the 30th, the 5th Friday 4 December,
    // the 1st before Friday the 27th.
    const saturday = new Date(2026, 10, 28, 12)
    expect(weekdayDate(1, saturday)).toBe('2026-11-30')
    expect(weekdayDate(5, saturday)).toBe('2026-12-04')
    expect(weekdayDate(6, saturday)).toBe('2026-12-07')
    expect(weekdayDate(-1, saturday)).toBe('2026-11-27')
  })
})
