// Errors the client caused but Payload's stock routes answer as 500: a `where` or body that
// is not JSON, a multipart body busboy cannot read, a value PostgreSQL cannot cast (SQLSTATE
// class 22, "data exception": `limit=1.5`, an id that is no UUID). Found by the fuzzer
// (issue 11). Classified in one place, used by Payload's afterError hook (stock routes keep
// their `{errors:[{message}]}` shape, with 400) and by our endpoints' error mapping.
import type { AfterErrorHook } from 'payload'

import { unavailableOf } from './unavailable'

export interface ClientError {
  status: number
  message: string
}

const MULTIPART = /content type|not eligible for file upload|unexpected end of form|malformed part header|multipart|boundary/i

export function clientErrorOf(error: unknown): ClientError | undefined {
  if (!(error instanceof Error)) return undefined
  const status = (error as { status?: unknown }).status
  if (error instanceof SyntaxError) return { status: 400, message: 'The request body or query is not valid JSON' }
  if (error instanceof URIError) return { status: 400, message: 'The request has a malformed %-escape' }
  // An upload created from a `url` Payload may not or cannot fetch (private address, 404…).
  if (error.name === 'FileRetrievalError') return { status: 400, message: 'The file could not be fetched from the given URL' }
  if (MULTIPART.test(error.message)) return { status: 400, message: 'The multipart body could not be read' }
  const code = (error as { code?: unknown }).code ?? (error.cause as { code?: unknown } | undefined)?.code
  if (typeof code === 'string' && code.startsWith('22')) return { status: 400, message: 'A value in the request has the wrong type or range' }
  // Payload's own APIError for a client mistake ("Invalid JSON", 400), public by design.
  if (typeof status === 'number' && status >= 400 && status < 500 && error.name === 'APIError') return { status, message: error.message }
  return undefined
}

/**
 * Root `hooks.afterError`: a client's mistake on a stock route is a 400, not a 500; the
 * database or storage being down is a 503 with its code (src/lib/http/unavailable.ts; the
 * shell adds `Retry-After`).
 */
export const clientErrorHook: AfterErrorHook = ({ error, result }) => {
  const unavailable = unavailableOf(error)
  if (unavailable) {
    return { status: unavailable.status, response: { ...(result ?? {}), errors: [{ message: unavailable.message, code: unavailable.code }] } }
  }
  if (((error as { status?: number }).status ?? 500) < 500) return
  const client = clientErrorOf(error)
  if (!client) return
  return { status: client.status, response: { ...(result ?? {}), errors: [{ message: client.message }] } }
}
