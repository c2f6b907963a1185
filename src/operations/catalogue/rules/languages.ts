// Language codes on services (`inLanguage`, and one per translation) must be configured
// content locales (LOCALES), and a service has at most one translation per language.
// One definition for every door: the admin API's zod schema (endpoints/admin/services/
// services.ts) and the collection's field validation (the admin panel, stock routes) both
// call the checks below, so the rule and its message cannot drift apart.
import type { ArrayFieldValidation, TextFieldSingleValidation } from 'payload'

import { localeCodes, unknownLanguage } from '../../../lib/locales'

export { unknownLanguage }

/** The message for the first language that has two translations, or null. */
export function repeatedLanguage(rows: ReadonlyArray<{ inLanguage?: unknown } | null | undefined>): string | null {
  const seen = new Set<unknown>()
  for (const row of rows) {
    const language = row?.inLanguage
    if (!language) continue
    if (seen.has(language)) return `A translation in "${String(language)}" already exists: keep one per language`
    seen.add(language)
  }
  return null
}

export const validateLanguage: TextFieldSingleValidation = (value, { req, required }) => {
  if (value === null || value === undefined || value === '') return required ? 'A language is required' : true
  return unknownLanguage(value, localeCodes(req.payload)) ?? true
}

export const oneTranslationPerLanguage: ArrayFieldValidation = (value) =>
  Array.isArray(value) ? (repeatedLanguage(value as Array<{ inLanguage?: unknown }>) ?? true) : true
