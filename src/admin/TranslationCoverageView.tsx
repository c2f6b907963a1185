// /admin/translations: what each content language still lacks, for content teams.
// The figures are the admin API's (GET /api/admin/services/translations/coverage): the same
// operation and the same query rules, rendered on the server. A plain GET form filters by
// language, status and kind, so the page works without client code and every state is a URL.
import { DefaultTemplate } from '@payloadcms/next/templates'
import { Gutter } from '@payloadcms/ui'
import type { AdminViewServerProps } from 'payload'

import { SERVICE_STATUSES } from '../../collections/ServiceListings/index'
import { hasRole } from '../../domain/permissions'
import { coverageQuerySchema } from '../../endpoints/admin/services/translation-coverage'
import { ApiError, apiError } from '../lib/http/errors'
import { parsePagination } from '../lib/http/pagination'
import { defaultLocale, localeCodes } from '../lib/locales'
import {
  type Coverage,
  COVERAGE_TEXTS,
  COVERAGE_TYPES,
  translationCoverage,
} from '../operations/catalogue/translation-coverage'
import { countOf, regular } from './plural'

const PER_PAGE = '50'

function firstValues(searchParams: AdminViewServerProps['searchParams']): Record<string, string> {
  return Object.fromEntries(
    Object.entries(searchParams ?? {})
      .map(([key, value]) => [key, Array.isArray(value) ? value[0] : value])
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
  )
}

/** One filter of the GET form; `any`: the option that leaves the parameter out. */
function Choice(props: {
  label: string
  name: string
  value: string | undefined
  options: readonly string[]
  any?: string
}) {
  return (
    <label>
      {props.label}{' '}
      <select name={props.name} defaultValue={props.value ?? ''}>
        {props.any !== undefined && <option value="">{props.any}</option>}
        {props.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </label>
  )
}

export async function TranslationCoverageView(props: AdminViewServerProps) {
  const { initPageResult, params, searchParams } = props
  const { req, permissions, locale, visibleEntities } = initPageResult
  const { payload, user } = req
  const all = localeCodes(payload)
  const fallback = all.find((code) => code !== defaultLocale(payload)) ?? all[0]!
  const query: Record<string, string> = { lang: fallback, perPage: PER_PAGE, ...firstValues(searchParams) }

  let coverage: Coverage | null = null
  let problem: string | null = null
  if (!hasRole(user, 'admin')) {
    problem = 'Translation coverage is for admins.'
  } else {
    const parsed = coverageQuerySchema(all).safeParse({
      lang: query.lang,
      status: query.status,
      type: query.type,
      missing: query.missing,
    })
    try {
      if (!parsed.success)
        throw apiError(
          'invalid_request',
          parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
        )
      const page = parsePagination(new URLSearchParams({ page: query.page ?? '1', perPage: query.perPage }))
      coverage = await translationCoverage(
        payload,
        { all, default: defaultLocale(payload) },
        {
          language: parsed.data.lang,
          status: parsed.data.status,
          type: parsed.data.type,
          missing: parsed.data.missing,
        },
        page,
      )
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      problem = error.message
    }
  }

  const lacking = query.missing ?? 'texts'
  const page = Number(query.page ?? '1')
  const totalPages = coverage ? Math.max(1, Math.ceil(coverage.total / Number(query.perPage))) : 1
  const pageLink = (to: number) => `?${new URLSearchParams({ ...query, page: String(to) })}`

  return (
    <DefaultTemplate
      i18n={req.i18n}
      locale={locale}
      params={params}
      payload={payload}
      permissions={permissions}
      searchParams={searchParams}
      user={user ?? undefined}
      visibleEntities={visibleEntities}
    >
      <Gutter>
        {/* Payload styles no bare tables: cells get room and a rule between rows. */}
        <style>{`.coverage-table td, .coverage-table th { padding: 6px 16px 6px 0; text-align: left; border-bottom: 1px solid var(--theme-elevation-100); }`}</style>
        <h1>Translation coverage</h1>
        <p>
          Services and categories that lack a translation, or some of its texts (title, description, SEO title and
          description), per language.
        </p>
        {problem && <p role="alert">{problem}</p>}
        {coverage && (
          <>
            <table
              className="coverage-table"
              data-testid="coverage-counts"
              style={{ marginBottom: 'calc(var(--base) * 1.5)' }}
            >
              <thead>
                <tr>
                  <th>Language</th>
                  <th>Services lacking {lacking}</th>
                  <th>Categories lacking {lacking}</th>
                </tr>
              </thead>
              <tbody>
                {coverage.counts.map((count) => (
                  <tr key={count.language}>
                    <td>
                      <a href={`?${new URLSearchParams({ ...query, lang: count.language, page: '1' })}`}>
                        {count.language}
                      </a>
                    </td>
                    <td>{count.services}</td>
                    <td>{count.categories}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <form
              method="get"
              style={{
                display: 'flex',
                flexWrap: 'wrap',
                gap: 'var(--base)',
                alignItems: 'center',
                marginBottom: 'var(--base)',
              }}
            >
              <Choice label="Language" name="lang" value={coverage.language} options={all} />
              <Choice label="Service status" name="status" value={query.status} options={SERVICE_STATUSES} any="any" />
              <Choice
                label="Show"
                name="type"
                value={query.type}
                options={COVERAGE_TYPES}
                any="services and categories"
              />
              <Choice label="Lacking" name="missing" value={query.missing} options={COVERAGE_TEXTS} any="any text" />
              <button type="submit" className="btn btn--style-primary btn--size-small" style={{ margin: 0 }}>
                Filter
              </button>
            </form>
            <p data-testid="coverage-total">
              {countOf(coverage.total, regular('item'))} lacking {lacking} in <strong>{coverage.language}</strong>
            </p>
            <table className="coverage-table" data-testid="coverage-items">
              <thead>
                <tr>
                  <th>Kind</th>
                  <th>Title</th>
                  <th>Status</th>
                  <th>Missing in {coverage.language}</th>
                </tr>
              </thead>
              <tbody>
                {coverage.items.map((item) => (
                  <tr key={item.id}>
                    <td>{item.type}</td>
                    <td>
                      <a href={item.adminUrl}>{item.title}</a>
                    </td>
                    <td>{item.status}</td>
                    <td>{item.missing.join(', ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {totalPages > 1 && (
              <p>
                {page > 1 && <a href={pageLink(page - 1)}>‹ previous</a>} page {page} of {totalPages}{' '}
                {page < totalPages && <a href={pageLink(page + 1)}>next ›</a>}
              </p>
            )}
          </>
        )}
      </Gutter>
    </DefaultTemplate>
  )
}
