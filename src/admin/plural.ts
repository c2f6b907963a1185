// Every count the panel shows goes through here, so "1 classified", "2 classifieds" and
// "no reviews yet" follow the language's plural rules (Intl.PluralRules) instead of a
// hand-written `n === 1 ? '' : 's'` at each place, and its numbers the language's format.
// The language is the panel's (English unless the signed-in person chose another).

/** A noun's forms by plural category; `other` is required, `one` and the rest optional. */
export type NounForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }

/**
 * `3 classifieds`, `1 classified`, `2.5 hours`: the count (at most `fractionDigits` decimals) and the noun's form for
 * it.
 */
export function countOf(n: number, noun: NounForms, fractionDigits = 0, language = 'en'): string {
  const options = { maximumFractionDigits: fractionDigits }
  const form = new Intl.PluralRules(language, options).select(n)
  return `${new Intl.NumberFormat(language, options).format(n)} ${noun[form] ?? noun.other}`
}

/** A noun whose plural adds an s ("review" → "reviews"). */
export const regular = (one: string): NounForms => ({ one, other: `${one}s` })

/** A number as the panel writes it (`1,234`, `4.5`), at most `fractionDigits` decimals. */
export function formatNumber(n: number, fractionDigits = 0, language = 'en'): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: fractionDigits }).format(n)
}
