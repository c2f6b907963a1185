// /admin/transparency, for admins: the transparency figures of a period
// (the same operation as GET /api/admin/transparency-report) as a report in words, in four
// sections (notices, decisions, appeals, approvals) with the medians in hours, the weekly
// chart of decisions beside them, and "Publish". The period is a GET form, so every state is
// a URL. Built from the panel's own components (DatePicker, Button) and CSS variables.
import type { AdminViewServerProps, BasePayload } from 'payload'
import type { ReactNode } from 'react'

import { hasRole } from '../../domain/permissions'
import { REPORT_REASONS } from '../../domain/reports'
import { ApiError } from '../lib/http/errors'
import {
  decisionsPerWeek,
  parsePeriod,
  type Period,
  type TransparencyFigures,
  transparencyFigures,
  type WeekOfDecisions,
} from '../operations/reports/transparency'
import { type PanelText, panelText } from './i18n/index'
import { PanelPage } from './PanelPage'
import { PeriodForm } from './PeriodForm'
import { PublishReport } from './PublishReport'
import { hoursText, outcomeLabel, postTypeLabel, reasonLabel } from './transparencyLabels'

const OUTCOMES = ['moderated', 'rejected', 'deleted', 'dismissed'] as const
// Payload's own palette (its CSS variables), so the chart follows the light and dark themes.
const COLORS: Record<(typeof OUTCOMES)[number], string> = {
  moderated: 'var(--theme-error-500)',
  rejected: 'var(--theme-warning-500)',
  deleted: 'var(--theme-elevation-800)',
  dismissed: 'var(--theme-elevation-400)',
}

const STYLES = `
.transparency-report { display: grid; grid-template-columns: minmax(0, 3fr) minmax(320px, 2fr); gap: calc(var(--base) * 2); align-items: start; }
.transparency-report__sections { display: grid; grid-template-columns: repeat(auto-fit, minmax(300px, 1fr)); gap: var(--base); }
.transparency-section, .transparency-chart { background: var(--theme-elevation-50); border: 1px solid var(--theme-elevation-150); border-radius: var(--style-radius-m); padding: var(--base); }
.transparency-section h3, .transparency-chart h3 { margin: 0 0 calc(var(--base) / 2); }
.transparency-section table { width: 100%; border-collapse: collapse; }
.transparency-section th, .transparency-section td { padding: 4px 0; border-bottom: 1px solid var(--theme-elevation-100); text-align: left; font-weight: normal; }
.transparency-section td { text-align: right; font-variant-numeric: tabular-nums; }
.transparency-section tr.total th, .transparency-section tr.total td { font-weight: 600; }
.transparency-section tr.group th { padding-top: calc(var(--base) / 2); color: var(--theme-elevation-500); font-size: 0.9em; }
.transparency-section tr.sub th { padding-left: var(--base); }
@media (max-width: 1024px) { .transparency-report { grid-template-columns: 1fr; } }
`

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)

/** The last 90 days by default. */
function defaultPeriod(): Period {
  const to = new Date()
  const from = new Date(to.getTime() - 89 * 86_400_000)
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) }
}

/** A row: a label and its figure; `total` rows stand out, a `group` row heads the `sub` rows under it. */
type Row = { label: string; value?: ReactNode; kind?: 'total' | 'group' | 'sub' }

function Section({ title, testId, rows }: { title: string; testId: string; rows: Row[] }) {
  return (
    <section className="transparency-section" data-testid={testId}>
      <h3>{title}</h3>
      <table>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.kind ?? ''}${row.label}`} className={row.kind}>
              <th scope="row" colSpan={row.kind === 'group' ? 2 : 1}>
                {row.label}
              </th>
              {row.kind !== 'group' && <td>{row.value}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

function byPostType(payload: BasePayload, counts: Record<string, number>, text: PanelText): Row[] {
  const count = (n: number) => text.number(n)
  return [
    { label: text.t('transparency.byType'), kind: 'group' },
    ...Object.entries(counts).map(([type, n]): Row => ({
      label: postTypeLabel(payload, type, text.language),
      value: count(n),
      kind: 'sub',
    })),
  ]
}

function Sections({ figures, payload, text }: { figures: TransparencyFigures; payload: BasePayload; text: PanelText }) {
  const { notices, decisions, appeals, approvals } = figures
  const { t } = text
  const count = (n: number) => text.number(n)
  const hours = (n: number | null) => hoursText(n, text.language)
  return (
    <div className="transparency-report__sections" data-testid="transparency-figures">
      <Section
        title={t('transparency.notices')}
        testId="section-notices"
        rows={[
          { label: t('transparency.noticesReceived'), value: count(notices.total), kind: 'total' },
          { label: t('transparency.byReason'), kind: 'group' },
          ...REPORT_REASONS.map((reason): Row => ({
            label: reasonLabel(reason, text.language),
            value: count(notices.byReason[reason] ?? 0),
            kind: 'sub',
          })),
          ...byPostType(payload, notices.byPostType, text),
        ]}
      />
      <Section
        title={t('transparency.decisions')}
        testId="section-decisions"
        rows={[
          { label: t('transparency.decisionsTaken'), value: count(decisions.total), kind: 'total' },
          { label: t('transparency.onNotice'), value: count(decisions.onNotice) },
          { label: t('transparency.ownInitiative'), value: count(decisions.ownInitiative) },
          { label: t('transparency.medianNotice'), value: hours(figures.medianHoursNoticeToDecision) },
          { label: t('transparency.byOutcome'), kind: 'group' },
          ...OUTCOMES.map((outcome): Row => ({
            label: outcomeLabel(outcome, text.language),
            value: count(decisions.byOutcome[outcome]),
            kind: 'sub',
          })),
          ...byPostType(payload, decisions.byPostType, text),
        ]}
      />
      <Section
        title={t('transparency.appeals')}
        testId="section-appeals"
        rows={[
          { label: t('transparency.appealsReceived'), value: count(appeals.received), kind: 'total' },
          { label: t('transparency.upheld'), value: count(appeals.upheld) },
          { label: t('transparency.reversed'), value: count(appeals.reversed) },
          { label: t('transparency.stillOpen'), value: count(appeals.open) },
          { label: t('transparency.medianAppeal'), value: hours(appeals.medianHoursToDecision) },
        ]}
      />
      <Section
        title={t('transparency.approvals')}
        testId="section-approvals"
        rows={[
          { label: t('transparency.approved'), value: count(approvals.approved) },
          { label: t('transparency.rejected'), value: count(approvals.rejected) },
        ]}
      />
    </div>
  )
}

function WeeklyChart({ weeks, text }: { weeks: WeekOfDecisions[]; text: PanelText }) {
  const { t } = text
  const label = (outcome: (typeof OUTCOMES)[number]) => outcomeLabel(outcome, text.language)
  const totals = weeks.map((week) => OUTCOMES.reduce((sum, outcome) => sum + week[outcome], 0))
  const max = Math.max(1, ...totals)
  return (
    <figure className="transparency-chart" data-testid="decisions-chart" style={{ margin: 0 }}>
      <h3>{t('transparency.perWeek')}</h3>
      <figcaption style={{ display: 'flex', flexWrap: 'wrap', gap: 12, marginBottom: 'calc(var(--base) / 2)' }}>
        {OUTCOMES.map((outcome) => (
          <span key={outcome}>
            <span
              style={{ display: 'inline-block', width: 10, height: 10, marginRight: 4, background: COLORS[outcome] }}
            />
            {label(outcome)}
          </span>
        ))}
      </figcaption>
      {weeks.length === 0 && <p>{t('transparency.noDecisions')}</p>}
      {weeks.map((week, i) => (
        <div
          key={week.week}
          data-testid="chart-week"
          style={{ display: 'flex', alignItems: 'center', gap: 8, margin: '4px 0' }}
        >
          <span style={{ width: 150, flex: 'none' }}>{t('transparency.weekOf', { week: week.week })}</span>
          <span style={{ display: 'flex', flex: 1, minWidth: 0 }}>
            {OUTCOMES.map((outcome) => (
              <span
                key={outcome}
                title={`${label(outcome)}: ${week[outcome]}`}
                style={{ width: `${(week[outcome] / max) * 100}%`, height: 16, background: COLORS[outcome] }}
              />
            ))}
          </span>
          <span style={{ width: 90, flex: 'none', textAlign: 'right' }}>
            {text.plural('transparency.decisionCount', totals[i] ?? 0)}
          </span>
        </div>
      ))}
    </figure>
  )
}

export async function TransparencyView(props: AdminViewServerProps) {
  const { searchParams } = props
  const { req } = props.initPageResult
  const { payload, user } = req
  const text = panelText(req.i18n.language)
  const fallback = defaultPeriod()
  const asked = { from: first(searchParams?.from) ?? fallback.from, to: first(searchParams?.to) ?? fallback.to }
  let figures: TransparencyFigures | null = null
  let weeks: WeekOfDecisions[] = []
  let problem: string | null = null
  if (!hasRole(user, 'admin')) {
    problem = text.t('transparency.adminsOnly')
  } else {
    try {
      const period = parsePeriod(asked.from, asked.to)
      ;[figures, weeks] = await Promise.all([transparencyFigures(req, period), decisionsPerWeek(req, period)])
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      problem = error.message
    }
  }
  const csv = `/api/admin/transparency-report?from=${encodeURIComponent(asked.from)}&to=${encodeURIComponent(asked.to)}&format=csv`
  return (
    <PanelPage view={props}>
      <style>{STYLES}</style>
      <h1>{text.t('nav.transparency')}</h1>
      {hasRole(user, 'admin') && <PeriodForm from={asked.from} to={asked.to} csv={figures ? csv : undefined} />}
      {problem && <p role="alert">{problem}</p>}
      {figures && (
        <div className="transparency-report">
          <Sections figures={figures} payload={payload} text={text} />
          <div style={{ display: 'grid', gap: 'var(--base)' }}>
            <WeeklyChart weeks={weeks} text={text} />
            <PublishReport from={asked.from} to={asked.to} />
          </div>
        </div>
      )}
    </PanelPage>
  )
}
