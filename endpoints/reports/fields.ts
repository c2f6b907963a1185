// The bodies of the moderation-family routes of docs/api.md "Reports, the moderation queue,
// appeals and transparency", read by hand like POST /api/admin/moderate's
// (endpoints/admin/moderate.ts): each check in the documented order with its own code and
// `field` (VAL_REQUIRED_FIELD for the first missing field, then VAL_INVALID_ENUM, then lengths).
import { invalidBody } from '../../src/lib/http/body'
import { reportErrors } from '../../src/operations/reports/errors'

export type Fields = Record<string, unknown>

/** A JSON object whose `required` fields are non-empty strings (absent, null, empty or another type: missing). */
export function requireFields(body: unknown, required: readonly string[]): Record<string, string> & Fields {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw invalidBody('The request body must be a JSON object')
  const fields = body as Fields
  for (const field of required) {
    const value = fields[field]
    if (typeof value !== 'string' || value === '') throw reportErrors.required(field)
  }
  return fields as Record<string, string> & Fields
}

export function oneOf<T extends string>(field: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) throw reportErrors.invalidEnum(field, allowed)
  return value as T
}

/** Trimmed, between `min` and `max` characters. */
export function text(field: string, value: string, min: number, max: number): string {
  const trimmed = value.trim()
  if (trimmed.length < min) throw reportErrors.tooShort(field, min)
  if (trimmed.length > max) throw reportErrors.tooLong(field, max)
  return trimmed
}
