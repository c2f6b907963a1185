// Errors are thrown as ApiError with a code and formatted in exactly one place
// (`formatError`), in the family of the route (docs/api.md "Error bodies").
import { STATUS_CODES } from 'node:http'

import { ERROR_CODES, type ErrorCode } from '../../../domain/error-codes'

export type ErrorFamily = 'general' | 'auth' | 'moderation'

export interface ValidationIssue {
  path: string
  message: string
}

export interface ApiErrorOptions {
  issues?: ValidationIssue[]
  /** Moderation errors name the offending field. */
  field?: string
  headers?: Record<string, string>
}

export class ApiError extends Error {
  readonly status: number
  readonly code: ErrorCode
  readonly options: ApiErrorOptions

  constructor(status: number, code: ErrorCode, message: string, options: ApiErrorOptions = {}) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.options = options
  }
}

export interface ApiErrorInit extends ApiErrorOptions {
  /** Only where a 4xx is passed on from the error that caused it; else the table's status. */
  status?: number
}

/** The one way to make an ApiError: status and default message come from domain/error-codes.ts. */
export function apiError(code: ErrorCode, message?: string, init: ApiErrorInit = {}): ApiError {
  const { status, ...options } = init
  const entry = ERROR_CODES[code]
  return new ApiError(status ?? entry.status, code, message ?? entry.message, options)
}

/**
 * Routes that answer in the moderation family (docs/api.md "Conventions of every route"):
 * moderation itself (docs/api.md "POST /api/admin/moderate"), approval (docs/api.md "Community
 * content") and the reports, queue and appeals of docs/api.md "Reports, the moderation queue,
 * appeals and transparency" (docs/decisions.md "The moderation routes speak the moderation
 * family"), each with its subpaths.
 */
const MODERATION_ROUTES = [
  '/api/admin/moderate',
  '/api/admin/approve',
  '/api/reports',
  '/api/appeals',
  '/api/admin/moderation',
  '/api/admin/appeals',
]

export function familyOf(pathname: string): ErrorFamily {
  if (pathname === '/api/auth' || pathname.startsWith('/api/auth/')) return 'auth'
  if (MODERATION_ROUTES.some((route) => pathname === route || pathname.startsWith(`${route}/`))) return 'moderation'
  return 'general'
}

/** `TOO_MANY_REQUESTS` for 429: the `status` field of the auth family. */
export function statusName(status: number): string {
  return (STATUS_CODES[status] ?? 'Error').toUpperCase().replace(/[^A-Z0-9]+/g, '_')
}

export function errorBody(error: ApiError, family: ErrorFamily): Record<string, unknown> {
  switch (family) {
    case 'auth':
      return {
        error: error.code,
        code: error.code.toUpperCase(),
        message: error.message,
        status: statusName(error.status),
      }
    case 'moderation':
      return {
        error: error.code,
        message: error.message,
        ...(error.options.field ? { field: error.options.field } : {}),
      }
    default:
      return {
        error: error.code,
        message: error.message,
        ...(error.options.issues ? { issues: error.options.issues } : {}),
      }
  }
}

export const internalError = () => apiError('internal_error')
export const notFound = (message?: string) => apiError('not_found', message)
export const forbidden = (message?: string) => apiError('forbidden', message)
export const unauthorized = (message?: string) => apiError('unauthorized', message)
export const invalidRequest = (message: string, issues?: ValidationIssue[]) =>
  apiError('invalid_request', message, issues ? { issues } : {})
