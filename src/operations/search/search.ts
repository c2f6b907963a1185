import type { Payload, PayloadRequest } from 'payload'

import { hasPermission, hasRole } from '../../../domain/permissions'
import { invalidRequest } from '../../lib/http/errors'
import { paginated, parsePagination } from '../../lib/http/pagination'
import { defaultLocale, localeCodes } from '../../lib/locales'
import { blockedMembersSql } from '../../lib/member-blocks'
import { runPublic, statement } from '../../lib/prepared'
import { SEARCH_CONFIGS, SEARCH_TYPES, type SearchType, SIMPLE_CONFIG } from './search-objects'

export const SEARCH_MAX_PER_PAGE = 50
export const SEARCH_QUERY_MAX = 200
export const SNIPPET_MAX = 200
/** A shorter last word is matched whole: one or two letters as a prefix would match most of the index. */
export const PREFIX_MIN = 3

// Private-use characters around the matched words while ts_headline works: the text is escaped after it,
// so no `<mark>` can come from the content and no `<` of the content survives.
const START = '\uE000'
const STOP = '\uE001'
export const HEADLINE_OPTIONS = [
  `StartSel="${START}", StopSel="${STOP}"`,
  'MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "',
].join(', ')

export interface SearchCaller {
  id: string | null
  /** Holders of `moderation.queue` read every community item, as on the stock routes. */
  seesAllCommunity: boolean
  /** Admins read every service, category and blog post, as on the stock routes. */
  seesAllCatalogue: boolean
}

export interface SearchInput {
  rest: string
  prefix: string
  types: SearchType[]
  locale: string
  page: number
  perPage: number
}

export interface SearchResult {
  type: SearchType
  id: string
  slug: string | null
  title: string
  snippet: string
  score: number
  createdAt: string
}

/**
 * The statement the route runs (the bench's hand-written server runs this very text): the matching rows the
 * caller may read, one per item (its best-ranked language), counted, ranked, one page of them with the title
 * in the asked language and a snippet.
 */
export const SEARCH_STATEMENT = statement(
  'search.find',
  `WITH q AS MATERIALIZED (SELECT community_search_query($1, $2) AS query),
  matched AS MATERIALIZED (
    SELECT DISTINCT ON (s.type, s.item_id) s.type, s.item_id, s.config, s.title, s.body, s.slug, s.created_at,
           ts_rank_cd(s.vector, (SELECT query FROM q)) AS score
      FROM search_index s
     WHERE s.vector @@ (SELECT query FROM q)
       AND s.type = ANY($3::text[])
       AND ((s.public AND (s.visible_until IS NULL OR s.visible_until > now()))
         OR (s.community AND (s.author_id = $4::uuid OR $5::boolean))
         OR (NOT s.community AND $6::boolean))
       -- A member's search leaves out the items of members they block, as their lists do (docs/api.md "Blocking
       -- between members"): one lookup for the whole query, an empty array for anonymous callers and staff.
       AND (NOT s.community OR s.author_id IS NULL
         OR s.author_id <> ALL (ARRAY(${blockedMembersSql('$4::uuid')} AND NOT $5::boolean)))
     ORDER BY s.type, s.item_id, score DESC, (s.locale = $7) DESC
  ),
  page AS (
    SELECT * FROM matched ORDER BY score DESC, created_at DESC, item_id LIMIT $8 OFFSET $9
  )
  SELECT (SELECT count(*) FROM matched)::int AS total, p.type, p.item_id AS id, p.slug, p.score, p.created_at,
         coalesce(
           (SELECT t.title FROM search_index t WHERE t.type = p.type AND t.item_id = p.item_id AND t.locale = $7),
           (SELECT t.title FROM search_index t WHERE t.type = p.type AND t.item_id = p.item_id AND t.locale = $10),
           p.title, '') AS title,
         ts_headline(coalesce(p.config, $11::regconfig),
           translate(coalesce(nullif(p.body, ''), p.title, ''), E'\\uE000\\uE001', ''),
           (SELECT query FROM q), $12) AS snippet
    FROM (SELECT 1) one LEFT JOIN page p ON true
   ORDER BY p.score DESC, p.created_at DESC, p.item_id`,
)

const fail = (path: string, message: string) => invalidRequest(message, [{ path, message }])

/**
 * The word being typed (the query's last, outside a phrase, not excluded, at least PREFIX_MIN
 * letters) as a to_tsquery prefix, and the rest for websearch_to_tsquery. Not in a query with
 * `or`: AND-ed to the whole it would bind across the alternatives.
 */
export function splitPrefix(q: string): { rest: string; prefix: string } {
  const whole = { rest: q, prefix: '' }
  if ((q.match(/"/g) ?? []).length % 2 === 1 || /(^|\s)or(\s|$)/i.test(q)) return whole
  const last = /([\p{L}\p{N}]+)$/u.exec(q)?.[1]
  if (!last || [...last].length < PREFIX_MIN || last.toLowerCase() === 'or') return whole
  const before = q.slice(0, q.length - last.length)
  if (/(^|\s)-$/.test(before)) return whole
  return { rest: before, prefix: `'${last}':*` }
}

/** The best language of `Accept-Language` among the configured ones, else the default one. */
export function acceptedLocale(header: string | null, locales: readonly string[], fallback: string): string {
  const wanted = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const weight = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean)
      return { tag: tag.trim().toLowerCase(), q: weight === undefined ? 1 : Number(weight), index }
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  for (const { tag } of wanted) {
    const found = locales.find((locale) => locale.toLowerCase() === tag || locale === tag.split('-')[0])
    if (found) return found
  }
  return fallback
}

export function parseSearch(params: URLSearchParams, acceptLanguage: string | null, payload: Payload): SearchInput {
  // Control characters are no words, and PostgreSQL refuses NUL in a text.
  const q = (params.get('q') ?? '').replace(/\p{Cc}/gu, ' ').trim()
  if (q.length === 0) throw fail('q', 'q is required')
  if ([...q].length > SEARCH_QUERY_MAX) throw fail('q', `q must be at most ${SEARCH_QUERY_MAX} characters`)
  const rawTypes = params.get('type')
  const types = rawTypes === null || rawTypes === '' ? [...SEARCH_TYPES] : rawTypes.split(',').map((t) => t.trim())
  const unknown = types.find((type) => !(SEARCH_TYPES as string[]).includes(type))
  if (unknown !== undefined) throw fail('type', `Unknown type "${unknown}"; known: ${SEARCH_TYPES.join(', ')}`)
  const locales = localeCodes(payload)
  const rawLocale = params.get('locale')
  if (rawLocale !== null && rawLocale !== '' && !locales.includes(rawLocale))
    throw fail('locale', `Unknown locale "${rawLocale}"; configured: ${locales.join(', ')}`)
  const locale = rawLocale || acceptedLocale(acceptLanguage, locales, defaultLocale(payload))
  const { page, perPage } = parsePagination(params)
  return {
    ...splitPrefix(q),
    types: types as SearchType[],
    locale,
    page,
    perPage: Math.min(perPage, SEARCH_MAX_PER_PAGE),
  }
}

export function searchCaller(user: unknown): SearchCaller {
  const id = (user as { id?: unknown } | null | undefined)?.id
  return {
    id: typeof id === 'string' ? id : null,
    seesAllCommunity: hasPermission(user, 'moderation.queue'),
    seesAllCatalogue: hasRole(user, 'admin'),
  }
}

const configOf = (locale: string) => SEARCH_CONFIGS[locale as keyof typeof SEARCH_CONFIGS] ?? SIMPLE_CONFIG

/** The statement's values, in its order. */
export function searchValues(input: SearchInput, caller: SearchCaller, fallbackLocale: string): unknown[] {
  return [
    input.rest,
    input.prefix,
    input.types,
    caller.id,
    caller.seesAllCommunity,
    caller.seesAllCatalogue,
    input.locale,
    input.perPage,
    (input.page - 1) * input.perPage,
    fallbackLocale,
    configOf(input.locale),
    HEADLINE_OPTIONS,
  ]
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** ts_headline's text, HTML-escaped, at most SNIPPET_MAX characters of it, the matches in `<mark>`. */
export function presentSnippet(raw: string): string {
  let out = ''
  let shown = 0
  let open = false
  // Tags the parser dropped leave runs of spaces behind.
  for (const char of raw.replace(/\s+/g, ' ').trim()) {
    if (char === START || char === STOP) {
      if (open !== (char === STOP)) continue
      open = char === START
      out += open ? '<mark>' : '</mark>'
      continue
    }
    if (shown >= SNIPPET_MAX) break
    out += ESCAPES[char] ?? char
    shown += 1
  }
  if (open) out += '</mark>'
  return out.replace(/<mark><\/mark>$/, '')
}

interface Row {
  total: number
  type: SearchType | null
  id: string | null
  slug: string | null
  score: number | null
  created_at: Date | string | null
  title: string | null
  snippet: string | null
}

export async function search(payload: Payload, input: SearchInput, caller: SearchCaller, req?: PayloadRequest) {
  const { rows } = await runPublic<Row>(
    payload,
    SEARCH_STATEMENT,
    searchValues(input, caller, defaultLocale(payload)),
    req,
  )
  const total = rows[0]?.total ?? 0
  const results: SearchResult[] = rows
    .filter((row) => row.id !== null)
    .map((row) => ({
      type: row.type!,
      id: row.id!,
      slug: row.slug,
      title: row.title ?? '',
      snippet: presentSnippet(row.snippet ?? ''),
      score: Number(row.score),
      createdAt: new Date(row.created_at!).toISOString(),
    }))
  return paginated('results', results, total, input)
}

/** GET /api/search: the query string, `Accept-Language` and the caller, whoever serves the route. */
export async function searchAnswer(
  payload: Payload,
  params: URLSearchParams,
  acceptLanguage: string | null,
  user: unknown,
) {
  return search(payload, parseSearch(params, acceptLanguage, payload), searchCaller(user))
}
