// A collection's name as a noun for counts ("1 classified", "2 classifieds"), from its own
// labels, so a count and the navigation name things alike.
import type { BasePayload, CollectionSlug } from 'payload'

import type { NounForms } from './plural'

type Label = unknown

/** The English text of a static label (a string, or a record by language); undefined otherwise. */
function labelText(label: Label): string | undefined {
  if (typeof label === 'string') return label
  if (label && typeof label === 'object') {
    const byLanguage = label as Record<string, unknown>
    const text = byLanguage.en ?? Object.values(byLanguage)[0]
    return typeof text === 'string' ? text : undefined
  }
  return undefined
}

export function collectionNoun(payload: BasePayload, slug: CollectionSlug): NounForms {
  const labels = payload.collections[slug]?.config.labels
  const words = slug.replace(/-/g, ' ')
  const one = labelText(labels?.singular)?.toLowerCase() ?? words
  const other = labelText(labels?.plural)?.toLowerCase() ?? words
  return { one, other }
}
