// A service's rating ({average, count} over its published reviews) as a sentence for the
// panel: "4.5 ★ from 2 reviews", "no reviews yet".
import { countOf, formatNumber, regular } from './plural'

export function ratingText(value: unknown): string {
  const rating = value as { average?: unknown; count?: unknown } | null | undefined
  const count = Number(rating?.count) || 0
  if (count === 0 || typeof rating?.average !== 'number') return 'no reviews yet'
  return `${formatNumber(rating.average, 1)} ★ from ${countOf(count, regular('review'))}`
}
