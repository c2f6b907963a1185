// POST /api/admin/moderate {postType, postId, reason} → 200 {success: true, postType, postId, status: "moderated"}
// The one /api/admin route open to moderators (moderation.action). Checks in the order of
// docs/api.md "POST /api/admin/moderate", each with its own code, so the body is read by hand rather than by a
// zod schema (whose issues come all at once, in no order of ours).
import { isPostType, POST_TYPES } from '../../domain/content-types'
import { invalidBody, readJson } from '../../src/lib/http/body'
import { defineEndpoint } from '../../src/lib/http/endpoint'
import { json } from '../../src/lib/http/respond'
import { familyDoc } from '../../src/lib/openapi/routes'
import { moderationErrors, type ModerationField, requireModerator } from '../../src/operations/moderation/errors'
import { moderate, type ModerationInput } from '../../src/operations/moderation/moderate'

export const REASON_MIN = 5
export const REASON_MAX = 2000
const FIELDS: readonly ModerationField[] = ['postType', 'postId', 'reason']

/** Absent, null, empty or not a string: all "missing" (VAL_REQUIRED_FIELD), first in FIELDS order. */
export function parseModerationInput(body: unknown): ModerationInput {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw invalidBody('The request body must be a JSON object')
  const fields = body as Record<string, unknown>
  for (const field of FIELDS) {
    const value = fields[field]
    if (typeof value !== 'string' || value === '') throw moderationErrors.required(field)
  }
  const { postType, postId, reason } = fields as Record<ModerationField, string>
  if (!isPostType(postType)) throw moderationErrors.invalidEnum('postType', POST_TYPES)
  const trimmed = reason.trim()
  if (trimmed.length < REASON_MIN) throw moderationErrors.tooShort('reason', REASON_MIN)
  if (trimmed.length > REASON_MAX) throw moderationErrors.tooLong('reason', REASON_MAX)
  return { postType, postId, reason: trimmed }
}

export const moderateEndpoints = defineEndpoint(
  '/admin/moderate',
  'post',
  async (req) => {
    requireModerator(req)
    const input = parseModerationInput(await readJson(req))
    return json(await moderate(req, input))
  },
  familyDoc('moderationDocs', 'adminModerate'),
)
