// Catalogue rules are enforced by collection hooks, so the admin panel, the stock REST routes
// and our endpoints refuse the same things. A hook throws a RuleViolation: to Payload it is a
// ValidationError (the admin panel shows the message on the field), and it carries the code
// that our endpoints answer with (docs/api.md "Admin service catalogue (/api/admin/services)").
import { APIError, NotFound, ValidationError } from 'payload'

import { ERROR_CODES, type ErrorCode } from '../../../domain/error-codes'
import { ApiError, apiError, notFound, type ValidationIssue } from '../../lib/http/errors'

export type RuleCode = Extract<
  ErrorCode,
  'slug_taken' | 'slot_overlap' | 'invalid_parent' | 'service_has_bookings' | 'invalid_transition' | 'booking_conflict'
>

export class RuleViolation extends ValidationError {
  readonly code: RuleCode
  readonly reason: string

  constructor(code: RuleCode, where: { collection: string; path: string }, message: string) {
    super({ collection: where.collection, errors: [{ path: where.path, message }] })
    this.code = code
    this.reason = message
    // Stock routes answer with the same status as our endpoints (409 for conflicts).
    this.status = ERROR_CODES[code].status
  }
}

// Payload field names where the API speaks of ids (the API's shapes).
const API_PATH: Record<string, string> = {
  category: 'categoryId',
  provider: 'providerId',
  organization: 'organizationId',
  parent: 'parentId',
  service: 'serviceId',
  featuredImage: 'featuredImageId',
}

export function apiPath(payloadPath: string): string {
  return payloadPath
    .split('.')
    .map((part, index, parts) => {
      // media.0.file is the API's media.0.mediaId
      if (index === 2 && parts[0] === 'media' && part === 'file') return 'mediaId'
      return index === 0 ? (API_PATH[part] ?? part) : part
    })
    .join('.')
}

/**
 * A rule about the record as a whole (not one field): the admin panel shows `message` as
 * it is (a delete refused while bookings are open, say).
 */
export class RuleRefusal extends APIError {
  readonly code: RuleCode

  constructor(code: RuleCode, message: string) {
    super(message, ERROR_CODES[code].status, null, true)
    this.code = code
  }
}

interface FieldError {
  path?: string
  message?: string
}

function issuesOf(error: ValidationError): ValidationIssue[] {
  const errors = ((error.data as { errors?: FieldError[] } | undefined)?.errors ?? []) as FieldError[]
  return errors.map((item) => ({ path: apiPath(item.path ?? '(body)'), message: item.message ?? 'Invalid value' }))
}

/**
 * What a failed Local API call inside a catalogue operation means to the API client.
 * Anything unrecognised is rethrown as is (a logged 500).
 */
export function toCatalogueError(error: unknown): unknown {
  if (error instanceof ApiError) return error
  if (error instanceof RuleViolation) {
    const issues = issuesOf(error)
    return apiError(error.code, error.reason, error.status === 400 ? { issues } : {})
  }
  if (error instanceof RuleRefusal) return apiError(error.code, error.message)
  if (error instanceof ValidationError) {
    const issues = issuesOf(error)
    // A unique index beat our check (two requests at once): the same answer as the check.
    const slugClash = issues.find((issue) => issue.path === 'slug' && /unique/i.test(issue.message))
    if (slugClash) return apiError('slug_taken')
    const first = issues[0]
    return apiError('invalid_request', first ? `${first.path}: ${first.message}` : error.message, { issues })
  }
  if (error instanceof NotFound) return notFound()
  if (error instanceof APIError && error.status >= 400 && error.status < 500) {
    const code = error.status === 403 ? 'forbidden' : error.status === 404 ? 'not_found' : 'invalid_request'
    return apiError(code, error.message, { status: error.status })
  }
  return error
}
