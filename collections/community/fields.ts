// Field builders shared by the community content types: every field bounded
// (docs/api.md "Community content"), plain text refused when it is anything but
// a string (rich-text JSON, numbers), relationships checked to exist.
import type {
  DateFieldValidation,
  Field,
  FieldAccess,
  NumberFieldSingleValidation,
  RelationshipField,
  TextareaField,
  TextField,
  TextFieldSingleValidation,
} from 'payload'

import { DEFAULT_CURRENCY } from '../../src/lib/money'
import { validateCurrency, validateDecimal } from '../../src/operations/catalogue/rules/price'
import { existingReference } from '../../src/operations/catalogue/rules/references'

/** As `update` access: written once, at creation (what an item is about: its thread, booking, target). */
export const fixedAfterCreate: FieldAccess = () => false
/** Kept by the platform (counters, dates of approval): never from a body. */
export const platformOnly: FieldAccess = () => false

export function plainTextRule(max: number, required: boolean): TextFieldSingleValidation {
  return (value) => {
    if (value === null || value === undefined || value === '') return required ? 'This field is required' : true
    if (typeof value !== 'string') return 'Plain text is expected here'
    if (required && value.trim() === '') return 'This field is empty'
    return value.length <= max ? true : `At most ${max.toLocaleString('en')} characters`
  }
}

export function text(name: string, max: number, { required = false, long = false } = {}): TextField | TextareaField {
  const rule = plainTextRule(max, required) as never
  return long
    ? { name, type: 'textarea', required, maxLength: max, validate: rule }
    : { name, type: 'text', required, maxLength: max, validate: rule }
}

/** A decimal price as a string ("25.50"), with its ISO 4217 currency. */
export function priceFields(): Field[] {
  const price: TextFieldSingleValidation = (value, options) =>
    typeof value === 'string' && value.length > 16 ? 'At most 16 characters' : validateDecimal(value, options)
  return [
    { name: 'price', type: 'text', validate: price },
    { name: 'currency', type: 'text', required: true, defaultValue: DEFAULT_CURRENCY, validate: validateCurrency },
  ]
}

/**
 * A date that must parse (the adapter would throw on garbage: a 500). A custom `validate`
 * replaces Payload's, `required` check included, so it is made here: a required date sent as
 * null would otherwise reach the NOT NULL column (a 500).
 */
export const validDate: DateFieldValidation = (input, { required }) => {
  const value: unknown = input
  if (value === null || value === undefined || value === '') return required ? 'This field is required' : true
  const time = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : Number.NaN
  return Number.isFinite(time) ? true : 'A date in ISO 8601 form'
}

export function relation(
  name: string,
  relationTo: string,
  label: string,
  { required = false, index = true } = {},
): RelationshipField {
  return {
    name,
    type: 'relationship',
    relationTo: relationTo as never,
    index,
    maxDepth: 1,
    validate: existingReference(relationTo, label, { required }) as never,
    access: { update: fixedAfterCreate },
  } as RelationshipField
}

/** A number within bounds; `required` enforced here, as for dates (a custom validate replaces Payload's). */
export function boundedNumber(min: number, max: number, { integer = false } = {}): NumberFieldSingleValidation {
  return (value, { required }) => {
    if (value === null || value === undefined) return required ? 'This field is required' : true
    if (typeof value !== 'number' || !Number.isFinite(value)) return 'A number is expected'
    if (integer && !Number.isInteger(value)) return 'A whole number is expected'
    return value >= min && value <= max ? true : `Between ${min} and ${max}`
  }
}

/** Lexical JSON (`{root: …}`) of at most `max` characters once serialized. */
export function boundedRichText(max: number) {
  return (value: unknown): true | string => {
    if (value === null || value === undefined) return true
    if (typeof value !== 'object' || Array.isArray(value) || !('root' in value))
      return 'Rich text (Lexical JSON with a root) is expected'
    return JSON.stringify(value).length <= max ? true : `At most ${max.toLocaleString('en')} characters of rich text`
  }
}
