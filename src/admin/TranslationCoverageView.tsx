// /admin/translations: what each content language still lacks, for content teams.
// The figures are the admin API's (GET /api/admin/services/translations/coverage): the same
// operation and the same query rules, rendered on the server. A plain GET form filters by
// language, status and kind, so the page works without client code and every state is a URL.
import type { AdminViewServerProps } from 'payload'

import { hasRole } from '../../domain/permissions'
import { SERVICE_STATUSES } from '../../domain/services'
import { ApiError, apiError } from '../lib/http/errors'
import { parsePagination } from '../lib/http/pagination'
import { defaultLocale, localeCodes } from '../lib/locales'
import { coverageQuerySchema } from '../operations/catalogue/translation-coverage'
import {
  type Coverage,
  COVERAGE_STATES,
  COVERAGE_TEXTS,
  COVERAGE_TYPES,
  type CoverageItem,
  translationCoverage,
} from '../operations/catalogue/translation-coverage'
import { ConfirmTranslation } from './ConfirmTranslation'
import { type PanelText, panelText } from './i18n/index'
import { TEXTS } from './i18n/texts'
import { PanelPage } from './PanelPage'

const PER_PAGE = '50'

function firstValues(searchParams: AdminViewServerProps['searchParams']): Record<string, string> {
  return Object.fromEntries(
    Object.entries(searchParams ?? {})
      .map(([key, value]) => [key, Array.isArray(value) ? value[0] : value])
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
  )
}

/** One filter of the GET form; `any`: the option that leaves the parameter out; `words`: each option's label. */
function Choice(props: {
  label: string
  name: string
  value: string | undefined
  options: readonly string[]
  any?: string
  words?: (option: string) => string
}) {
  return (
    <label>
      {props.label}{' '}
      <select name={props.name} defaultValue={props.value ?? ''}>
        {props.any !== undefined && <option value="">{props.any}</option>}
        {props.options.map((option) => (
          <option key={option} value={option}>
            {props.words ? props.words(option) : option}
          </option>
        ))}
      </select>
    </label>
  )
}

/** A word of the panel for a value of the API (`seoTitle`, `draft`, `service`), or the value itself. */
function wordOf(text: PanelText, prefix: string, value: string): string {
  const key = `${prefix}.${value}`
  return key in TEXTS ? text.t(key as never) : value
}

const sourceDate = (text: PanelText, at: string | null | undefined) =>
  at
    ? new Intl.DateTimeFormat(text.language === 'en' ? 'en-GB' : text.language, { dateStyle: 'medium' }).format(
        new Date(at),
      )
    : ''

export async function TranslationCoverageView(props: AdminViewServerProps) {
  const { searchParams } = props
  const { req } = props.initPageResult
  const { payload, user } = req
  const text = panelText(req.i18n.language)
  const { t } = text
  const all = localeCodes(payload)
  const fallback = all.find((code) => code !== defaultLocale(payload)) ?? all[0]!
  const query: Record<string, string> = { lang: fallback, perPage: PER_PAGE, ...firstValues(searchParams) }
  const outdated = query.state === 'outdated'

  let coverage: Coverage | null = null
  let problem: string | null = null
  if (!hasRole(user, 'admin')) {
    problem = t('coverage.adminsOnly')
  } else {
    const parsed = coverageQuerySchema(all).safeParse({
      lang: query.lang,
      state: query.state,
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
          state: parsed.data.state,
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

  const lacking = query.missing ? wordOf(text, 'text', query.missing) : t('coverage.texts')
  const page = Number(query.page ?? '1')
  const totalPages = coverage ? Math.max(1, Math.ceil(coverage.total / Number(query.perPage))) : 1
  const pageLink = (to: number) => `?${new URLSearchParams({ ...query, page: String(to) })}`
  const texts = (item: CoverageItem, which: 'missing' | 'outdated') =>
    (item[which] ?? []).map((name) => wordOf(text, 'text', name)).join(', ')

  return (
    <PanelPage view={props}>
      {/* Payload styles no bare tables: cells get room and a rule between rows. */}
      <style>{`.coverage-table td, .coverage-table th { padding: 6px 16px 6px 0; text-align: left; border-bottom: 1px solid var(--theme-elevation-100); }`}</style>
      <h1>{t('nav.coverage')}</h1>
      <p>{outdated ? t('coverage.introOutdated') : t('coverage.intro')}</p>
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
                <th>{t('coverage.language')}</th>
                <th>{t('coverage.servicesLacking', { what: lacking })}</th>
                <th>{t('coverage.categoriesLacking', { what: lacking })}</th>
                <th>{t('coverage.outdatedServices')}</th>
                <th>{t('coverage.outdatedCategories')}</th>
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
                  <td data-testid={`outdated-services-${count.language}`}>{count.outdatedServices}</td>
                  <td>{count.outdatedCategories}</td>
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
            <Choice label={t('coverage.language')} name="lang" value={coverage.language} options={all} />
            <Choice
              label={t('coverage.state')}
              name="state"
              value={query.state}
              options={COVERAGE_STATES}
              words={(option) => wordOf(text, 'state', option)}
            />
            <Choice
              label={t('coverage.status')}
              name="status"
              value={query.status}
              options={SERVICE_STATUSES}
              any={t('coverage.any')}
              words={(option) => wordOf(text, 'status', option)}
            />
            <Choice
              label={t('coverage.show')}
              name="type"
              value={query.type}
              options={COVERAGE_TYPES}
              any={t('coverage.both')}
              words={(option) => wordOf(text, 'type', option)}
            />
            <Choice
              label={t('coverage.lacking')}
              name="missing"
              value={query.missing}
              options={COVERAGE_TEXTS}
              any={t('coverage.anyText')}
              words={(option) => wordOf(text, 'text', option)}
            />
            <button type="submit" className="btn btn--style-primary btn--size-small" style={{ margin: 0 }}>
              {t('coverage.filter')}
            </button>
          </form>
          <p data-testid="coverage-total">
            {text.plural(outdated ? 'coverage.totalOutdated' : 'coverage.total', coverage.total, { what: lacking })}{' '}
            <strong>{coverage.language}</strong>
          </p>
          <table className="coverage-table" data-testid="coverage-items">
            <thead>
              <tr>
                <th>{t('coverage.kind')}</th>
                <th>{t('coverage.title')}</th>
                <th>{t('coverage.statusColumn')}</th>
                <th>{t('coverage.missingIn', { lang: coverage.language })}</th>
                {outdated && <th>{t('coverage.outdatedIn', { lang: coverage.language })}</th>}
                {outdated && <th>{t('coverage.sourceChanged')}</th>}
                {outdated && <th />}
              </tr>
            </thead>
            <tbody>
              {coverage.items.map((item) => (
                <tr key={item.id} data-testid="coverage-item" data-id={item.id}>
                  <td>{wordOf(text, 'type', item.type)}</td>
                  <td>
                    <a href={item.adminUrl}>{item.title}</a>
                  </td>
                  <td>{wordOf(text, 'status', item.status)}</td>
                  <td>{texts(item, 'missing')}</td>
                  {outdated && <td data-testid="coverage-outdated">{texts(item, 'outdated')}</td>}
                  {outdated && <td>{sourceDate(text, item.sourceChangedAt)}</td>}
                  {outdated && (
                    <td>
                      <ConfirmTranslation type={item.type} id={item.id} lang={coverage.language} />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
          {totalPages > 1 && (
            <p>
              {page > 1 && <a href={pageLink(page - 1)}>{t('coverage.previous')}</a>}{' '}
              {t('coverage.page', { page, pages: totalPages })}{' '}
              {page < totalPages && <a href={pageLink(page + 1)}>{t('coverage.next')}</a>}
            </p>
          )}
        </>
      )}
    </PanelPage>
  )
}
