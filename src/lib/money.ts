// Money without floats: decimal prices travel as strings ("25.50") and become integer minor
// units ("2550" cents) by string arithmetic only, with each currency's ISO 4217 minor digits.

// ISO 4217 active currencies, by minor digits (funds and precious metals without minor units
// are left out: nothing is priced in them). Two digits is the common case.
const ZERO = 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF'
const THREE = 'BHD IQD JOD KWD LYD OMR TND'
const FOUR = 'CLF UYW'
const TWO =
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP BYN BZD CAD CDF ' +
  'CHE CHF CHW CNY COP COU CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GTQ GYD ' +
  'HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT ' +
  'MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR ' +
  'SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD USN UYU ' +
  'UZS VED VES WST XCD XCG ZAR ZMW ZWG'

const MINOR_DIGITS: ReadonlyMap<string, number> = new Map([
  ...ZERO.split(' ').map((code) => [code, 0] as const),
  ...TWO.split(' ').map((code) => [code, 2] as const),
  ...THREE.split(' ').map((code) => [code, 3] as const),
  ...FOUR.split(' ').map((code) => [code, 4] as const),
])

export const DEFAULT_CURRENCY = 'EUR'

/** Every accepted code, alphabetical (the admin panel's currency list). */
export const CURRENCY_CODES: readonly string[] = [...MINOR_DIGITS.keys()].sort()

/** The decimal format of every price: digits, optionally a dot and more digits. */
export const DECIMAL_PATTERN = /^\d+(\.\d+)?$/
// Large enough for any real price, small enough that minor units stay exact in a JS number.
const MAX_INTEGER_DIGITS = 12

export function isCurrency(code: unknown): code is string {
  return typeof code === 'string' && MINOR_DIGITS.has(code)
}

export function minorDigits(currency: string): number {
  const digits = MINOR_DIGITS.get(currency)
  if (digits === undefined) throw new Error(`Unknown currency ${currency}`)
  return digits
}

/** "2 decimals", "0 decimals", "1 decimal": how prices in a currency are written. */
export function decimalsText(currency: string): string {
  const digits = minorDigits(currency)
  return `${digits} decimal${digits === 1 ? '' : 's'}`
}

export type AmountCheck = { ok: true; value: string } | { ok: false; message: string }

/**
 * Checks a decimal price against its currency and writes it canonically, padded to the
 * currency's minor digits: "7.5" EUR → "7.50", "0012" JPY → "12".
 */
export function normalizeAmount(amount: unknown, currency: string): AmountCheck {
  if (typeof amount !== 'string' || !DECIMAL_PATTERN.test(amount)) {
    return { ok: false, message: 'Must be a decimal string of digits with an optional dot, e.g. "25.50"' }
  }
  if (!isCurrency(currency)) return { ok: false, message: `Unknown currency ${String(currency)}` }
  const digits = minorDigits(currency)
  const [rawInteger = '0', fraction = ''] = amount.split('.')
  if (fraction.length > digits) {
    return { ok: false, message: `${currency} allows at most ${decimalsText(currency)}` }
  }
  const integer = rawInteger.replace(/^0+(?=\d)/, '')
  if (integer.length > MAX_INTEGER_DIGITS)
    return { ok: false, message: `At most ${MAX_INTEGER_DIGITS} digits before the dot` }
  return { ok: true, value: digits === 0 ? integer : `${integer}.${fraction.padEnd(digits, '0')}` }
}

/** "25.50" EUR → 2550. Throws on an amount `normalizeAmount` would refuse. */
export function toMinorUnits(amount: string, currency: string): number {
  const check = normalizeAmount(amount, currency)
  if (!check.ok) throw new Error(check.message)
  return Number(check.value.replace('.', ''))
}

/**
 * `minor × numerator / denominator`, rounded half up, in exact integer arithmetic
 * (an hourly price for 90 minutes is `scaleMinorUnits(price, 90, 60)`).
 */
export function scaleMinorUnits(minor: number, numerator: number, denominator: number): number {
  if (![minor, numerator, denominator].every(Number.isSafeInteger) || minor < 0 || numerator < 0 || denominator <= 0) {
    throw new Error('scaleMinorUnits takes non-negative safe integers and a positive denominator')
  }
  const product = BigInt(minor) * BigInt(numerator)
  const den = BigInt(denominator)
  const quotient = product / den
  const remainder = product % den
  return Number(remainder * 2n >= den ? quotient + 1n : quotient)
}
