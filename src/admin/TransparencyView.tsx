// /admin/transparency (issue 21), for admins: the transparency figures of a period (the same
// operation as GET /api/admin/transparency-report), a bar chart of decisions per week, and
// "Publish". A plain GET form picks the period, so every state is a URL.
import { DefaultTemplate } from '@payloadcms/next/templates'
import { Gutter } from '@payloadcms/ui'
import type { AdminViewServerProps } from 'payload'

import { hasRole } from '../../domain/permissions'
import { parsePeriod } from '../../endpoints/reports/transparency'
import { ApiError } from '../lib/http/errors'
import { decisionsPerWeek, transparencyFigures, type Period, type TransparencyFigures, type WeekOfDecisions } from '../operations/reports/transparency'
import { PublishReport } from './PublishReport'

const OUTCOMES = ['moderated', 'rejected', 'deleted', 'dismissed'] as const
const COLORS: Record<(typeof OUTCOMES)[number], string> = { moderated: '#c0392b', rejected: '#8e44ad', deleted: '#2c3e50', dismissed: '#7f8c8d' }

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)

/** The last 90 days by default. */
function defaultPeriod(): Period {
  const to = new Date()
  const from = new Date(to.getTime() - 89 * 86_400_000)
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) }
}

/** `notices.byReason.spam` → value rows, as in the CSV. */
function flatten(value: unknown, path = ''): Array<[string, string]> {
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, inner]) => flatten(inner, path ? `${path}.${key}` : key))
  return [[path, value === null ? '–' : String(value)]]
}

function WeeklyChart({ weeks }: { weeks: WeekOfDecisions[] }) {
  const max = Math.max(1, ...weeks.map((week) => OUTCOMES.reduce((sum, outcome) => sum + week[outcome], 0)))
  return (
    <figure data-testid="decisions-chart" style={{ margin: 0 }}>
      <figcaption>
        Decisions per week{' '}
        {OUTCOMES.map((outcome) => (
          <span key={outcome} style={{ marginLeft: 12 }}>
            <span style={{ display: 'inline-block', width: 10, height: 10, background: COLORS[outcome] }} /> {outcome}
          </span>
        ))}
      </figcaption>
      {weeks.length === 0 && <p>No decisions in this period.</p>}
      {weeks.map((week) => (
        <div key={week.week} data-testid="chart-week" style={{ display: 'flex', alignItems: 'center', gap: 8, margin: '4px 0' }}>
          <span style={{ width: 90 }}>{week.week}</span>
          <span style={{ display: 'flex', width: 400 }}>
            {OUTCOMES.map((outcome) => (
              <span key={outcome} title={`${outcome}: ${week[outcome]}`} style={{ width: `${(week[outcome] / max) * 100}%`, height: 16, background: COLORS[outcome] }} />
            ))}
          </span>
          <span>{OUTCOMES.reduce((sum, outcome) => sum + week[outcome], 0)}</span>
        </div>
      ))}
    </figure>
  )
}

export async function TransparencyView(props: AdminViewServerProps) {
  const { initPageResult, params, searchParams } = props
  const { req, permissions, locale, visibleEntities } = initPageResult
  const { payload, user } = req
  const fallback = defaultPeriod()
  const asked = { from: first(searchParams?.from) ?? fallback.from, to: first(searchParams?.to) ?? fallback.to }
  let figures: TransparencyFigures | null = null
  let weeks: WeekOfDecisions[] = []
  let problem: string | null = null
  if (!hasRole(user, 'admin')) {
    problem = 'Transparency reports are for admins.'
  } else {
    try {
      const period = parsePeriod(asked.from, asked.to)
      ;[figures, weeks] = await Promise.all([transparencyFigures(req, period), decisionsPerWeek(req, period)])
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      problem = error.message
    }
  }
  return (
    <DefaultTemplate i18n={req.i18n} locale={locale} params={params} payload={payload} permissions={permissions} searchParams={searchParams} user={user ?? undefined} visibleEntities={visibleEntities}>
      <Gutter>
        <style>{`.figures td { padding: 4px 16px 4px 0; border-bottom: 1px solid var(--theme-elevation-100); }`}</style>
        <h1>Transparency report</h1>
        <form method="get" style={{ display: 'flex', gap: 16, alignItems: 'end', marginBottom: 'var(--base)' }}>
          <label>
            From <input type="date" name="from" defaultValue={asked.from} />
          </label>
          <label>
            To <input type="date" name="to" defaultValue={asked.to} />
          </label>
          <button type="submit">Show</button>
          {figures && <a href={`/api/admin/transparency-report?from=${asked.from}&to=${asked.to}&format=csv`}>CSV</a>}
        </form>
        {problem && <p role="alert">{problem}</p>}
        {figures && (
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 'calc(var(--base) * 2)' }}>
            <table className="figures" data-testid="transparency-figures">
              <tbody>
                {flatten(figures)
                  .filter(([name]) => !name.startsWith('period.'))
                  .map(([name, value]) => (
                    <tr key={name}>
                      <td>{name}</td>
                      <td>{value}</td>
                    </tr>
                  ))}
              </tbody>
            </table>
            <div>
              <WeeklyChart weeks={weeks} />
              <PublishReport from={asked.from} to={asked.to} />
            </div>
          </div>
        )}
      </Gutter>
    </DefaultTemplate>
  )
}
