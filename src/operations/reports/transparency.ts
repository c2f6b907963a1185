// Transparency reports (docs/api.md "Reports, the moderation queue, appeals and
// transparency", DSA Art. 15/24): the counts of a period computed in one SQL statement from
// the stored reports, decisions and appeals (each table read once over its created_at range),
// as JSON or CSV; and published copies, frozen as computed.
import type { PayloadRequest } from 'payload'

import { REPORTABLE_TYPES } from '../../../domain/content-types'
import { REPORT_REASONS } from '../../../domain/reports'
import { writeAudit } from '../../../hooks/shared/audit'
import { invalidRequest } from '../../lib/http/errors'
import type { Pagination } from '../../lib/http/pagination'
import { runIn, runPublic, statement } from '../../lib/prepared'
import { inTransaction } from '../../lib/transaction'

export interface Period {
  /** YYYY-MM-DD, inclusive, UTC days. */
  from: string
  to: string
}

type Counts = Record<string, number>

export interface TransparencyFigures {
  period: Period
  notices: { total: number; byReason: Counts; byPostType: Counts }
  decisions: {
    total: number
    onNotice: number
    ownInitiative: number
    byPostType: Counts
    byOutcome: { moderated: number; rejected: number; deleted: number; dismissed: number }
  }
  medianHoursNoticeToDecision: number | null
  appeals: { received: number; upheld: number; reversed: number; open: number; medianHoursToDecision: number | null }
  approvals: { approved: number; rejected: number }
}

// $1 from, $2 to (dates), $3 the reasons, $4 the registered post types (listed with 0 when
// nothing happened to them). Decisions are content-moderation decisions: approvals (outcome
// `approved`) are counted apart, rejections in both (docs/decisions.md "Every moderation decision is a row").
const FIGURES = statement(
  'transparency-figures',
  `WITH bounds AS (
     SELECT ($1::date)::timestamp AT TIME ZONE 'UTC' AS lo, ($2::date + 1)::timestamp AT TIME ZONE 'UTC' AS hi
   ), r AS (
     SELECT reason::text AS reason, post_type FROM content_reports, bounds WHERE created_at >= lo AND created_at < hi
   ), d AS (
     SELECT outcome::text AS outcome, post_type, on_notice, extract(epoch FROM created_at - first_notice_at) / 3600 AS hours
     FROM moderation_decisions, bounds WHERE created_at >= lo AND created_at < hi
   ), a AS (
     SELECT status::text AS status, created_at >= lo AS received, decided_at >= lo AND decided_at < hi AS decided,
            decided_at IS NULL OR decided_at >= hi AS open_at_end, extract(epoch FROM decided_at - created_at) / 3600 AS hours
     FROM content_appeals, bounds WHERE created_at < hi AND (decided_at IS NULL OR decided_at >= lo)
   ), types AS (
     SELECT unnest($4::text[]) AS k UNION SELECT post_type FROM r UNION SELECT post_type FROM d WHERE outcome <> 'approved'
   ), ds AS (
     SELECT count(*) FILTER (WHERE outcome <> 'approved') AS total,
            count(*) FILTER (WHERE outcome <> 'approved' AND on_notice) AS on_notice,
            count(*) FILTER (WHERE outcome = 'moderated') AS moderated,
            count(*) FILTER (WHERE outcome = 'rejected') AS rejected,
            count(*) FILTER (WHERE outcome = 'deleted') AS deleted,
            count(*) FILTER (WHERE outcome = 'dismissed') AS dismissed,
            count(*) FILTER (WHERE outcome = 'approved') AS approved,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY hours) FILTER (WHERE outcome <> 'approved' AND on_notice) AS median
     FROM d
   ), s AS (
     SELECT count(*) FILTER (WHERE received) AS received,
            count(*) FILTER (WHERE decided AND status = 'upheld') AS upheld,
            count(*) FILTER (WHERE decided AND status = 'reversed') AS reversed,
            count(*) FILTER (WHERE open_at_end) AS open,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY hours) FILTER (WHERE decided) AS median
     FROM a
   )
   SELECT json_build_object(
     'period', json_build_object('from', $1::text, 'to', $2::text),
     'notices', json_build_object(
       'total', (SELECT count(*) FROM r),
       'byReason', (SELECT json_object_agg(k, COALESCE(n, 0) ORDER BY k) FROM unnest($3::text[]) k LEFT JOIN (SELECT reason, count(*) AS n FROM r GROUP BY reason) g ON g.reason = k),
       'byPostType', (SELECT json_object_agg(k, COALESCE(n, 0) ORDER BY k) FROM types LEFT JOIN (SELECT post_type, count(*) AS n FROM r GROUP BY post_type) g ON g.post_type = k)),
     'decisions', json_build_object(
       'total', ds.total, 'onNotice', ds.on_notice, 'ownInitiative', ds.total - ds.on_notice,
       'byPostType', (SELECT json_object_agg(k, COALESCE(n, 0) ORDER BY k) FROM types LEFT JOIN (SELECT post_type, count(*) AS n FROM d WHERE outcome <> 'approved' GROUP BY post_type) g ON g.post_type = k),
       'byOutcome', json_build_object('moderated', ds.moderated, 'rejected', ds.rejected, 'deleted', ds.deleted, 'dismissed', ds.dismissed)),
     'medianHoursNoticeToDecision', round(ds.median::numeric, 2)::float8,
     'appeals', json_build_object('received', s.received, 'upheld', s.upheld, 'reversed', s.reversed, 'open', s.open,
       'medianHoursToDecision', round(s.median::numeric, 2)::float8),
     'approvals', json_build_object('approved', ds.approved, 'rejected', ds.rejected)
   ) AS figures
   FROM ds, s`,
)

export async function transparencyFigures(req: PayloadRequest, period: Period): Promise<TransparencyFigures> {
  const { rows } = await runIn<{ figures: TransparencyFigures }>(req, FIGURES, [
    period.from,
    period.to,
    [...REPORT_REASONS],
    [...REPORTABLE_TYPES],
  ])
  return rows[0]!.figures
}

/** `metric,value` rows, one per figure (`notices.byReason.spam,3`); an absent median is empty. */
export function figuresCsv(figures: TransparencyFigures): string {
  const lines = ['metric,value']
  const walk = (value: unknown, path: string) => {
    if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) walk(inner, path ? `${path}.${key}` : key)
    } else {
      lines.push(`${path},${value ?? ''}`)
    }
  }
  walk(figures, '')
  return `${lines.join('\r\n')}\r\n`
}

export interface PublishedReport extends TransparencyFigures {
  id: string
  publishedAt: string
}

const INSERT_PUBLICATION = statement(
  'transparency-publish',
  `INSERT INTO transparency_publications (period_from, period_to, figures, published_by_id, updated_at, created_at)
   VALUES ($1, $2, $3, $4, $5, $5) RETURNING id`,
)

export async function publishReport(req: PayloadRequest, period: Period): Promise<{ report: PublishedReport }> {
  return inTransaction(req, async () => {
    const figures = await transparencyFigures(req, period)
    const publishedAt = new Date().toISOString()
    const id = (
      await runIn<{ id: string }>(req, INSERT_PUBLICATION, [
        period.from,
        period.to,
        JSON.stringify(figures),
        req.user?.id ?? null,
        publishedAt,
      ])
    ).rows[0]!.id
    await writeAudit(req, {
      action: 'transparency_report_published',
      targetType: 'transparency-report',
      targetId: id,
      data: { ...period },
    })
    return { report: { id, publishedAt, ...figures } }
  })
}

const PUBLISHED_AT = `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

const PUBLISHED_PAGE = statement(
  'transparency-published-page',
  `SELECT (SELECT count(*)::int FROM transparency_publications) AS total,
          (SELECT COALESCE(json_agg(page), '[]'::json) FROM (
             SELECT id, figures -> 'period' AS period, ${PUBLISHED_AT} AS "publishedAt"
             FROM transparency_publications ORDER BY created_at DESC, id LIMIT $1 OFFSET $2
          ) page) AS reports`,
)

const PUBLISHED_ONE = statement(
  'transparency-published-one',
  `SELECT id, figures, ${PUBLISHED_AT} AS "publishedAt" FROM transparency_publications WHERE id = $1`,
)

export async function publishedReports(req: PayloadRequest, pagination: Pagination) {
  const { rows } = await runPublic<{
    total: number
    reports: Array<{ id: string; period: Period; publishedAt: string }>
  }>(req.payload, PUBLISHED_PAGE, [pagination.perPage, (pagination.page - 1) * pagination.perPage], req)
  return { reports: rows[0]?.reports ?? [], total: rows[0]?.total ?? 0 }
}

export async function publishedReport(req: PayloadRequest, id: string): Promise<PublishedReport | null> {
  const row = (
    await runPublic<{ id: string; figures: TransparencyFigures; publishedAt: string }>(
      req.payload,
      PUBLISHED_ONE,
      [id],
      req,
    )
  ).rows[0]
  return row ? { id: row.id, publishedAt: row.publishedAt, ...row.figures } : null
}

export interface WeekOfDecisions {
  /** Monday of the ISO week, YYYY-MM-DD. */
  week: string
  moderated: number
  rejected: number
  deleted: number
  dismissed: number
}

// The panel's bar chart: the period's decisions (approvals aside) per ISO week, one statement.
const DECISIONS_PER_WEEK = statement(
  'transparency-decisions-per-week',
  `SELECT to_char(date_trunc('week', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS week,
          count(*) FILTER (WHERE outcome = 'moderated')::int AS moderated, count(*) FILTER (WHERE outcome = 'rejected')::int AS rejected,
          count(*) FILTER (WHERE outcome = 'deleted')::int AS deleted, count(*) FILTER (WHERE outcome = 'dismissed')::int AS dismissed
   FROM moderation_decisions
   WHERE created_at >= ($1::date)::timestamp AT TIME ZONE 'UTC' AND created_at < ($2::date + 1)::timestamp AT TIME ZONE 'UTC' AND outcome <> 'approved'
   GROUP BY 1 ORDER BY 1`,
)

export async function decisionsPerWeek(req: PayloadRequest, period: Period): Promise<WeekOfDecisions[]> {
  return (await runIn<WeekOfDecisions>(req, DECISIONS_PER_WEEK, [period.from, period.to])).rows
}

const DATE = /^\d{4}-\d{2}-\d{2}$/

/** A real calendar date in YYYY-MM-DD, from 0001-01-01 (PostgreSQL has no year 0; JavaScript does). */
const isDate = (value: unknown): value is string => {
  if (typeof value !== 'string' || !DATE.test(value) || value.startsWith('0000')) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

export function parsePeriod(from: unknown, to: unknown): Period {
  for (const [name, value] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (!isDate(value))
      throw invalidRequest(`${name} must be a date (YYYY-MM-DD)`, [
        { path: name, message: 'Expected a real date, YYYY-MM-DD' },
      ])
  }
  if ((from as string) > (to as string))
    throw invalidRequest('from must not be after to', [{ path: 'to', message: 'Must be on or after from' }])
  return { from: from as string, to: to as string }
}
