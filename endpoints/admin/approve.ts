// POST /api/admin/approve {postType, postId, decision, reason} → 200 {success: true, postType, postId, status}
// Places and articles by admins (place.approve, article.approve), classifieds by moderators
// (moderation.action): docs/api.md "Community content". Checks in the order and with the codes of docs/api.md
// "POST /api/admin/moderate", read by hand like the moderate endpoint's; the source must be pending_review (409
// invalid_transition).
import { APPROVED_TYPES, isApprovedType } from '../../domain/content-types'
import { invalidBody, readJson } from '../../src/lib/http/body'
import { defineEndpoint } from '../../src/lib/http/endpoint'
import { json } from '../../src/lib/http/respond'
import { familyDoc } from '../../src/lib/openapi/routes'
import { type ApprovalInput, decide, type Decision, requireApprover } from '../../src/operations/community/approve'
import { moderationErrors, requireModerator } from '../../src/operations/moderation/errors'
import { REASON_MAX, REASON_MIN } from './moderate'

export const DECISIONS: readonly Decision[] = ['approve', 'reject']
const REQUIRED = ['postType', 'postId', 'decision'] as const

export function parseApprovalInput(body: unknown): ApprovalInput {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw invalidBody('The request body must be a JSON object')
  const fields = body as Record<string, unknown>
  for (const field of REQUIRED) {
    const value = fields[field]
    if (typeof value !== 'string' || value === '') throw moderationErrors.required(field)
  }
  const { postType, postId, decision } = fields as Record<(typeof REQUIRED)[number], string>
  if (!isApprovedType(postType)) throw moderationErrors.invalidEnum('postType', APPROVED_TYPES)
  if (!(DECISIONS as string[]).includes(decision)) throw moderationErrors.invalidEnum('decision', DECISIONS)
  const raw = fields.reason
  if (raw !== undefined && raw !== null && typeof raw !== 'string') throw moderationErrors.required('reason')
  const reason = typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : null
  if (decision === 'reject' && reason === null) throw moderationErrors.required('reason')
  if (reason !== null && reason.length < REASON_MIN) throw moderationErrors.tooShort('reason', REASON_MIN)
  if (reason !== null && reason.length > REASON_MAX) throw moderationErrors.tooLong('reason', REASON_MAX)
  return { postType, postId, decision: decision as Decision, reason }
}

export const approveEndpoints = defineEndpoint(
  '/admin/approve',
  'post',
  async (req) => {
    // Nobody without moderation.action decides anything; the type's own permission once known.
    requireModerator(req)
    const input = parseApprovalInput(await readJson(req))
    requireApprover(req, input.postType)
    return json(await decide(req, input))
  },
  familyDoc('approvalDocs', 'adminApprove'),
)
