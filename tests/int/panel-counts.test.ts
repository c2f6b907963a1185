// How the admin panel writes counts (issue 33 item 4): plural rules instead of a fixed "s",
// a service's rating in words, and the transparency medians in hours.
import { describe, expect, it } from '@jest/globals'

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
