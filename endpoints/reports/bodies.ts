// The bodies of the write routes of docs/api.md "Reports, the moderation queue, appeals and
// transparency", each checked in the documented order (fields.ts): the endpoints read them
// from the request, the testing kit (src/testing/) from its caller, so both refuse the
// same input with the same codes.
import { REPORTABLE_TYPES, type ReportableType } from '../../domain/content-types'
import { DETAILS_MAX, REPORT_REASONS, STATEMENT_MAX, STATEMENT_MIN } from '../../domain/reports'
import { invalidRequest } from '../../src/lib/http/errors'
import type { AppealInput, DecideInput } from '../../src/operations/reports/appeals'
import type { DismissInput } from '../../src/operations/reports/dismiss'
import type { ReportInput } from '../../src/operations/reports/report'
import { REASON_MAX, REASON_MIN } from '../admin/moderate'
import { oneOf, requireFields, text } from './fields'

// POST /api/reports {postType, postId, reason, details?}
export function parseReportBody(body: unknown): ReportInput {
  const fields = requireFields(body, ['postType', 'postId', 'reason'])
  const postType = oneOf<ReportableType>('postType', fields.postType, REPORTABLE_TYPES)
  const reason = oneOf('reason', fields.reason, REPORT_REASONS)
  const details = fields.details
  if (details !== undefined && details !== null && typeof details !== 'string') {
    throw invalidRequest('details must be a string', [{ path: 'details', message: 'Expected a string' }])
  }
  const trimmed = typeof details === 'string' ? text('details', details, 0, DETAILS_MAX) : ''
  return { postType, postId: fields.postId, reason, details: trimmed || null }
}

// POST /api/admin/moderation/dismiss {postType, postId, reason}
export function parseDismissBody(body: unknown): DismissInput {
  const fields = requireFields(body, ['postType', 'postId', 'reason'])
  const postType = oneOf<ReportableType>('postType', fields.postType, REPORTABLE_TYPES)
  return { postType, postId: fields.postId, reason: text('reason', fields.reason, REASON_MIN, REASON_MAX) }
}

// POST /api/appeals {postType, postId, statement}
export function parseAppealBody(body: unknown): AppealInput {
  const fields = requireFields(body, ['postType', 'postId', 'statement'])
  const postType = oneOf<ReportableType>('postType', fields.postType, REPORTABLE_TYPES)
  return {
    postType,
    postId: fields.postId,
    statement: text('statement', fields.statement, STATEMENT_MIN, STATEMENT_MAX),
  }
}

// POST /api/admin/appeals/decide {appealId, decision, reason}
export function parseAppealDecisionBody(body: unknown): DecideInput {
  const fields = requireFields(body, ['appealId', 'decision', 'reason'])
  const decision = oneOf('decision', fields.decision, ['uphold', 'reverse'] as const)
  return { appealId: fields.appealId, decision, reason: text('reason', fields.reason, REASON_MIN, REASON_MAX) }
}
