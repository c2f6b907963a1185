// src/lib/money.ts: decimal prices as strings, checked against each currency's ISO 4217
// minor digits and turned into integer minor units by string arithmetic only.
import { describe, expect, it } from '@jest/globals'

import { isCurrency, minorDigits, normalizeAmount, scaleMinorUnits, toMinorUnits } from '../../src/lib/money'

describe('currencies', () => {
  it('knows ISO 4217 codes and their minor digits', () => {
    expect([minorDigits('EUR'), minorDigits('JPY'), minorDigits('KWD'), minorDigits('CLF')]).toEqual([2, 0, 3, 4])
    expect(isCurrency('USD')).toBe(true)
    for (const code of ['XYZ', 'eur', 'EURO', '', null, 12, 'XAU']) expect(isCurrency(code)).toBe(false)
  })
})

describe('normalizeAmount', () => {
  it.each([
    ['25.5', 'EUR', '25.50'],
    ['25', 'EUR', '25.00'],
    ['0', 'EUR', '0.00'],
    ['007.10', 'EUR', '7.10'],
    ['1000', 'JPY', '1000'],
    ['1.234', 'KWD', '1.234'],
    ['999999999999.99', 'EUR', '999999999999.99'],
  ])('%s %s → %s', (amount, currency, expected) => {
    expect(normalizeAmount(amount, currency)).toEqual({ ok: true, value: expected })
  })

  it.each([
    ['12,50', 'EUR'],
    ['1e3', 'EUR'],
    ['-1', 'EUR'],
    ['+1', 'EUR'],
    ['1.', 'EUR'],
    ['.5', 'EUR'],
    [' 1', 'EUR'],
    ['12.345', 'EUR'],
    ['1.5', 'JPY'],
    ['1.2345', 'KWD'],
    ['1', 'XYZ'],
    ['1234567890123', 'EUR'],
  ])('refuses %s %s', (amount, currency) => {
    expect(normalizeAmount(amount, currency)).toMatchObject({ ok: false, message: expect.any(String) })
  })

  it('refuses what is not a string', () => {
    expect(normalizeAmount(12.5, 'EUR').ok).toBe(false)
  })
})

describe('minor units', () => {
  it('converts exactly, where floats would not', () => {
    expect(toMinorUnits('0.29', 'EUR')).toBe(29)
    expect(toMinorUnits('1.005', 'KWD')).toBe(1005)
    expect(toMinorUnits('19.99', 'EUR')).toBe(1999)
    expect(toMinorUnits('999999999999.99', 'EUR')).toBe(99999999999999)
    expect(toMinorUnits('1500', 'JPY')).toBe(1500)
    expect(() => toMinorUnits('1.5', 'JPY')).toThrow()
  })

  it('scales with half-up rounding (an hourly price for 90 or 50 minutes)', () => {
    expect(scaleMinorUnits(2550, 90, 60)).toBe(3825)
    expect(scaleMinorUnits(1001, 1, 2)).toBe(501)
    expect(scaleMinorUnits(1000, 50, 60)).toBe(833)
    expect(scaleMinorUnits(1, 1, 2)).toBe(1)
    expect(() => scaleMinorUnits(1, 1, 0)).toThrow()
  })
})
