// Errors the client caused but Payload's stock routes answer as 500: a `where` or body that
// is not JSON, a multipart body busboy cannot read, a value PostgreSQL cannot cast (SQLSTATE
// class 22, "data exception": `limit=1.5`, an id that is no UUID); on stock routes also a
// link to a missing row. Found by the fuzzer
// . Classified in one place, used by Payload's afterError hook (stock routes keep
// their `{errors:[{message}]}` shape, with 400) and by our endpoints' error mapping.
import type { AfterErrorHook } from 'payload'

import { stockErrorBody } from './stock-errors'
import { unavailableOf } from './unavailable'

export interface ClientError {
  status: number
  message: string
}

const MULTIPART =
  /content type|not eligible for file upload|unexpected end of form|malformed part header|multipart|boundary/i

/** pg's SQLSTATE, on the error or on the Drizzle error wrapping it. */
const sqlStateOf = (error: unknown): unknown =>
  (error as { code?: unknown }).code ?? ((error as Error).cause as { code?: unknown } | undefined)?.code

export function clientErrorOf(error: unknown): ClientError | undefined {
  if (!(error instanceof Error)) return undefined
  const status = (error as { status?: unknown }).status
  if (error instanceof SyntaxError) return { status: 400, message: 'The request body or query is not valid JSON' }
  if (error instanceof URIError) return { status: 400, message: 'The request has a malformed %-escape' }
  // An upload created from a `url` Payload may not or cannot fetch (private address, 404…).
  if (error.name === 'FileRetrievalError')
    return { status: 400, message: 'The file could not be fetched from the given URL' }
  if (MULTIPART.test(error.message)) return { status: 400, message: 'The multipart body could not be read' }
  const code = sqlStateOf(error)
  if (typeof code === 'string' && code.startsWith('22'))
    return { status: 400, message: 'A value in the request has the wrong type or range' }
  // Payload's own APIError for a client mistake ("Invalid JSON", 400), public by design.
  if (typeof status === 'number' && status >= 400 && status < 500 && error.name === 'APIError')
    return { status, message: error.message }
  return undefined
}

/**
 * A stock write linking to a row that is not there: Payload checks only an id's form, so a
 * relationship without an existence rule, or a row deleted while the request ran, meets the
 * foreign key (SQLSTATE 23503; found by the fuzzer: an admin's PATCH of a profile's `user`).
 * On a stock route the ids are the client's; in our own operations such an error stays a 500
 * that is logged (respond.ts), since there it would be our bug.
 */
function missingLinkOf(error: unknown): ClientError | undefined {
  return sqlStateOf(error) === '23503'
    ? { status: 400, message: 'A document this one links to does not exist' }
    : undefined
}

/**
 * Root `hooks.afterError`, the last word on every stock-route error: a client's mistake is
 * a 400, not a 500; the database or storage being down is a 503 with its code
 * (src/lib/http/unavailable.ts; the shell adds `Retry-After`); and every answer carries the
 * general family's `error` and `message` beside Payload's `errors` (stock-errors.ts).
 */
export const clientErrorHook: AfterErrorHook = ({ error, result }) => {
  const body = (result ?? {}) as Record<string, unknown>
  const unavailable = unavailableOf(error)
  if (unavailable) {
    return {
      status: unavailable.status,
      response: stockErrorBody(unavailable.status, {
        ...body,
        errors: [{ message: unavailable.message, code: unavailable.code }],
      }),
    }
  }
  const status = (error as { status?: number }).status ?? 500
  if (status < 500) return { status, response: stockErrorBody(status, body) }
  const client = clientErrorOf(error) ?? missingLinkOf(error)
  if (!client) return
  return {
    status: client.status,
    response: stockErrorBody(client.status, { ...body, errors: [{ message: client.message }] }),
  }
}
