// A collection's name as a noun for counts ("1 classified", "2 classifieds"), from its own
// labels in the panel's language, so a count and the navigation name things alike.
import type { BasePayload, CollectionSlug } from 'payload'

import type { NounForms } from './plural'

type Label = unknown

/** The text of a static label in `language` (a string, or a record by language); undefined otherwise. */
function labelText(label: Label, language: string): string | undefined {
  if (typeof label === 'string') return label
  if (label && typeof label === 'object') {
    const byLanguage = label as Record<string, unknown>
    const text = byLanguage[language] ?? byLanguage.en ?? Object.values(byLanguage)[0]
    return typeof text === 'string' ? text : undefined
  }
  return undefined
}

export function collectionNoun(payload: BasePayload, slug: CollectionSlug, language = 'en'): NounForms {
  const labels = payload.collections[slug]?.config.labels
  const words = slug.replace(/-/g, ' ')
  // German nouns keep their capital.
  const lower = (text: string | undefined) => (language === 'de' ? text : text?.toLowerCase())
  const one = lower(labelText(labels?.singular, language)) ?? words
  const other = lower(labelText(labels?.plural, language)) ?? words
  return { one, other }
}
