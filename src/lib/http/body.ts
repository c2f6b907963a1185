// Request bodies: JSON only (a form or text/plain body is also how cross-site requests
// arrive, so refusing them is part of the CSRF defence), parsed with a zod schema whose
// failures become 400 invalid_request with one issue per field.
import type { PayloadRequest } from 'payload'
import { z } from 'zod'

import { ApiError, invalidRequest, type ValidationIssue } from './errors'

export const invalidBody = (message = 'The request body is not valid JSON') => new ApiError(400, 'invalid_body', message)

export async function readJson(req: PayloadRequest): Promise<unknown> {
  const type = req.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase()
  if (type && type !== 'application/json' && !type.endsWith('+json')) {
    throw invalidBody(`Expected a JSON body (content-type: application/json), got ${type}`)
  }
  const text = req.text ? await req.text() : ''
  if (text.trim() === '') throw invalidBody('The request body is empty; a JSON object is expected')
  try {
    return JSON.parse(text)
  } catch {
    throw invalidBody()
  }
}

export function issuesOf(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(body)',
    message: issue.message,
  }))
}

export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const issues = issuesOf(result.error)
  const first = issues[0]
  throw invalidRequest(first ? `${first.path}: ${first.message}` : 'Invalid request', issues)
}
