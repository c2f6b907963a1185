// The panel's own words in its six languages (texts.ts) as Payload's admin i18n takes them, and as the views read
// them: `panelText(language)` gives the `t` of a view, whichever language the signed-in person chose on their
// account page; counts take the language's plural rules (Intl.PluralRules).
import { de } from '@payloadcms/translations/languages/de'
import { en } from '@payloadcms/translations/languages/en'
import { es } from '@payloadcms/translations/languages/es'
import { fr } from '@payloadcms/translations/languages/fr'
import { it } from '@payloadcms/translations/languages/it'
import { nl } from '@payloadcms/translations/languages/nl'

import { type PanelKey, TEXTS } from './texts'

export const PANEL_LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'nl'] as const
export type PanelLanguage = (typeof PANEL_LANGUAGES)[number]
export type { PanelKey }

/** The panel language for a code Payload reports (`en`, `de`…); English for any other. */
export function panelLanguage(code: string | undefined | null): PanelLanguage {
  return (PANEL_LANGUAGES as readonly string[]).includes(code ?? '') ? (code as PanelLanguage) : 'en'
}

/** One language's texts, by key. */
export function textsOf(language: PanelLanguage): Record<PanelKey, string> {
  const index = PANEL_LANGUAGES.indexOf(language)
  return Object.fromEntries(Object.entries(TEXTS).map(([key, forms]) => [key, forms[index]])) as Record<
    PanelKey,
    string
  >
}

type Vars = Record<string, string | number>
const fill = (text: string, vars: Vars = {}) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole))

/** The keys that have plural forms, without their `#one`/`#other`. */
export type PluralKey = PanelKey extends infer K ? (K extends `${infer B}#other` ? B : never) : never
type SingleKey = Exclude<PanelKey, `${string}#${string}`>

export interface PanelText {
  language: PanelLanguage
  t: (key: SingleKey, vars?: Vars) => string
  /** The form of `key` for `count` by the language's plural rules, with `{{count}}` formatted in the language. */
  plural: (key: PluralKey, count: number, vars?: Vars, fractionDigits?: number) => string
  /** A number as the language writes it. */
  number: (n: number, fractionDigits?: number) => string
}

export function panelText(code: string | undefined | null): PanelText {
  const language = panelLanguage(code)
  const texts = textsOf(language)
  const number = (n: number, fractionDigits = 0) =>
    new Intl.NumberFormat(language, { maximumFractionDigits: fractionDigits }).format(n)
  return {
    language,
    t: (key, vars) => fill(texts[key], vars),
    plural: (key, count, vars, fractionDigits = 0) => {
      const rule = new Intl.PluralRules(language, { maximumFractionDigits: fractionDigits }).select(count)
      const text = rule === 'one' ? texts[`${key}#one` as PanelKey] : undefined
      return fill(text ?? texts[`${key}#other` as PanelKey], { ...vars, count: number(count, fractionDigits) })
    },
    number,
  }
}

/** A label for a collection or field config: the text in every panel language, as Payload takes it. */
export function labelOf(key: SingleKey): Record<PanelLanguage, string> {
  const forms = TEXTS[key]
  return Object.fromEntries(PANEL_LANGUAGES.map((language, index) => [language, forms[index]])) as Record<
    PanelLanguage,
    string
  >
}

/** Payload's admin i18n: its own translations for the six languages, and ours under `community:`. */
export const PANEL_I18N = {
  fallbackLanguage: 'en' as const,
  supportedLanguages: { en, fr, de, es, it, nl },
  translations: Object.fromEntries(
    PANEL_LANGUAGES.map((language) => [language, { community: textsOf(language) }]),
  ) as Record<PanelLanguage, { community: Record<PanelKey, string> }>,
}
