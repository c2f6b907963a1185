// Price rules shared by every write path: an ISO 4217 currency, and a decimal `basePrice`
// with no more decimals than that currency has, stored canonically ("7.5" EUR → "7.50").
// Payload validates only the fields an update sends, so the pair is checked in a collection
// hook on the merged document: changing only `currency` re-checks the stored price.
import { type CollectionBeforeChangeHook, type TextFieldSingleValidation, ValidationError } from 'payload'

import { DECIMAL_PATTERN, DEFAULT_CURRENCY, isCurrency, normalizeAmount } from '../../../lib/money'

/** Why `code` is no ISO 4217 currency, or null. Shared by the API's schema and the field. */
export function unknownCurrency(code: unknown): string | null {
  return isCurrency(code) ? null : `Unknown currency "${String(code)}": use an ISO 4217 code such as EUR`
}

export const validateCurrency: TextFieldSingleValidation = (value) => unknownCurrency(value) ?? true

export const validateDecimal: TextFieldSingleValidation = (value) =>
  value === null || value === undefined || value === '' || (typeof value === 'string' && DECIMAL_PATTERN.test(value))
    ? true
    : 'A decimal such as 25.50: digits, optionally a dot and more digits'

export function priceFitsCurrency(collection: string): CollectionBeforeChangeHook {
  return ({ data, originalDoc }) => {
    const price = 'basePrice' in data ? data.basePrice : originalDoc?.basePrice
    const currency = (data.currency ?? originalDoc?.currency ?? DEFAULT_CURRENCY) as string
    if (price === '' && 'basePrice' in data) data.basePrice = null
    // No price, or an unknown currency (its own field validation reports that).
    if (price === null || price === undefined || price === '' || !isCurrency(currency)) return data
    const check = normalizeAmount(price, currency)
    if (!check.ok) throw new ValidationError({ collection, errors: [{ path: 'basePrice', message: check.message }] })
    if (check.value !== price || 'basePrice' in data) data.basePrice = check.value
    return data
  }
}
