// A service's rating ({average, count} over its published reviews) as a sentence for the
// panel: "4.5 ★ from 2 reviews", "no reviews yet".
import { panelText } from './i18n/index'

export function ratingText(value: unknown, language = 'en'): string {
  const text = panelText(language)
  const rating = value as { average?: unknown; count?: unknown } | null | undefined
  const count = Number(rating?.count) || 0
  if (count === 0 || typeof rating?.average !== 'number') return text.t('rating.none')
  return text.plural('rating.text', count, { average: text.number(rating.average, 1) })
}
