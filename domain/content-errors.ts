// Errors of the community content types (docs/api.md "Community content"), thrown from their
// hooks and endpoints on the stock routes. Payload answers an APIError as `{errors: [{name,
// data, message}]}`; the root afterError hook adds the general family's `error` (here
// `data.code`) and `message` beside it (src/lib/http/stock-errors.ts, docs/decisions.md
// "Stock-route errors carry our error and message"), so a client reads `error:
// "invalid_transition"` as on every other route, and Payload's own clients still find
// `errors`.
import { APIError } from 'payload'

export type ContentErrorCode = 'invalid_transition' | 'content_locked' | 'review_exists' | 'thread_closed' | 'not_found' | 'forbidden' | 'unauthorized' | 'invalid_request'

export function contentError(status: number, code: ContentErrorCode, message: string): APIError {
  return new APIError(message, status, { code }, true)
}

export const contentErrors = {
  invalidTransition: (from: unknown, to: unknown) => contentError(409, 'invalid_transition', `The status cannot move from ${String(from)} to ${String(to)} here`),
  locked: (status: unknown) => contentError(409, 'content_locked', `A ${String(status)} item cannot be edited`),
  reviewExists: () => contentError(409, 'review_exists', 'This booking already has a review'),
  threadClosed: () => contentError(409, 'thread_closed', 'This thread is closed to new posts'),
  notFound: (what: string) => contentError(404, 'not_found', `No such ${what}`),
  forbidden: (message: string) => contentError(403, 'forbidden', message),
}
