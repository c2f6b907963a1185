import { clientErrorOf } from './client-errors'
import { ApiError, apiError, errorBody, type ErrorFamily, familyOf, internalError } from './errors'
import { unavailableOf } from './unavailable'

// The text of each answer made here, so the bridge can send it as it is instead of reading
// the Response's stream back (payload-bridge.ts; a third of a cached-session read's CPU went
// into web streams). The Response keeps its body for any other reader.
const texts = new WeakMap<Response, string>()

/** The JSON text `json()` put in `response`, if it made it. */
export const textOf = (response: Response): string | undefined => texts.get(response)

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  const text = JSON.stringify(body)
  const response = new Response(text, {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  })
  texts.set(response, text)
  return response
}

export function errorResponse(error: ApiError, family: ErrorFamily): Response {
  return json(errorBody(error, family), error.status, error.options.headers)
}

/** Anything that is not an ApiError is a bug: log it whole, answer without detail. */
export function toApiError(error: unknown, log: (error: unknown) => void): ApiError {
  if (error instanceof ApiError) return error
  // The database or the media storage is down: 503 with Retry-After, no bug to log.
  const unavailable = unavailableOf(error)
  if (unavailable) return unavailable
  // A Payload helper refusing the client's input (e.g. invalid JSON in the admin panel's form).
  const client = clientErrorOf(error)
  if (client) return apiError('invalid_request', client.message, { status: client.status })
  log(error)
  return internalError()
}

export function familyOfUrl(url: string): ErrorFamily {
  return familyOf(new URL(url).pathname)
}
