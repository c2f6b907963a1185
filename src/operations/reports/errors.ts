// The codes of docs/api.md "Reports, the moderation queue, appeals and
// transparency"'s routes, in the moderation family (`{error, message, field?}`:
// their codes are the moderation codes, BIZ_* and VAL_*), except the admins'
// transparency routes, which are /api/admin routes like any other (general family).
import type { PayloadRequest } from 'payload'

import { hasPermission, type Permission } from '../../../domain/permissions'
import { apiError } from '../../lib/http/errors'
import { moderationErrors } from '../moderation/errors'

export const reportErrors = {
  unauthorized: () => apiError('AUTH_UNAUTHORIZED'),
  forbidden: (message: string) => apiError('AUTH_FORBIDDEN', message),
  required: (field: string) => apiError('VAL_REQUIRED_FIELD', `${field} is required (a non-empty string)`, { field }),
  invalidEnum: (field: string, allowed: readonly string[]) =>
    apiError('VAL_INVALID_ENUM', `${field} must be one of: ${allowed.join(', ')}`, { field }),
  tooShort: (field: string, min: number) =>
    apiError('VAL_TOO_SHORT', `${field} needs at least ${min} characters (spaces around it not counted)`, { field }),
  tooLong: (field: string, max: number) =>
    apiError('VAL_TOO_LONG', `${field} may have at most ${max} characters`, { field }),
  notFound: moderationErrors.notFound,
  selfReport: () => apiError('BIZ_SELF_REPORT'),
  reportExists: () => apiError('report_exists'),
  tooMany: (retryAfter: number) =>
    apiError('too_many_requests', 'At most 20 reports per hour: try again later', {
      headers: { 'Retry-After': String(retryAfter), 'X-Retry-After': String(retryAfter) },
    }),
  nothingToDismiss: () => apiError('no_open_reports'),
  appealExists: () => apiError('appeal_exists'),
  appealNotFound: () => apiError('BIZ_NOT_FOUND', 'No such appeal'),
  appealDecided: () => apiError('appeal_decided'),
  selfReview: () => apiError('BIZ_SELF_REVIEW'),
}

export function requireSignedIn(req: PayloadRequest): NonNullable<PayloadRequest['user']> {
  if (!req.user) throw reportErrors.unauthorized()
  return req.user
}

/** 401 without a session, 403 AUTH_FORBIDDEN without `permission`. */
export function requireStaff(
  req: PayloadRequest,
  permission: Extract<Permission, 'moderation.queue' | 'moderation.action'>,
): NonNullable<PayloadRequest['user']> {
  const user = requireSignedIn(req)
  if (!hasPermission(user, permission)) throw reportErrors.forbidden(`This needs the ${permission} permission`)
  return user
}
