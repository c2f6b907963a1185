// The moderation family's codes (docs/api.md "POST /api/admin/moderate"), thrown as ApiError and formatted
// as `{error, message, field?}` for /api/admin/moderate (src/lib/http/errors.ts).
import type { PayloadRequest } from 'payload'

import { hasPermission } from '../../../domain/permissions'
import { ApiError } from '../../lib/http/errors'

export type ModerationField = 'postType' | 'postId' | 'reason' | 'decision'

export const moderationErrors = {
  unauthorized: () => new ApiError(401, 'AUTH_UNAUTHORIZED', 'Sign in to moderate content'),
  forbidden: () => new ApiError(403, 'AUTH_FORBIDDEN', 'Moderating content needs the moderation.action permission'),
  required: (field: ModerationField) => new ApiError(400, 'VAL_REQUIRED_FIELD', `${field} is required (a non-empty string)`, { field }),
  invalidEnum: (field: ModerationField, allowed: readonly string[]) =>
    new ApiError(400, 'VAL_INVALID_ENUM', `${field} must be one of: ${allowed.join(', ')}`, { field }),
  tooShort: (field: ModerationField, min: number) => new ApiError(400, 'VAL_TOO_SHORT', `${field} needs at least ${min} characters (spaces around it not counted)`, { field }),
  tooLong: (field: ModerationField, max: number) => new ApiError(400, 'VAL_TOO_LONG', `${field} may have at most ${max} characters`, { field }),
  notFound: () => new ApiError(404, 'BIZ_NOT_FOUND', 'No such content (or it was deleted)'),
  selfModeration: () => new ApiError(403, 'BIZ_SELF_MODERATION', 'You cannot moderate your own content'),
  alreadyModerated: () => new ApiError(400, 'BIZ_ALREADY_MODERATED', 'This content is already moderated'),
}

/** 401 without a session, 403 without `moderation.action` (moderators and admins hold it). */
export function requireModerator(req: PayloadRequest): NonNullable<PayloadRequest['user']> {
  if (!req.user) throw moderationErrors.unauthorized()
  if (!hasPermission(req.user, 'moderation.action')) throw moderationErrors.forbidden()
  return req.user
}
