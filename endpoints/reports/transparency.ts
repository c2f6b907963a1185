// Transparency reports (docs/api.md "Reports, the moderation queue, appeals and
// transparency"): the admins' figures for any period (JSON or CSV), publishing a frozen
// copy, and the public list and copies. /api/admin routes answer in the general family (403
// `forbidden` for non-admins, docs/api.md "Admin service catalogue (/api/admin/services)").
import { isUuid } from '../../domain/ids'
import { hasPermission } from '../../domain/permissions'
import { readJson } from '../../src/lib/http/body'
import { defineEndpoint } from '../../src/lib/http/endpoint'
import { forbidden, invalidRequest, notFound } from '../../src/lib/http/errors'
import { paginated, parsePagination } from '../../src/lib/http/pagination'
import { json } from '../../src/lib/http/respond'
import { familyDoc } from '../../src/lib/openapi/routes'
import {
  figuresCsv,
  parsePeriod,
  publishedReport,
  publishedReports,
  publishReport,
  transparencyFigures,
} from '../../src/operations/reports/transparency'
import { requireAdmin } from '../guards'

// GET /api/admin/transparency-report?from=&to=[&format=csv] → the figures (JSON or CSV)
const figures = defineEndpoint(
  '/admin/transparency-report',
  'get',
  async (req) => {
    requireAdmin(req)
    const params = new URL(req.url ?? 'http://x/').searchParams
    const format = params.get('format') ?? 'json'
    if (format !== 'json' && format !== 'csv')
      throw invalidRequest('format must be json or csv', [{ path: 'format', message: 'Expected json or csv' }])
    const period = parsePeriod(params.get('from'), params.get('to'))
    const result = await transparencyFigures(req, period)
    if (format === 'json') return json(result)
    return new Response(figuresCsv(result), {
      status: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="transparency-${period.from}-${period.to}.csv"`,
      },
    })
  },
  familyDoc('reportsDocs', 'adminTransparencyReport'),
)

// POST /api/admin/transparency-reports {from, to} → 201 {report} (frozen copy)
const publish = defineEndpoint(
  '/admin/transparency-reports',
  'post',
  async (req) => {
    const user = requireAdmin(req)
    if (!hasPermission(user, 'transparency.publish')) throw forbidden('Publishing needs transparency.publish')
    const body = await readJson(req)
    const fields = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null
    if (!fields) throw invalidRequest('The request body must be a JSON object')
    return json(await publishReport(req, parsePeriod(fields.from, fields.to)), 201)
  },
  familyDoc('reportsDocs', 'adminTransparencyReports'),
)

// GET /api/transparency-reports → {reports, total, page, perPage, totalPages}, public
const list = defineEndpoint(
  '/transparency-reports',
  'get',
  async (req) => {
    const pagination = parsePagination(new URL(req.url ?? 'http://x/').searchParams)
    const { reports, total } = await publishedReports(req, pagination)
    return json(paginated('reports', reports, total, pagination))
  },
  familyDoc('reportsDocs', 'transparencyReports'),
)

// GET /api/transparency-reports/{id} → {report}, public
const one = defineEndpoint(
  '/transparency-reports/:id',
  'get',
  async (req) => {
    const id = String(req.routeParams?.id ?? '')
    const report = isUuid(id) ? await publishedReport(req, id) : null
    if (!report) throw notFound('No such published transparency report')
    return json({ report })
  },
  familyDoc('reportsDocs', 'transparencyReportsId'),
)

export const transparencyEndpoints = [...figures, ...publish, ...list, ...one]
