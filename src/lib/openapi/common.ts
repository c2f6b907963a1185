// Building blocks of the OpenAPI reference (assembled in endpoints/openapi.ts) shared by every
// area: the error body of each family (docs/api.md "Error bodies", src/lib/http/errors.ts),
// the answers every /api route can give (429 with its headers, 413, 500, 503), ids, timestamps.
// Response objects are z.object: rendered for answers with `additionalProperties: false`, so
// a field the code returns and the reference does not name fails the tests' response check.
import { z } from 'zod'
import type { ZodOpenApiResponseObject, ZodOpenApiResponsesObject } from 'zod-openapi'

import { ERROR_CODES } from '../../../domain/error-codes'
import type { ErrorFamily } from '../http/errors'

export const id = z.uuid().meta({ description: 'A UUID', example: '6f1c1d3e-4b7a-4c55-9a53-0d7f5c2b9e11' })
export const timestamp = z.iso.datetime({ offset: true }).meta({ example: '2026-11-21T06:40:12.345Z' })
/** `{"en": "Wellness", "fr": "Bien-être"}`: keys are configured locales (LOCALES). */
export const localized = z
  .record(z.string(), z.string())
  .meta({ id: 'LocalizedText', example: { en: 'Wellness', fr: 'Bien-être' } })

export const generalError = z
  .object({
    error: z.string().meta({ description: 'Machine-readable code, e.g. `not_found`' }),
    message: z.string(),
    issues: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .meta({ description: 'One per invalid field (400 invalid_request)' }),
  })
  .meta({ id: 'GeneralError', description: 'Error body of every /api route outside /api/auth and /api/admin/moderate' })

export const authError = z
  .object({
    error: z.string().meta({ example: ERROR_CODES.email_not_verified.code }),
    code: z.string().meta({
      description: '`error` upper-cased (what Better Auth’s client reads)',
      example: ERROR_CODES.email_not_verified.code.toUpperCase(),
    }),
    message: z.string(),
    status: z.string().meta({ description: 'The HTTP status name', example: 'UNAUTHORIZED' }),
  })
  .meta({ id: 'AuthError', description: 'Error body of every /api/auth/* answer (Better Auth’s shape)' })

export const moderationError = z
  .object({
    error: z.string().meta({ example: ERROR_CODES.VAL_TOO_SHORT.code }),
    message: z.string(),
    field: z.string().optional().meta({ description: 'The offending field, for field errors' }),
  })
  .meta({
    id: 'ModerationError',
    description: 'Error body of /api/admin/moderate (docs/api.md "POST /api/admin/moderate")',
  })

export const payloadErrors = z
  .object({
    error: z.string().meta({
      example: ERROR_CODES.not_found.code,
      description: 'The general family’s code (docs/api.md "Error bodies")',
    }),
    message: z.string().optional().meta({
      description:
        'Absent on a field validation, which has `issues` (the admin panel reads a top-level message as an error of the whole form)',
    }),
    issues: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .meta({ description: 'Field validation: each field’s problem' }),
    errors: z.array(z.looseObject({ message: z.string() })),
  })
  .meta({
    id: 'PayloadErrors',
    description:
      'Error body of Payload’s stock collection routes: Payload’s `errors` (the admin panel and Payload’s clients read it) with the general family’s `error` and `message` (or `issues` for a field validation) beside it',
  })

const FAMILY_BODIES = { general: generalError, auth: authError, moderation: moderationError } as const

const rateLimitHeaders = z.object({
  'Retry-After': z.string().meta({ description: 'Seconds until the limit resets' }),
  'X-Retry-After': z.string().meta({ description: 'The same, for clients that read only this one' }),
})

const retryAfter = z.object({ 'Retry-After': z.string().meta({ description: 'Seconds to wait before trying again' }) })
const UNAVAILABLE =
  '`service_unavailable`: PostgreSQL cannot be reached (or a session could not be looked up); `storage_unavailable`: an upload the media storage cannot write; `media_busy`: an image upload while the image decode queue is full. Nothing is stored; try again after `Retry-After`'

/** Answered by Node's HTTP server before any of our code runs: no body, no headers of ours. */
export const nodeAnswers: ZodOpenApiResponsesObject = {
  '431': {
    description: 'Request headers over Node’s limit (16 KiB): answered by the HTTP server itself, without a body',
  },
}

const jsonBody = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } })

export function json(description: string, schema: z.ZodType, headers?: z.ZodObject): ZodOpenApiResponseObject {
  return { description, ...jsonBody(schema), ...(headers ? { headers } : {}) }
}

/**
 * The error answers of an operation in its route's family: the `errors` it documents
 * (status → the codes and when), plus what the shell answers on every /api route: 429 (global
 * rate limit, `Retry-After` and `X-Retry-After`), 500, 503 (database or storage down, with
 * `Retry-After`), and for writes (POST, PATCH, DELETE)
 * 413 (body limit) and 403 (the CSRF rule: a cookie request without a trusted Origin).
 */
export function errorResponses(
  family: ErrorFamily,
  errors: Record<number, string>,
  options: { write?: boolean } = {},
): ZodOpenApiResponsesObject {
  const schema = FAMILY_BODIES[family]
  const responses: ZodOpenApiResponsesObject = {}
  for (const [status, description] of Object.entries(errors)) {
    responses[status as `${1 | 2 | 3 | 4 | 5}${string}`] = json(
      description,
      schema,
      status === '429' ? rateLimitHeaders : undefined,
    )
  }
  responses['429'] ??= json('`too_many_requests`: the global limit per client IP', schema, rateLimitHeaders)
  if (options.write) {
    responses['403'] ??= json(
      '`forbidden`: the request carries the session cookie without a trusted `Origin` (CSRF rule)',
      schema,
    )
    responses['413'] ??= json(
      '`payload_too_large`: the body is over the limit (1 MiB JSON, 10 MiB + 256 KiB multipart)',
      schema,
    )
  }
  responses['500'] ??= json('`internal_error`: a server fault (no detail; any change is rolled back)', schema)
  responses['503'] ??= json(UNAVAILABLE, schema, retryAfter)
  return { ...responses, ...nodeAnswers }
}

/** Stock collection routes: Payload's error shape, with the shell's own 404 for a non-UUID id. */
export function stockErrorResponses(errors: Record<number, string>): ZodOpenApiResponsesObject {
  const responses: ZodOpenApiResponsesObject = {}
  for (const [status, description] of Object.entries(errors)) {
    responses[status as `${1 | 2 | 3 | 4 | 5}${string}`] = json(description, z.union([payloadErrors, generalError]))
  }
  responses['429'] ??= json('`too_many_requests`: the global limit per client IP', generalError, rateLimitHeaders)
  // The shell answers every 500 in the general family, without Payload's detail.
  responses['500'] ??= json('`internal_error`: a server fault (no detail; any change is rolled back)', generalError)
  responses['503'] ??= json(UNAVAILABLE, payloadErrors, retryAfter)
  return { ...responses, ...nodeAnswers }
}

export const pageFields = {
  total: z.int().min(0),
  page: z.int().min(1),
  perPage: z.int().min(1).max(100),
  totalPages: z.int().min(0),
}

export const paginationQuery = {
  page: z.string().optional().meta({ description: 'Page ≥ 1 (default 1)', example: '1' }),
  perPage: z
    .string()
    .optional()
    .meta({ description: '1..100 (default 20; larger values are clamped to 100)', example: '20' }),
}

export const booleanQuery = (description: string) =>
  z.enum(['true', 'false', '1', '0']).optional().meta({ description })

/** Admin-only operations and the moderation route: cookie or bearer session. */
export const SESSION: Array<Record<string, string[]>> = [{ sessionCookie: [] }, { bearer: [] }]
