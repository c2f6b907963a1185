// The OpenAPI description of docs/api.md "Reports, the moderation queue,
// appeals and transparency" (docs/api.md "Reports, the moderation queue,
// appeals and transparency"), from the constants the endpoints check with.
import { z } from 'zod'
import type { ZodOpenApiOperationObject } from 'zod-openapi'

import { REPORTABLE_TYPES } from '../../domain/content-types'
import { APPEAL_STATUSES, DETAILS_MAX, REPORT_REASONS, STATEMENT_MAX, STATEMENT_MIN } from '../../domain/reports'
import { errorResponses, id, json, pageFields, paginationQuery, SESSION, timestamp } from '../../src/lib/openapi/common'
import { familyDocs, type PathDocs } from '../../src/lib/openapi/routes'
import { REASON_MAX, REASON_MIN } from '../admin/moderate'

const postType = z.enum(REPORTABLE_TYPES)
const reason = z.enum(REPORT_REASONS)
const counts = z.record(z.string(), z.int().min(0))
const moderationReason = z
  .string()
  .min(REASON_MIN)
  .max(REASON_MAX)
  .meta({ description: `${REASON_MIN}..${REASON_MAX} characters once trimmed` })
const nullableId = z.string().nullable()
const nullableTime = timestamp.nullable()

const FIELD_ERRORS =
  '`invalid_body`, `VAL_REQUIRED_FIELD` (first missing field), `VAL_INVALID_ENUM`, `VAL_TOO_SHORT`, `VAL_TOO_LONG` (with `field`)'
const write = (
  summary: string,
  body: z.ZodType,
  answers: Record<string, ReturnType<typeof json>>,
  errors: Record<number, string>,
): ZodOpenApiOperationObject => ({
  tags: ['Moderation'],
  summary,
  security: SESSION,
  requestBody: { content: { 'application/json': { schema: body } } },
  responses: {
    ...answers,
    ...errorResponses('moderation', { 401: '`AUTH_UNAUTHORIZED`: no valid session', ...errors }, { write: true }),
  },
})

const report = z.object({ id, postType, postId: z.string(), reason, status: z.literal('open'), createdAt: timestamp })
const queueItem = z.object({
  postType: z.string(),
  postId: z.string(),
  status: z.string().nullable().meta({ description: 'The item’s current status' }),
  authorId: nullableId,
  excerpt: z.string().meta({ description: 'The item’s first text field, ≤ 200 characters' }),
  reports: z.int().min(1).meta({ description: 'Open reports on the item' }),
  reasons: counts.meta({ description: 'Open reports per reason' }),
  firstReportedAt: timestamp,
})
const appealCreated = z.object({ id, postType, postId: z.string(), status: z.literal('open'), createdAt: timestamp })
const appeal = z
  .object({
    id,
    postType: z.string(),
    postId: z.string(),
    status: z.enum(APPEAL_STATUSES),
    statement: z.string(),
    appellantId: nullableId,
    decision: z.object({
      id,
      outcome: z.string(),
      reason: z.string().nullable(),
      previousStatus: z.string().nullable(),
      decidedBy: nullableId,
      decidedAt: timestamp,
    }),
    decidedBy: nullableId,
    decidedAt: nullableTime,
    decisionReason: z.string().nullable(),
    createdAt: timestamp,
  })
  .meta({ id: 'Appeal' })

const period = z.object({ from: z.iso.date(), to: z.iso.date() })
const median = z.number().nullable().meta({ description: 'Hours, two decimals; null when there is nothing to measure' })
const figures = {
  period,
  notices: z.object({ total: z.int(), byReason: counts, byPostType: counts }),
  decisions: z.object({
    total: z.int(),
    onNotice: z.int(),
    ownInitiative: z.int(),
    byPostType: counts,
    byOutcome: z.object({ moderated: z.int(), rejected: z.int(), deleted: z.int(), dismissed: z.int() }),
  }),
  medianHoursNoticeToDecision: median,
  appeals: z.object({
    received: z.int(),
    upheld: z.int(),
    reversed: z.int(),
    open: z.int(),
    medianHoursToDecision: median,
  }),
  approvals: z.object({ approved: z.int(), rejected: z.int() }),
}
const transparencyFigures = z.object(figures).meta({ id: 'TransparencyFigures' })
const published = z.object({ id, publishedAt: timestamp, ...figures }).meta({ id: 'PublishedTransparencyReport' })
const periodQuery = z.object({
  from: z.iso.date().meta({ description: 'First day, YYYY-MM-DD (UTC)' }),
  to: z.iso.date().meta({ description: 'Last day, inclusive' }),
  format: z.enum(['json', 'csv']).optional(),
})
const ADMIN_ONLY = '`forbidden`: not an admin'

export const reportsDocs = familyDocs((): PathDocs => ({
  reports: {
    post: write(
      'Report an item (any signed-in user); 20 per user per hour',
      z.object({ postType, postId: z.string(), reason, details: z.string().max(DETAILS_MAX).optional() }),
      { '201': json('Reported', z.object({ report })) },
      {
        400: `${FIELD_ERRORS}, \`invalid_request\` (details not a string), or \`BIZ_SELF_REPORT\` (the caller wrote it)`,
        404: '`BIZ_NOT_FOUND`: no such item, deleted, or not visible to the caller',
        409: '`report_exists`: the caller already has an open report on it',
        429: '`too_many_requests`: more than 20 reports in the hour (or the global limit)',
      },
    ),
  },
  adminModerationQueue: {
    get: {
      tags: ['Moderation'],
      summary: 'Items with open reports, oldest first report first (moderation.queue)',
      security: SESSION,
      requestParams: { query: z.object({ postType: postType.optional(), ...paginationQuery }) },
      responses: {
        '200': json('One page of the queue', z.object({ items: z.array(queueItem), ...pageFields })),
        ...errorResponses('moderation', {
          400: '`VAL_INVALID_ENUM` (postType) or `invalid_request` (page, perPage)',
          401: '`AUTH_UNAUTHORIZED`',
          403: '`AUTH_FORBIDDEN`: no moderation.queue',
        }),
      },
    },
  },
  adminModerationDismiss: {
    post: write(
      'Close an item’s open reports as dismissed (moderation.action); every reporter is told',
      z.object({ postType, postId: z.string(), reason: moderationReason }),
      {
        '200': json(
          'Dismissed',
          z.object({ success: z.literal(true), postType, postId: z.string(), dismissed: z.int().min(1) }),
        ),
      },
      {
        400: FIELD_ERRORS,
        403: '`AUTH_FORBIDDEN`: no moderation.action',
        404: '`BIZ_NOT_FOUND`: no such item',
        409: '`no_open_reports`: nothing to dismiss',
      },
    ),
  },
  appeals: {
    post: write(
      'Appeal the decision on one’s own moderated or rejected item (once, within 180 days)',
      z.object({ postType, postId: z.string(), statement: z.string().min(STATEMENT_MIN).max(STATEMENT_MAX) }),
      { '201': json('Appealed', z.object({ appeal: appealCreated })) },
      {
        400: FIELD_ERRORS,
        403: '`AUTH_FORBIDDEN`: not the author, the item is not moderated or rejected, or the decision is older than 180 days',
        404: '`BIZ_NOT_FOUND`: no such item',
        409: '`appeal_exists`: the decision was already appealed',
      },
    ),
  },
  adminAppeals: {
    get: {
      tags: ['Moderation'],
      summary: 'Appeals, newest first, optionally by status (moderation.queue)',
      security: SESSION,
      requestParams: { query: z.object({ status: z.enum(APPEAL_STATUSES).optional(), ...paginationQuery }) },
      responses: {
        '200': json('One page of appeals', z.object({ appeals: z.array(appeal), ...pageFields })),
        ...errorResponses('moderation', {
          400: '`VAL_INVALID_ENUM` (status) or `invalid_request`',
          401: '`AUTH_UNAUTHORIZED`',
          403: '`AUTH_FORBIDDEN`: no moderation.queue',
        }),
      },
    },
  },
  adminAppealsDecide: {
    post: write(
      'Uphold or reverse an appeal (moderation.action, not the moderator who decided)',
      z.object({ appealId: z.string(), decision: z.enum(['uphold', 'reverse']), reason: moderationReason }),
      { '200': json('Decided', z.object({ appeal })) },
      {
        400: FIELD_ERRORS,
        403: '`AUTH_FORBIDDEN` (no moderation.action) or `BIZ_SELF_REVIEW` (the caller took the decision appealed)',
        404: '`BIZ_NOT_FOUND`: no such appeal',
        409: '`appeal_decided`: already upheld or reversed',
      },
    ),
  },
  adminTransparencyReport: {
    get: {
      tags: ['Moderation'],
      summary: 'Transparency figures for a period, JSON or CSV (admins)',
      security: SESSION,
      requestParams: { query: periodQuery },
      responses: {
        '200': {
          description: 'The figures',
          content: {
            'application/json': { schema: transparencyFigures },
            'text/csv': {
              schema: z.string().meta({ description: '`metric,value` rows, e.g. `notices.byReason.spam,3`' }),
            },
          },
        },
        ...errorResponses('general', {
          400: '`invalid_request`: from/to not a real date, from after to, or an unknown format',
          403: ADMIN_ONLY,
        }),
      },
    },
  },
  adminTransparencyReports: {
    post: {
      tags: ['Moderation'],
      summary: 'Publish a frozen transparency report (admins)',
      security: SESSION,
      requestBody: { content: { 'application/json': { schema: period } } },
      responses: {
        '201': json('Published', z.object({ report: published })),
        ...errorResponses(
          'general',
          { 400: '`invalid_body` or `invalid_request` (from/to)', 403: ADMIN_ONLY },
          { write: true },
        ),
      },
    },
  },
  transparencyReports: {
    get: {
      tags: ['Moderation'],
      summary: 'Published transparency reports, newest first (public)',
      requestParams: { query: z.object(paginationQuery) },
      responses: {
        '200': json(
          'One page',
          z.object({ reports: z.array(z.object({ id, period, publishedAt: timestamp })), ...pageFields }),
        ),
        ...errorResponses('general', { 400: '`invalid_request` (page, perPage)' }),
      },
    },
  },
  transparencyReportsId: {
    get: {
      tags: ['Moderation'],
      summary: 'One published transparency report (public)',
      requestParams: { path: z.object({ id }) },
      responses: {
        '200': json('Found', z.object({ report: published })),
        ...errorResponses('general', { 404: '`not_found`' }),
      },
    },
  },
}))
