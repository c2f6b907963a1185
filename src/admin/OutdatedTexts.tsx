// Above a service's or category's texts: which translations are outdated and when their source changed ("de:
// title. The English text changed on 3 December."), read on the server with the document's form.
import type { UIFieldServerComponent } from 'payload'

import { isUuid } from '../../domain/ids'
import { defaultLocale } from '../lib/locales'
import { outdatedTextsOf, type TranslatedType } from '../operations/catalogue/outdated-translations'
import { SERVICES } from '../operations/catalogue/services-read'
import { panelText } from './i18n/index'
import { TEXTS } from './i18n/texts'

type Doc = { inLanguage?: string | null; translations?: Array<{ inLanguage?: string | null }> | null }

/** The language a document's texts are translated from (docs/api.md "Outdated translations"). */
function sourceOf(type: TranslatedType, data: Doc | undefined, fallback: string): string {
  if (type === 'category') return fallback
  const languages = (data?.translations ?? []).map((row) => row?.inLanguage).filter(Boolean) as string[]
  return data?.inLanguage && languages.includes(data.inLanguage) ? data.inLanguage : (languages[0] ?? fallback)
}

export const OutdatedTexts: UIFieldServerComponent = async ({ collectionSlug, data, id, payload, req }) => {
  if (!id || !isUuid(String(id))) return null
  const type: TranslatedType = collectionSlug === SERVICES ? 'service' : 'category'
  const rows = await outdatedTextsOf(payload, type, String(id))
  // A category's form shows one language at a time: the marks of that language.
  const shown = type === 'category' ? rows.filter((row) => row.lang === req?.locale) : rows
  if (shown.length === 0) return null
  const text = panelText(req?.i18n?.language)
  const source = sourceOf(type, data as Doc | undefined, defaultLocale(payload))
  const languageName = new Intl.DisplayNames([text.language], { type: 'language' }).of(source) ?? source
  const dates = new Intl.DateTimeFormat(text.language === 'en' ? 'en-GB' : text.language, {
    day: 'numeric',
    month: 'long',
  })
  const byLanguage = new Map<string, { texts: string[]; at: Date }>()
  for (const row of shown) {
    const entry = byLanguage.get(row.lang) ?? { texts: [], at: row.sourceChangedAt }
    const key = `text.${row.text}`
    entry.texts.push(key in TEXTS ? text.t(key as never) : row.text)
    if (row.sourceChangedAt > entry.at) entry.at = row.sourceChangedAt
    byLanguage.set(row.lang, entry)
  }
  return (
    <div
      data-testid="outdated-texts"
      role="note"
      style={{
        marginBottom: 'var(--base)',
        padding: 'calc(var(--base) / 2) var(--base)',
        background: 'var(--theme-warning-50)',
        border: '1px solid var(--theme-warning-250)',
        borderRadius: 'var(--style-radius-s)',
      }}
    >
      <strong>{text.t('outdated.heading')}</strong>
      <ul style={{ margin: '4px 0' }}>
        {[...byLanguage].map(([lang, entry]) => (
          <li key={lang} data-lang={lang}>
            {text.t('outdated.line', {
              lang,
              texts: entry.texts.join(', '),
              source: languageName,
              date: dates.format(entry.at),
            })}
          </li>
        ))}
      </ul>
      <small>{text.t('outdated.hint')}</small>
    </div>
  )
}
