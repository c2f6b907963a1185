// The codes of docs/api.md "Reports, the moderation queue, appeals and
// transparency"'s routes, in the moderation family (`{error, message, field?}`:
// their codes are the moderation codes, BIZ_* and VAL_*), except the admins'
// transparency routes, which are /api/admin routes like any other (general family).
import type { PayloadRequest } from 'payload'

import { hasPermission, type Permission } from '../../../domain/permissions'
import { ApiError } from '../../lib/http/errors'
import { moderationErrors } from '../moderation/errors'

export const reportErrors = {
  unauthorized: () => new ApiError(401, 'AUTH_UNAUTHORIZED', 'Sign in first'),
  forbidden: (message: string) => new ApiError(403, 'AUTH_FORBIDDEN', message),
  required: (field: string) => new ApiError(400, 'VAL_REQUIRED_FIELD', `${field} is required (a non-empty string)`, { field }),
  invalidEnum: (field: string, allowed: readonly string[]) => new ApiError(400, 'VAL_INVALID_ENUM', `${field} must be one of: ${allowed.join(', ')}`, { field }),
  tooShort: (field: string, min: number) => new ApiError(400, 'VAL_TOO_SHORT', `${field} needs at least ${min} characters (spaces around it not counted)`, { field }),
  tooLong: (field: string, max: number) => new ApiError(400, 'VAL_TOO_LONG', `${field} may have at most ${max} characters`, { field }),
  notFound: moderationErrors.notFound,
  selfReport: () => new ApiError(400, 'BIZ_SELF_REPORT', 'You cannot report your own content'),
  reportExists: () => new ApiError(409, 'report_exists', 'You already have an open report on this item'),
  tooMany: (retryAfter: number) =>
    new ApiError(429, 'too_many_requests', 'At most 20 reports per hour: try again later', {
      headers: { 'Retry-After': String(retryAfter), 'X-Retry-After': String(retryAfter) },
    }),
  nothingToDismiss: () => new ApiError(409, 'no_open_reports', 'This item has no open reports to dismiss'),
  appealExists: () => new ApiError(409, 'appeal_exists', 'This decision already has an appeal'),
  appealNotFound: () => new ApiError(404, 'BIZ_NOT_FOUND', 'No such appeal'),
  appealDecided: () => new ApiError(409, 'appeal_decided', 'This appeal has already been decided'),
  selfReview: () => new ApiError(403, 'BIZ_SELF_REVIEW', 'The moderator who took a decision cannot decide its appeal'),
}

export function requireSignedIn(req: PayloadRequest): NonNullable<PayloadRequest['user']> {
  if (!req.user) throw reportErrors.unauthorized()
  return req.user
}

/** 401 without a session, 403 AUTH_FORBIDDEN without `permission`. */
export function requireStaff(req: PayloadRequest, permission: Extract<Permission, 'moderation.queue' | 'moderation.action'>): NonNullable<PayloadRequest['user']> {
  const user = requireSignedIn(req)
  if (!hasPermission(user, permission)) throw reportErrors.forbidden(`This needs the ${permission} permission`)
  return user
}
