// How the admin panel writes counts: plural rules instead of a fixed "s",
// a service's rating in words, and the transparency medians in hours. And how a service's
// coming weeks read: closed dates, closed hours, extra hours, the starts.
import { describe, expect, it } from '@jest/globals'

import { calendarDays, exceptionText } from '../../src/admin/calendarDays'
import { countOf, regular } from '../../src/admin/plural'
import { ratingText } from '../../src/admin/ratingText'
import { hoursText } from '../../src/admin/transparencyLabels'

describe('counts in the panel', () => {
  it('use the singular for one and the plural otherwise, with grouped thousands', () => {
    expect(countOf(1, { one: 'classified', other: 'classifieds' })).toBe('1 classified')
    expect(countOf(0, { one: 'place', other: 'places' })).toBe('0 places')
    expect(countOf(2, regular('booking'))).toBe('2 bookings')
    expect(countOf(1234, regular('item'))).toBe('1,234 items')
  })

  it('say a rating as words: the average to one decimal and how many reviews', () => {
    expect(ratingText({ average: 4.5, count: 2 })).toBe('4.5 ★ from 2 reviews')
    expect(ratingText({ average: 3, count: 1 })).toBe('3 ★ from 1 review')
    expect(ratingText({ average: 4.33, count: 3 })).toBe('4.3 ★ from 3 reviews')
    expect(ratingText({ average: null, count: 0 })).toBe('no reviews yet')
    expect(ratingText(undefined)).toBe('no reviews yet')
  })

  it('give medians in hours, singular at one, and say when there is none', () => {
    expect(hoursText(1)).toBe('1 hour')
    expect(hoursText(1.04)).toBe('1 hour')
    expect(hoursText(3.46)).toBe('3.5 hours')
    expect(hoursText(0)).toBe('under 0.1 hours')
    expect(hoursText(0.01)).toBe('under 0.1 hours')
    expect(hoursText(null)).toBe('none in this period')
  })
})

describe('a service’s coming weeks in the panel', () => {
  // 2030-01-07 is a Monday (dayOfWeek 1).
  const weekly = [
    { dayOfWeek: 1, startTime: '09:00', endTime: '12:00', isAvailable: true },
    { dayOfWeek: 2, startTime: '09:00', endTime: '12:00', isAvailable: true },
    { dayOfWeek: 3, startTime: '09:00', endTime: '12:00', isAvailable: false },
  ]
  const exception = (
    date: string,
    isAvailable: boolean,
    startTime: string | null = null,
    endTime: string | null = null,
    reason: string | null = null,
  ) => ({ id: date + String(startTime), date, isAvailable, startTime, endTime, reason })

  it('mark a closed date, a closed hour and extra hours as the booking rule applies them, with the listed starts', () => {
    const exceptions = [
      exception('2030-01-07', false, null, null, 'Holiday'),
      exception('2030-01-08', false, '10:00', '11:00'),
      exception('2030-01-09', true, '18:00', '20:00'),
    ]
    const starts = { '2030-01-07': [], '2030-01-08': ['09:00', '11:00'], '2030-01-09': ['18:00', '19:00'] }
    const [monday, tuesday, wednesday, thursday] = calendarDays('2030-01-07', 4, weekly, exceptions, starts)
    expect(monday).toEqual({
      date: '2030-01-07',
      closed: true,
      open: [],
      extraHours: [],
      closedWindows: [],
      reasons: ['Holiday'],
      starts: [],
    })
    expect(tuesday).toMatchObject({
      closed: false,
      open: [
        { startTime: '09:00', endTime: '10:00' },
        { startTime: '11:00', endTime: '12:00' },
      ],
      closedWindows: [{ startTime: '10:00', endTime: '11:00' }],
    })
    // The unavailable weekly slot does not open Wednesday; its extra hours do.
    expect(wednesday).toMatchObject({
      closed: false,
      open: [{ startTime: '18:00', endTime: '20:00' }],
      extraHours: [{ startTime: '18:00', endTime: '20:00' }],
      starts: ['18:00', '19:00'],
    })
    expect(thursday).toMatchObject({ date: '2030-01-10', closed: false, open: [], starts: [] })
    // A service that lists no starts (not active): null, not "none".
    expect(calendarDays('2030-01-07', 1, weekly, [], null)[0]!.starts).toBeNull()
  })

  it('say what an exception does', () => {
    expect(exceptionText({ isAvailable: false, startTime: null, endTime: null })).toBe('Closed all day')
    expect(exceptionText({ isAvailable: false, startTime: '12:00', endTime: '13:00' })).toBe('Closed 12:00–13:00')
    expect(exceptionText({ isAvailable: true, startTime: '18:00', endTime: '21:00' })).toBe('Extra hours 18:00–21:00')
  })
})
