// Language codes on services (`inLanguage`, and one per translation) must be configured
// content locales (LOCALES), and a service has at most one translation per language.
import type { ArrayFieldValidation, TextFieldSingleValidation } from 'payload'

import { localeCodes } from '../../../lib/locales'

export const validateLanguage: TextFieldSingleValidation = (value, { req, required }) => {
  if (value === null || value === undefined || value === '') return required ? 'A language is required' : true
  const locales = localeCodes(req.payload)
  return locales.includes(value) ? true : `Unknown language "${value}"; configured: ${locales.join(', ')}`
}

export const oneTranslationPerLanguage: ArrayFieldValidation = (value) => {
  if (!Array.isArray(value)) return true
  const seen = new Set<string>()
  for (const row of value as Array<{ inLanguage?: string }>) {
    if (row?.inLanguage && seen.has(row.inLanguage)) return `Two translations in "${row.inLanguage}": keep one per language`
    if (row?.inLanguage) seen.add(row.inLanguage)
  }
  return true
}
