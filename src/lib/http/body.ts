// Request bodies: JSON only (a form or text/plain body is also how cross-site requests
// arrive, so refusing them is part of the CSRF defence), parsed with a zod schema whose
// failures become 400 invalid_request with one issue per field.
import type { Request as ExpressRequest } from 'express'
import type { PayloadRequest } from 'payload'
import { z } from 'zod'

import { JSON_BODY_LIMIT, payloadTooLarge, requestBody } from './body-limit'
import { apiError, invalidRequest, type ValidationIssue } from './errors'

export const invalidBody = (message = 'The request body is not valid JSON') => apiError('invalid_body', message)

export async function readJson(req: PayloadRequest): Promise<unknown> {
  checkJsonType(req.headers.get('content-type'))
  return jsonOf(await readText(req.body as AsyncIterable<Uint8Array> | null, JSON_BODY_LIMIT))
}

/**
 * `readJson` for a route the shell answers itself (205): the same checks and errors,
 * read from the express request's counted body (body-limit.ts) without a Web stream.
 */
export async function readShellJson(req: ExpressRequest): Promise<unknown> {
  checkJsonType(req.headers['content-type'])
  return jsonOf(await readText(requestBody(req) as AsyncIterable<Uint8Array>, JSON_BODY_LIMIT))
}

function checkJsonType(contentType: string | null | undefined): void {
  const type = contentType?.split(';')[0]?.trim().toLowerCase()
  if (type && type !== 'application/json' && !type.endsWith('+json')) {
    throw invalidBody(`Expected a JSON body (content-type: application/json), got ${type}`)
  }
}

function jsonOf(text: string): unknown {
  if (text.trim() === '') throw invalidBody('The request body is empty; a JSON object is expected')
  try {
    return JSON.parse(text)
  } catch {
    throw invalidBody()
  }
}

/**
 * The body as text, refused with 413 past `limit` bytes. The shell already cuts every /api
 * body at its limit; this keeps an endpoint safe wherever else its request comes from
 * (`req.text()` would hold any size whole).
 */
async function readText(body: AsyncIterable<Uint8Array> | null, limit: number): Promise<string> {
  if (!body) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  // Leaving the loop early (413) cancels a Web stream and destroys a node one.
  for await (const chunk of body) {
    size += chunk.byteLength
    if (size > limit) throw payloadTooLarge(limit)
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

export function issuesOf(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(body)',
    message: issue.message,
  }))
}

/**
 * A zod refinement from a rule that answers its message, or null when the value is fine: the
 * rules the collections' `validate` functions also call (one rule, two doors).
 */
export function refineWith<T>(rule: (value: T) => string | null) {
  return (value: T, ctx: z.RefinementCtx) => {
    const message = rule(value)
    if (message) ctx.addIssue({ code: 'custom', message })
  }
}

export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const issues = issuesOf(result.error)
  const first = issues[0]
  throw invalidRequest(first ? `${first.path}: ${first.message}` : 'Invalid request', issues)
}
