// Localized values as the API shows them: `{ "en": "...", "fr": "..." }` with only the
// languages that have text (Payload's `locale: 'all'` reads give null for the others).
export type Localized = Record<string, string>

export function presentLocalized(value: unknown): Localized {
  if (!value || typeof value !== 'object') return {}
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  )
}

/** The localized part of an input, per language: `{ fr: { caption: '…', alt: null } }`. */
export function textsByLocale<F extends string, V = string | null>(
  input: Partial<Record<F, Record<string, V> | null | undefined>>,
  fields: readonly F[],
): Record<string, Partial<Record<F, V>>> {
  const byLocale: Record<string, Partial<Record<F, V>>> = {}
  for (const field of fields) {
    for (const [locale, value] of Object.entries(input[field] ?? {}))
      byLocale[locale] = { ...byLocale[locale], [field]: value }
  }
  return byLocale
}
