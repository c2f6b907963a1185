// Localized values as the API shows them: `{ "en": "...", "fr": "..." }` with only the
// languages that have text (Payload's `locale: 'all'` reads give null for the others).
export type Localized = Record<string, string>

export function presentLocalized(value: unknown): Localized {
  if (!value || typeof value !== 'object') return {}
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''))
}

/** The id of a relationship value, populated or not. */
export function idOf(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null
  if (typeof value === 'object') return String((value as { id: unknown }).id)
  return String(value)
}
