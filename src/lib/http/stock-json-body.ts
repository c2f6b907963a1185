// Payload's stock collection routes (and the admin panel's preferences routes) read a JSON
// body and use it as an object without checking: `"text"`, `null` or `[1]` as the body of
// POST /api/<collection> or /api/payload-preferences/<key> threw TypeErrors, 500s (found by
// the fuzzer, issue 11). For those routes the shell reads the JSON body (already capped at
// 1 MB by body-limit.ts) and refuses anything but an object with Payload's own 400 shape.
import type { Request as ExpressRequest } from 'express'

import { requestBody } from './body-limit'

const WRITES = new Set(['POST', 'PATCH', 'PUT', 'DELETE'])

export type StockBody = { ok: true; body?: Buffer } | { ok: false; message: string }

const isJson = (contentType: string | undefined) => {
  const type = contentType?.split(';')[0]?.trim().toLowerCase()
  return type === 'application/json' || (type?.endsWith('+json') ?? false)
}

export function needsObjectBody(req: ExpressRequest, collections: ReadonlySet<string>, apiRoute: string): boolean {
  if (!WRITES.has(req.method) || !isJson(req.headers['content-type'])) return false
  const path = new URL(req.originalUrl, 'http://localhost').pathname
  if (!path.startsWith(`${apiRoute}/`)) return false
  return collections.has(path.slice(apiRoute.length + 1).split('/')[0] ?? '')
}

/** The whole body when it is empty or a JSON object; otherwise why not. */
export async function readObjectBody(req: ExpressRequest): Promise<StockBody> {
  const chunks: Buffer[] = []
  for await (const chunk of requestBody(req)) chunks.push(chunk as Buffer)
  const body = Buffer.concat(chunks)
  if (body.toString('utf8').trim() === '') return { ok: true, body }
  let parsed: unknown
  try {
    parsed = JSON.parse(body.toString('utf8'))
  } catch {
    return { ok: false, message: 'The request body is not valid JSON' }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { ok: false, message: 'The request body must be a JSON object' }
  return { ok: true, body }
}
