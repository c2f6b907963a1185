// docs/api.md "Reports, the moderation queue, appeals and transparency": reports, the
// moderation queue, dismissals, appeals and transparency reports. Thin handlers: the checks of
// each body in bodies.ts, the use cases in src/operations/reports.
import type { Endpoint } from 'payload'

import { REPORTABLE_TYPES, type ReportableType } from '../../domain/content-types'
import { APPEAL_STATUSES, type AppealStatus } from '../../domain/reports'
import { readJson } from '../../src/lib/http/body'
import { defineEndpoint } from '../../src/lib/http/endpoint'
import { paginated, parsePagination } from '../../src/lib/http/pagination'
import { json } from '../../src/lib/http/respond'
import { familyDoc } from '../../src/lib/openapi/routes'
import { decideAppeal, fileAppeal, listAppeals } from '../../src/operations/reports/appeals'
import { dismissReports } from '../../src/operations/reports/dismiss'
import { requireSignedIn, requireStaff } from '../../src/operations/reports/errors'
import { moderationQueue } from '../../src/operations/reports/queue'
import { createReport } from '../../src/operations/reports/report'
import { parseAppealBody, parseAppealDecisionBody, parseDismissBody, parseReportBody } from './bodies'
import { oneOf } from './fields'
import { transparencyEndpoints } from './transparency'

// POST /api/reports {postType, postId, reason, details?} → 201 {report}
const reportEndpoint = defineEndpoint(
  '/reports',
  'post',
  async (req) => {
    requireSignedIn(req)
    return json(await createReport(req, parseReportBody(await readJson(req))), 201)
  },
  familyDoc('reportsDocs', 'reports'),
)

// GET /api/admin/moderation/queue?postType=&page=&perPage= → {items, total, page, perPage, totalPages}
const queueEndpoint = defineEndpoint(
  '/admin/moderation/queue',
  'get',
  async (req) => {
    requireStaff(req, 'moderation.queue')
    const params = new URL(req.url ?? 'http://x/').searchParams
    const raw = params.get('postType')
    const postType = raw ? oneOf<ReportableType>('postType', raw, REPORTABLE_TYPES) : undefined
    const pagination = parsePagination(params)
    const { items, total } = await moderationQueue(req, { postType }, pagination)
    return json(paginated('items', items, total, pagination))
  },
  familyDoc('reportsDocs', 'adminModerationQueue'),
)

// POST /api/admin/moderation/dismiss {postType, postId, reason} → 200 {success, postType, postId, dismissed}
const dismissEndpoint = defineEndpoint(
  '/admin/moderation/dismiss',
  'post',
  async (req) => {
    requireStaff(req, 'moderation.action')
    return json(await dismissReports(req, parseDismissBody(await readJson(req))))
  },
  familyDoc('reportsDocs', 'adminModerationDismiss'),
)

// POST /api/appeals {postType, postId, statement} → 201 {appeal}
const appealEndpoint = defineEndpoint(
  '/appeals',
  'post',
  async (req) => {
    requireSignedIn(req)
    return json(await fileAppeal(req, parseAppealBody(await readJson(req))), 201)
  },
  familyDoc('reportsDocs', 'appeals'),
)

// GET /api/admin/appeals?status=&page=&perPage= → {appeals, total, page, perPage, totalPages}
const appealsEndpoint = defineEndpoint(
  '/admin/appeals',
  'get',
  async (req) => {
    requireStaff(req, 'moderation.queue')
    const params = new URL(req.url ?? 'http://x/').searchParams
    const raw = params.get('status')
    const status = raw ? oneOf<AppealStatus>('status', raw, APPEAL_STATUSES) : undefined
    const pagination = parsePagination(params)
    const { appeals, total } = await listAppeals(req, status, pagination)
    return json(paginated('appeals', appeals, total, pagination))
  },
  familyDoc('reportsDocs', 'adminAppeals'),
)

// POST /api/admin/appeals/decide {appealId, decision, reason} → 200 {appeal}
const decideEndpoint = defineEndpoint(
  '/admin/appeals/decide',
  'post',
  async (req) => {
    requireStaff(req, 'moderation.action')
    return json(await decideAppeal(req, parseAppealDecisionBody(await readJson(req))))
  },
  familyDoc('reportsDocs', 'adminAppealsDecide'),
)

export const reportsEndpoints: Endpoint[] = [
  ...reportEndpoint,
  ...queueEndpoint,
  ...dismissEndpoint,
  ...appealEndpoint,
  ...appealsEndpoint,
  ...decideEndpoint,
  ...transparencyEndpoints,
]
