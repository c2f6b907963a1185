// The content locales (LOCALES, default en,fr,de,es,it,nl) as the running Payload knows
// them, and the zod shape of a localized text: `{ "en": "...", "fr": "..." }` whose keys must
// be configured locales (an unknown language is refused, not stored).
import type { Payload } from 'payload'
import { z } from 'zod'

export function localeCodes(payload: Payload): string[] {
  const localization = payload.config.localization
  return localization ? localization.localeCodes : ['en']
}

export function defaultLocale(payload: Payload): string {
  const localization = payload.config.localization
  return localization ? localization.defaultLocale : 'en'
}

/** Why `code` is no configured locale, or null when it is one (every language check says this). */
export function unknownLanguage(code: unknown, locales: readonly string[]): string | null {
  return typeof code === 'string' && locales.includes(code)
    ? null
    : `Unknown language "${String(code)}"; configured: ${locales.join(', ')}`
}

function onlyLocales(locales: readonly string[]) {
  return (object: Record<string, unknown>, ctx: z.RefinementCtx) => {
    for (const key of Object.keys(object)) {
      const message = unknownLanguage(key, locales)
      if (message) ctx.addIssue({ code: 'custom', path: [key], message })
    }
    if (Object.keys(object).length === 0) ctx.addIssue({ code: 'custom', message: 'At least one language is required' })
  }
}

const text = (max: number) => z.string().trim().min(1).max(max)

/** A localized text object limited to `locales`, at least one language. */
export function localizedText(locales: readonly string[], max: number) {
  return z.record(z.string(), text(max)).superRefine(onlyLocales(locales))
}

/** The same for optional texts, where `null` for one language clears that language. */
export function localizedTextOrNull(locales: readonly string[], max: number) {
  return z.record(z.string(), text(max).nullable()).superRefine(onlyLocales(locales))
}
