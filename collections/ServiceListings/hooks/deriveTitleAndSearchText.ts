import type { CollectionBeforeChangeHook } from 'payload'

import type { ServiceListing } from '../../../src/payload-types'

interface Translation {
  inLanguage?: string | null
  title?: string | null
}

/** The title a list shows: the one in the service's own language, else the first, else the slug. */
export function displayTitle(slug: string, inLanguage: string | null | undefined, translations: Translation[]): string {
  const own = translations.find((row) => row.inLanguage && row.inLanguage === inLanguage)?.title
  return own || translations.find((row) => row.title)?.title || slug
}

/**
 * Keeps two derived columns in step with what they summarise: `title` (the admin list's
 * column, and the name bookings show) and `searchText` (slug and every translation title,
 * lower-cased, in one indexed column so `q` is one index lookup instead of a join).
 */
export const deriveTitleAndSearchText: CollectionBeforeChangeHook<ServiceListing> = ({ data, originalDoc }) => {
  const slug = (data.slug ?? originalDoc?.slug ?? '') as string
  const inLanguage = (data.inLanguage !== undefined ? data.inLanguage : originalDoc?.inLanguage) as string | null
  // Collection hooks run before field validation: a stock write may send anything here
  // (`"translations": {}` was a TypeError, a 500). Non-rows are skipped; validation refuses them.
  const given: unknown = data.translations ?? originalDoc?.translations
  const translations = (Array.isArray(given) ? given : []).filter(
    (row): row is Translation => Boolean(row) && typeof row === 'object',
  )
  data.title = displayTitle(slug, inLanguage, translations)
  data.searchText = [slug, ...translations.map((row) => row.title ?? '')].join('\n').toLowerCase()
  return data
}
