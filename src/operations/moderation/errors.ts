// The moderation family's codes (docs/api.md "POST /api/admin/moderate"), thrown as ApiError and formatted
// as `{error, message, field?}` for /api/admin/moderate (src/lib/http/errors.ts).
import type { PayloadRequest } from 'payload'

import { hasPermission } from '../../../domain/permissions'
import { apiError } from '../../lib/http/errors'

export type ModerationField = 'postType' | 'postId' | 'reason' | 'decision'

export const moderationErrors = {
  unauthorized: () => apiError('AUTH_UNAUTHORIZED', 'Sign in to moderate content'),
  forbidden: () => apiError('AUTH_FORBIDDEN'),
  required: (field: ModerationField) =>
    apiError('VAL_REQUIRED_FIELD', `${field} is required (a non-empty string)`, { field }),
  invalidEnum: (field: ModerationField, allowed: readonly string[]) =>
    apiError('VAL_INVALID_ENUM', `${field} must be one of: ${allowed.join(', ')}`, { field }),
  tooShort: (field: ModerationField, min: number) =>
    apiError('VAL_TOO_SHORT', `${field} needs at least ${min} characters (spaces around it not counted)`, { field }),
  tooLong: (field: ModerationField, max: number) =>
    apiError('VAL_TOO_LONG', `${field} may have at most ${max} characters`, { field }),
  notFound: () => apiError('BIZ_NOT_FOUND'),
  selfModeration: () => apiError('BIZ_SELF_MODERATION'),
  alreadyModerated: () => apiError('BIZ_ALREADY_MODERATED'),
}

/** 401 without a session, 403 without `moderation.action` (moderators and admins hold it). */
export function requireModerator(req: PayloadRequest): NonNullable<PayloadRequest['user']> {
  if (!req.user) throw moderationErrors.unauthorized()
  if (!hasPermission(req.user, 'moderation.action')) throw moderationErrors.forbidden()
  return req.user
}
