// The demo bookings `npm run seed` writes fall on distinct weekdays whatever day it runs: on a
// Saturday two of them once landed on the same Monday at the same time, the second refused
// as an overlap, and the seed (with every browser file's seeded template) failed.
import { describe, expect, it } from '@jest/globals'

import { DEMO_BOOKINGS, weekdayDate } from '../../scripts/seed-demo-bookings'
import { addDays, dayOfWeek, nowWallClockMinute, wallClockToday } from '../../src/lib/wall-clock'

// Monday 2026-11-23 to Sunday 2026-11-29.
const WEEK = Array.from({ length: 7 }, (_, day) => addDays('2026-11-23', day))

describe('the demo bookings’ dates', () => {
  it.each(WEEK)('are distinct weekdays, the open ones ahead and the finished ones past, on %s', (today) => {
    const dates = DEMO_BOOKINGS.map((booking) => weekdayDate(booking.weekdays, today))
    expect(new Set(dates).size).toBe(DEMO_BOOKINGS.length)
    for (const [index, booking] of DEMO_BOOKINGS.entries()) {
      expect([1, 2, 3, 4, 5]).toContain(dayOfWeek(dates[index]!))
      if (booking.weekdays > 0) expect(dates[index]! > today).toBe(true)
      else expect(dates[index]! < today).toBe(true)
    }
  })

  it('counts Mondays to Fridays only', () => {
    // Saturday 2026-11-28: the 1st weekday after is Monday the 30th, the 5th Friday 4 December,
    // the 1st before Friday the 27th.
    expect(weekdayDate(1, '2026-11-28')).toBe('2026-11-30')
    expect(weekdayDate(5, '2026-11-28')).toBe('2026-12-04')
    expect(weekdayDate(6, '2026-11-28')).toBe('2026-12-07')
    expect(weekdayDate(-1, '2026-11-28')).toBe('2026-11-27')
  })

  it('counts from today on the server’s wall clock, to the minute before midnight', () => {
    // 23:59 local on Saturday 28 November is still that Saturday (no time zone).
    expect(wallClockToday(nowWallClockMinute(new Date(2026, 10, 28, 23, 59)))).toBe('2026-11-28')
    expect(wallClockToday(nowWallClockMinute(new Date(2026, 10, 29, 0, 0)))).toBe('2026-11-29')
  })
})
