// A service's rating as every representation shows it (docs/api.md "Community content"): `{average, count}`
// over its published reviews, from the two integer columns the reviews keep exact
// (collections/Reviews/serviceRating.ts). Integers, so the average is exact at any count.
export interface Rating {
  /** Mean of the published reviews' ratings, two decimals; null without any. */
  average: number | null
  count: number
}

export function ratingOf(sum: unknown, count: unknown): Rating {
  const n = Number(count) || 0
  return { average: n === 0 ? null : Math.round((Number(sum) * 100) / n) / 100, count: n }
}
