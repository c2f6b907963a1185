// Translation coverage for one content language, in two prepared statements whatever the catalogue's size,
// for the admin API and the panel alike (docs/decisions.md "Translation coverage counts texts").
import type { Payload, PayloadRequest } from 'payload'
import { z } from 'zod'

import { SERVICE_STATUSES } from '../../../domain/services'
import { refineWith } from '../../lib/http/body'
import type { Pagination } from '../../lib/http/pagination'
import { unknownLanguage } from '../../lib/locales'
import { run, runIn, statement } from '../../lib/prepared'

export const COVERAGE_TYPES = ['services', 'categories'] as const
export type CoverageType = (typeof COVERAGE_TYPES)[number]

/** The texts a translation is checked for, by the API's field names. */
export const SERVICE_TEXTS = ['title', 'description', 'seoTitle', 'seoDescription'] as const
export const CATEGORY_TEXTS = ['name', 'description', 'seoTitle', 'seoDescription'] as const

/** A text the `missing` filter names: a category's `name` is its `title`. */
export const COVERAGE_TEXTS = SERVICE_TEXTS
export type CoverageText = (typeof COVERAGE_TEXTS)[number]
const CATEGORY_TEXT: Record<CoverageText, (typeof CATEGORY_TEXTS)[number]> = {
  title: 'name',
  description: 'description',
  seoTitle: 'seoTitle',
  seoDescription: 'seoDescription',
}

export interface CoverageFilters {
  /** The language whose gaps are listed (a configured locale: the caller checks). */
  language: string
  /** Services in this status only (categories have no status: unaffected). */
  status?: string
  /** Services or categories only; both when absent. */
  type?: CoverageType
  /** Only items lacking this text (a category's `name` for `title`), or with it outdated; any text when absent. */
  missing?: CoverageText
  /** `missing` (default): the texts a language lacks; `outdated`: the texts whose source changed since. */
  state?: CoverageState
}

export const COVERAGE_STATES = ['missing', 'outdated'] as const
export type CoverageState = (typeof COVERAGE_STATES)[number]

export interface CoverageItem {
  type: 'service' | 'category'
  id: string
  slug: string
  /** The title (a category's name) in the default language, else any, else the slug. */
  title: string
  /** A service's status; a category is `active` or `inactive`. */
  status: string
  /** Which texts the language lacks; all of them when there is no translation at all. */
  missing: string[]
  /** The admin panel form where the translation is added. */
  adminUrl: string
  /** With `state=outdated`: the texts whose source changed after they were last saved. */
  outdated?: string[]
  /** With `state=outdated`: when the latest of those source changes was made. */
  sourceChangedAt?: string | null
}

export interface CoverageCount {
  language: string
  /** Services (in `status`, when given) lacking any text in `language` (or the `missing` one). */
  services: number
  /** Categories lacking any text in `language` (or the `missing` one). */
  categories: number
  /** Services (in `status`, when given) with an outdated text in `language` (or the `missing` one outdated). */
  outdatedServices: number
  /** Categories with an outdated text in `language` (or the `missing` one outdated). */
  outdatedCategories: number
}

export interface Coverage {
  language: string
  counts: CoverageCount[]
  items: CoverageItem[]
  total: number
}

const blank = (column: string) => `coalesce(btrim(${column}), '') = ''`

// `t` is the row in the language checked ($1 in both statements); a missing row lacks every text.
const SERVICE_MISSING = `array_remove(ARRAY[
    CASE WHEN t._parent_id IS NULL THEN 'title' END,
    CASE WHEN ${blank('t.description')} THEN 'description' END,
    CASE WHEN ${blank('t.seo_title')} THEN 'seoTitle' END,
    CASE WHEN ${blank('t.seo_description')} THEN 'seoDescription' END], NULL)`
const CATEGORY_MISSING = SERVICE_MISSING.replace("'title'", "'name'")

/** `gaps` (a text[] expression) holds any text, or the one named by parameter `$n` when it is set. */
const lacking = (gaps: string, n: number) =>
  `CASE WHEN $${n}::text IS NULL THEN cardinality(${gaps}) > 0 ELSE $${n}::text = ANY(${gaps}) END`

const SERVICE_ROWS = `FROM service_listings s
  LEFT JOIN service_listings_translations t ON t._parent_id = s.id AND t.in_language = $1
  WHERE ($2::text IS NULL OR s.status::text = $2)`
const CATEGORY_ROWS = `FROM service_categories c
  LEFT JOIN service_categories_locales t ON t._parent_id = c.id AND t._locale::text = $1`

// $1 language, $2 status or null, $3 default language, $4/$5 include services/categories,
// $6 limit, $7 offset, $8/$9 the text to look for in services/categories, or null for any.
const PAGE = statement(
  'translation-coverage-page',
  `SELECT * FROM (
     SELECT 'service' AS type, s.id::text AS id, s.slug, s.status::text AS status,
       coalesce((SELECT d.title FROM service_listings_translations d WHERE d._parent_id = s.id AND d.in_language = $3 LIMIT 1), s.title, s.slug) AS title,
       ${SERVICE_MISSING} AS missing
     ${SERVICE_ROWS} AND $4::boolean
     UNION ALL
     SELECT 'category', c.id::text, c.slug, CASE WHEN c.is_active THEN 'active' ELSE 'inactive' END,
       coalesce((SELECT d.name FROM service_categories_locales d WHERE d._parent_id = c.id ORDER BY d._locale::text = $3 DESC, d._locale LIMIT 1), c.slug),
       ${CATEGORY_MISSING}
     ${CATEGORY_ROWS} WHERE $5::boolean
   ) items
   WHERE CASE WHEN type = 'service' THEN ${lacking('missing', 8)} ELSE ${lacking('missing', 9)} END
   ORDER BY type DESC, lower(title), id
   LIMIT $6 OFFSET $7`,
)

// $1 every configured language, in order; $2 status or null; $3/$4 as PAGE's $8/$9. The same gaps as PAGE, counted.
const COUNTS = statement(
  'translation-coverage-counts',
  `SELECT l.code AS language,
     (SELECT count(*) FROM service_listings s
        LEFT JOIN service_listings_translations t ON t._parent_id = s.id AND t.in_language = l.code
       WHERE ($2::text IS NULL OR s.status::text = $2) AND ${lacking(SERVICE_MISSING, 3)})::int AS services,
     (SELECT count(*) FROM service_categories c
        LEFT JOIN service_categories_locales t ON t._parent_id = c.id AND t._locale::text = l.code
       WHERE ${lacking(CATEGORY_MISSING, 4)})::int AS categories,
     (SELECT count(DISTINCT o.service_id) FROM service_translations_outdated o
        JOIN service_listings s ON s.id = o.service_id
       WHERE o.lang = l.code AND ($2::text IS NULL OR s.status::text = $2)
         AND ($3::text IS NULL OR o.text = $3))::int AS "outdatedServices",
     (SELECT count(DISTINCT o.category_id) FROM category_translations_outdated o
       WHERE o.lang = l.code AND ($4::text IS NULL OR o.text = $4))::int AS "outdatedCategories"
   FROM unnest($1::text[]) WITH ORDINALITY AS l(code, position)
   ORDER BY l.position`,
)

const order = (texts: readonly string[]) => `array_position(ARRAY[${texts.map((t) => `'${t}'`).join(', ')}], o.text)`

/** A language's outdated texts per document of `table`, with the latest source change among them. */
const outdatedOf = (table: string, key: string, texts: readonly string[]) =>
  `(SELECT o.${key} AS doc_id, array_agg(o.text ORDER BY ${order(texts)}) AS outdated,
      max(o.source_changed_at) AS source_changed_at
    FROM ${table} o WHERE o.lang = $1 AND ($10::uuid IS NULL OR o.${key} = $10::uuid) GROUP BY o.${key})`

// PAGE's parameters and columns, starting from the outdated rows (`join`), or from the document `$10` with or
// without them (`LEFT JOIN`: the confirm action's answer).
const outdatedPage = (join: 'JOIN' | 'LEFT JOIN') => `SELECT * FROM (
     SELECT 'service' AS type, s.id::text AS id, s.slug, s.status::text AS status,
       coalesce((SELECT d.title FROM service_listings_translations d WHERE d._parent_id = s.id AND d.in_language = $3 LIMIT 1), s.title, s.slug) AS title,
       ${SERVICE_MISSING} AS missing, coalesce(o.outdated, '{}') AS outdated, o.source_changed_at AS "sourceChangedAt"
     FROM service_listings s
     ${join} ${outdatedOf('service_translations_outdated', 'service_id', SERVICE_TEXTS)} o ON o.doc_id = s.id
     LEFT JOIN service_listings_translations t ON t._parent_id = s.id AND t.in_language = $1
     WHERE ($2::text IS NULL OR s.status::text = $2) AND $4::boolean AND ($10::uuid IS NULL OR s.id = $10::uuid)
     UNION ALL
     SELECT 'category', c.id::text, c.slug, CASE WHEN c.is_active THEN 'active' ELSE 'inactive' END,
       coalesce((SELECT d.name FROM service_categories_locales d WHERE d._parent_id = c.id ORDER BY d._locale::text = $3 DESC, d._locale LIMIT 1), c.slug),
       ${CATEGORY_MISSING}, coalesce(o.outdated, '{}'), o.source_changed_at
     FROM service_categories c
     ${join} ${outdatedOf('category_translations_outdated', 'category_id', CATEGORY_TEXTS)} o ON o.doc_id = c.id
     LEFT JOIN service_categories_locales t ON t._parent_id = c.id AND t._locale::text = $1
     WHERE $5::boolean AND ($10::uuid IS NULL OR c.id = $10::uuid)
   ) items
   WHERE CASE WHEN type = 'service' THEN ${lacking('outdated', 8)} ELSE ${lacking('outdated', 9)} END
     OR $10::uuid IS NOT NULL
   ORDER BY type DESC, lower(title), id
   LIMIT $6 OFFSET $7`

// PAGE's parameters and $10 (a document's id, or null for the page of every outdated one).
const OUTDATED_PAGE = statement('translation-coverage-outdated-page', outdatedPage('JOIN'))
const ONE_ITEM = statement('translation-coverage-one-item', outdatedPage('LEFT JOIN'))

const FORMS: Record<CoverageItem['type'], string> = {
  service: '/admin/collections/service-listings/',
  category: '/admin/collections/service-categories/',
}

function adminUrl(type: CoverageItem['type'], id: string, language: string): string {
  // A category's texts are localized fields: the form opens in the language to fill in.
  return type === 'category' ? `${FORMS.category}${id}?locale=${encodeURIComponent(language)}` : `${FORMS.service}${id}`
}

export async function translationCoverage(
  payload: Payload,
  locales: { all: readonly string[]; default: string },
  filters: CoverageFilters,
  page: Pagination,
): Promise<Coverage> {
  const status = filters.status ?? null
  const wanted = filters.missing ? [filters.missing, CATEGORY_TEXT[filters.missing]] : [null, null]
  const outdated = filters.state === 'outdated'
  const values = [
    filters.language,
    status,
    locales.default,
    filters.type !== 'categories',
    filters.type !== 'services',
    page.perPage,
    (page.page - 1) * page.perPage,
    ...wanted,
  ]
  const [counts, items] = await Promise.all([
    run<CoverageCount>(payload, COUNTS, [[...locales.all], status, ...wanted]),
    outdated
      ? run<Omit<CoverageItem, 'adminUrl'>>(payload, OUTDATED_PAGE, [...values, null])
      : run<Omit<CoverageItem, 'adminUrl'>>(payload, PAGE, values),
  ])
  const mine = counts.rows.find((count) => count.language === filters.language)
  const [services, categories] = outdated
    ? [mine?.outdatedServices, mine?.outdatedCategories]
    : [mine?.services, mine?.categories]
  const total =
    (filters.type !== 'categories' ? (services ?? 0) : 0) + (filters.type !== 'services' ? (categories ?? 0) : 0)
  return {
    language: filters.language,
    counts: counts.rows,
    items: items.rows.map((item) => presentItem(item, filters.language)),
    total,
  }
}

function presentItem(item: Omit<CoverageItem, 'adminUrl'>, language: string): CoverageItem {
  const at = item.sourceChangedAt as unknown
  return {
    ...item,
    adminUrl: adminUrl(item.type, item.id, language),
    ...(item.outdated
      ? { sourceChangedAt: at instanceof Date ? at.toISOString() : ((at as string | null) ?? null) }
      : {}),
  }
}

/** One document's item in `language` with its outdated texts (none: `[]`), or null when there is no such document. */
export async function coverageItem(
  req: PayloadRequest,
  locales: { default: string },
  type: CoverageItem['type'],
  id: string,
  language: string,
): Promise<CoverageItem | null> {
  const { rows } = await runIn<Omit<CoverageItem, 'adminUrl'>>(req, ONE_ITEM, [
    language,
    null,
    locales.default,
    type === 'service',
    type === 'category',
    1,
    0,
    null,
    null,
    id,
  ])
  return rows[0] ? presentItem(rows[0], language) : null
}

/** The query (besides `page`/`perPage`, parsed as on every admin list) for the given locales. */
export function coverageQuerySchema(locales: readonly string[]) {
  return z.object({
    lang: z
      .string({ error: 'lang is required: one of the configured languages' })
      .superRefine(refineWith((code: string) => unknownLanguage(code, locales))),
    status: z.enum(SERVICE_STATUSES, { error: `status must be one of ${SERVICE_STATUSES.join(', ')}` }).optional(),
    type: z.enum(COVERAGE_TYPES, { error: `type must be one of ${COVERAGE_TYPES.join(', ')}` }).optional(),
    missing: z.enum(COVERAGE_TEXTS, { error: `missing must be one of ${COVERAGE_TEXTS.join(', ')}` }).optional(),
    state: z.enum(COVERAGE_STATES, { error: `state must be one of ${COVERAGE_STATES.join(', ')}` }).optional(),
  })
}
