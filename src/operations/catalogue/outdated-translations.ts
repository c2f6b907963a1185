// Outdated translations (docs/api.md "Outdated translations"): a language's text is outdated when its source text
// changed after it was last saved. The collections' hooks record it in the transaction of the change, whichever
// path made it (admin API, panel, stock routes), and queue `translation.outdated` in the same statement; a text
// changed again, or confirmed, is current. Saving a text unchanged leaves it as it was: old and new are compared.
import type { CollectionAfterChangeHook, Payload, PayloadRequest } from 'payload'

import { writeAudit } from '../../../hooks/shared/audit'
import { wakeAfterCommit } from '../../../hooks/shared/webhookEvents'
import { notFound } from '../../lib/http/errors'
import { defaultLocale } from '../../lib/locales'
import { run, runIn, statement } from '../../lib/prepared'
import { CATEGORIES_COLLECTION } from './rules/category-tree'
import { SERVICES } from './services-read'
import { catalogueTransaction } from './transaction'
import { CATEGORY_TEXTS, type CoverageItem, coverageItem, SERVICE_TEXTS } from './translation-coverage'

export type TranslatedType = 'service' | 'category'
type Doc = Record<string, unknown>

/** The texts of each type, in the API's order, and where their outdated rows are kept. */
export const TRANSLATED: Record<TranslatedType, { texts: readonly string[]; table: string; key: string }> = {
  service: { texts: SERVICE_TEXTS, table: 'service_translations_outdated', key: 'service_id' },
  category: { texts: CATEGORY_TEXTS, table: 'category_translations_outdated', key: 'category_id' },
}

/** The request-context key with the languages an admin update writes next (update-by-locale.ts). */
export const PENDING_TEXTS = 'pendingTranslatedTexts'

const MESSAGE_ID = `'msg_' || replace(gen_random_uuid()::text, '-', '')`

// $1 id, $2/$3 the (language, text) pairs marked, $4 when the source changed, $5 the event's timestamp (text).
// The marks and their events are one round trip: one delivery per subscribed webhook and language.
const markAndEmit = (type: TranslatedType) => {
  const { table, key, texts } = TRANSLATED[type]
  return statement(
    `translations-outdated-mark-${type}`,
    `WITH marked AS (
       INSERT INTO ${table} (${key}, lang, text, source_changed_at)
       SELECT $1::uuid, m.lang, m.text, $4::timestamptz FROM unnest($2::text[], $3::text[]) AS m(lang, text)
       ON CONFLICT (${key}, lang, text) DO UPDATE SET source_changed_at = EXCLUDED.source_changed_at
       RETURNING lang, text
     ), events AS (
       SELECT lang, jsonb_agg(text ORDER BY array_position(ARRAY[${texts.map((t) => `'${t}'`).join(', ')}], text)) AS texts
       FROM marked GROUP BY lang
     )
     INSERT INTO webhook_deliveries (webhook_id, event, message_id, record_key, body, status, attempts,
       next_attempt_at, updated_at, created_at)
     SELECT w.id, 'translation.outdated', ${MESSAGE_ID}, '${type}:' || $1::text,
       jsonb_build_object('type', 'translation.outdated', 'timestamp', $5::text, 'data',
         jsonb_build_object('type', '${type}', 'id', $1::text, 'lang', e.lang, 'texts', e.texts)),
       'pending', 0, $4::timestamptz, $4::timestamptz, $4::timestamptz
     FROM events e CROSS JOIN webhooks w
     WHERE w.active AND EXISTS (SELECT 1 FROM webhooks_events v
       WHERE v.parent_id = w.id AND v.value::text IN ('translation.outdated', '*'))`,
  )
}
const MARK = { service: markAndEmit('service'), category: markAndEmit('category') }

// $1 id, $2/$3 the (language, text) pairs made current, $4 languages made current in every text.
const clear = (type: TranslatedType) => {
  const { table, key } = TRANSLATED[type]
  return statement(
    `translations-outdated-clear-${type}`,
    `DELETE FROM ${table} o WHERE o.${key} = $1::uuid AND (o.lang = ANY($4::text[])
       OR (o.lang, o.text) IN (SELECT * FROM unnest($2::text[], $3::text[])))
     RETURNING o.lang, o.text`,
  )
}
const CLEAR = { service: clear('service'), category: clear('category') }

// $1 category, $2 the source language, $3 the texts whose source changed: every other language's non-empty value.
const CATEGORY_VALUES = statement(
  'translations-outdated-category-values',
  `SELECT l._locale::text AS lang, f.text,
     CASE f.text WHEN 'name' THEN l.name WHEN 'description' THEN l.description
       WHEN 'seoTitle' THEN l.seo_title ELSE l.seo_description END AS value
   FROM service_categories_locales l CROSS JOIN unnest($3::text[]) AS f(text)
   WHERE l._parent_id = $1::uuid AND l._locale::text <> $2`,
)

type Pair = [lang: string, text: string]

/** Null, undefined and '' are one: no text. */
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '')

async function mark(req: PayloadRequest, type: TranslatedType, id: string, pairs: Pair[], at: Date): Promise<void> {
  if (pairs.length === 0) return
  const { rowCount } = await runIn(req, MARK[type], [
    id,
    pairs.map(([lang]) => lang),
    pairs.map(([, text]) => text),
    at,
    new Date().toISOString(),
  ])
  if (rowCount > 0) wakeAfterCommit(req)
}

/** Makes texts current; `languages` in every text. The pairs made current. */
export async function clearOutdated(
  req: PayloadRequest,
  type: TranslatedType,
  id: string,
  pairs: Pair[],
  languages: string[] = [],
): Promise<Pair[]> {
  if (pairs.length === 0 && languages.length === 0) return []
  const { rows } = await runIn<{ lang: string; text: string }>(req, CLEAR[type], [
    id,
    pairs.map(([lang]) => lang),
    pairs.map(([, text]) => text),
    languages,
  ])
  return rows.map((row) => [row.lang, row.text])
}

interface TranslationRow {
  inLanguage?: string | null
  [text: string]: unknown
}

function rowsByLanguage(doc: Doc | undefined): Map<string, TranslationRow> {
  const rows = Array.isArray(doc?.translations) ? (doc.translations as unknown[]) : []
  const byLanguage = new Map<string, TranslationRow>()
  for (const row of rows) {
    const language = (row as TranslationRow | null)?.inLanguage
    if (typeof language === 'string' && !byLanguage.has(language)) byLanguage.set(language, row as TranslationRow)
  }
  return byLanguage
}

/** A service's source language: its `inLanguage` when it has that translation, else its first translation's. */
export function serviceSource(inLanguage: unknown, languages: string[]): string | undefined {
  return typeof inLanguage === 'string' && languages.includes(inLanguage) ? inLanguage : languages[0]
}

/** What one service update changes: texts whose source changed are marked, texts changed are made current. */
export function serviceChanges(previous: Doc, next: Doc) {
  const before = rowsByLanguage(previous)
  const after = rowsByLanguage(next)
  const sourceBefore = serviceSource(previous.inLanguage, [...before.keys()])
  const source = serviceSource(next.inLanguage, [...after.keys()])
  const marks: Pair[] = []
  const current: Pair[] = []
  // A translation removed, or one that became the source, has nothing left to be outdated against.
  const languages = [...before.keys()].filter((lang) => !after.has(lang))
  if (source && source !== sourceBefore) languages.push(source)
  for (const text of SERVICE_TEXTS) {
    const sourceChanged =
      source !== undefined &&
      source === sourceBefore &&
      textOf(before.get(source)?.[text]) !== textOf(after.get(source)?.[text])
    for (const [lang, row] of after) {
      if (lang === source) continue
      const value = textOf(row[text])
      if (value !== textOf(before.get(lang)?.[text])) current.push([lang, text])
      else if (sourceChanged && value !== '') marks.push([lang, text])
    }
  }
  return { marks, current, languages }
}

/** The service collection's afterChange hook: nothing to compare on a create. */
export const recordOutdatedServiceTexts: CollectionAfterChangeHook = async ({ doc, operation, previousDoc, req }) => {
  if (operation !== 'update' || !previousDoc) return doc
  const id = String(doc.id)
  const { marks, current, languages } = serviceChanges(previousDoc as Doc, doc as Doc)
  await clearOutdated(req, 'service', id, current, languages)
  await mark(req, 'service', id, marks, new Date(String(doc.updatedAt ?? new Date().toISOString())))
  return doc
}

/**
 * The category collection's afterChange hook. Payload writes one language per update; `doc` carries the fallback
 * language's values for empty texts, so the comparison is of what was sent (`data`) with what was stored.
 */
export const recordOutdatedCategoryTexts: CollectionAfterChangeHook = async ({
  data,
  doc,
  operation,
  previousDoc,
  req,
}) => {
  const locale = req.locale
  if (operation !== 'update' || !previousDoc || typeof locale !== 'string' || locale === 'all') return doc
  const changed = CATEGORY_TEXTS.filter(
    (text) =>
      data?.[text] !== undefined &&
      typeof data[text] !== 'object' &&
      textOf(data[text]) !== textOf((previousDoc as Doc)[text]),
  )
  if (changed.length === 0) return doc
  const id = String(doc.id)
  if (locale !== defaultLocale(req.payload)) {
    await clearOutdated(
      req,
      'category',
      id,
      changed.map((text) => [locale, text]),
    )
    return doc
  }
  // Languages the same admin update changes next are current, not outdated.
  const pending = (req.context?.[PENDING_TEXTS] ?? {}) as Record<string, Record<string, unknown>>
  const { rows } = await runIn<{ lang: string; text: string; value: string | null }>(req, CATEGORY_VALUES, [
    id,
    locale,
    changed,
  ])
  const marks = rows
    .filter((row) => textOf(row.value) !== '')
    .filter((row) => {
      const next = pending[row.lang]?.[row.text]
      return next === undefined || textOf(next) === textOf(row.value)
    })
    .map((row): Pair => [row.lang, row.text])
  await mark(req, 'category', id, marks, new Date(String(doc.updatedAt ?? new Date().toISOString())))
  return doc
}

export interface ConfirmInput {
  type: TranslatedType
  id: string
  lang: string
  /** The texts confirmed; every text of that language when absent. */
  texts?: string[]
}

/** The translator's "still correct": the texts are current without a change. One transaction, audited. */
export function confirmTranslations(req: PayloadRequest, input: ConfirmInput): Promise<{ item: CoverageItem }> {
  return catalogueTransaction(req, async () => {
    const locales = { default: defaultLocale(req.payload) }
    const before = await coverageItem(req, locales, input.type, input.id, input.lang)
    if (!before) throw notFound(input.type === 'service' ? 'Service not found' : 'Category not found')
    const texts = input.texts ?? TRANSLATED[input.type].texts
    const confirmed = await clearOutdated(
      req,
      input.type,
      input.id,
      texts.map((text) => [input.lang, text]),
    )
    await writeAudit(req, {
      action: 'translation.confirm',
      targetType: input.type === 'service' ? SERVICES : CATEGORIES_COLLECTION,
      targetId: input.id,
      data: { type: input.type, lang: input.lang, texts: confirmed.map(([, text]) => text) },
    })
    return { item: (await coverageItem(req, locales, input.type, input.id, input.lang))! }
  })
}

export interface OutdatedText {
  lang: string
  text: string
  sourceChangedAt: Date
}

const outdatedRows = (type: TranslatedType) => {
  const { table, key, texts } = TRANSLATED[type]
  return statement(
    `translations-outdated-of-${type}`,
    `SELECT lang, text, source_changed_at AS "sourceChangedAt" FROM ${table} WHERE ${key} = $1::uuid
     ORDER BY lang, array_position(ARRAY[${texts.map((t) => `'${t}'`).join(', ')}], text)`,
  )
}
const OUTDATED_OF = { service: outdatedRows('service'), category: outdatedRows('category') }

/** A document's outdated texts in every language (the form's mark). */
export async function outdatedTextsOf(payload: Payload, type: TranslatedType, id: string): Promise<OutdatedText[]> {
  const { rows } = await run<OutdatedText>(payload, OUTDATED_OF[type], [id])
  return rows
}
