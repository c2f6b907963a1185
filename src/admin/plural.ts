// Every count the panel shows goes through here, so "1 classified", "2 classifieds" and
// "no reviews yet" follow the language's plural rules (Intl.PluralRules) instead of a
// hand-written `n === 1 ? '' : 's'` at each place. The panel speaks English (its labels are
// English), so the rules and number formats are English ones.
const LOCALE = 'en'
const rules = new Intl.PluralRules(LOCALE)
const numbers = new Intl.NumberFormat(LOCALE)

/** A noun's forms by plural category; `other` is required, `one` and the rest optional. */
export type NounForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }

/**
 * `3 classifieds`, `1 classified`, `2.5 hours`: the count (at most `fractionDigits` decimals) and the noun's form for
 * it.
 */
export function countOf(n: number, noun: NounForms, fractionDigits = 0): string {
  const options = { maximumFractionDigits: fractionDigits }
  const form = fractionDigits === 0 ? rules.select(n) : new Intl.PluralRules(LOCALE, options).select(n)
  const text = fractionDigits === 0 ? numbers.format(n) : new Intl.NumberFormat(LOCALE, options).format(n)
  return `${text} ${noun[form] ?? noun.other}`
}

/** A noun whose plural adds an s ("review" → "reviews"). */
export const regular = (one: string): NounForms => ({ one, other: `${one}s` })

/** A number as the panel writes it (`1,234`, `4.5`), at most `fractionDigits` decimals. */
export function formatNumber(n: number, fractionDigits = 0): string {
  return new Intl.NumberFormat(LOCALE, { maximumFractionDigits: fractionDigits }).format(n)
}
