// Errors of the community content types (docs/api.md "Community content"), thrown from their
// hooks and endpoints on the stock routes. Payload answers an APIError as `{errors: [{name,
// data, message}]}`; the root afterError hook adds the general family's `error` (here
// `data.code`) and `message` beside it (src/lib/http/stock-errors.ts, docs/decisions.md
// "Stock-route errors carry our error and message"), so a client reads `error:
// "invalid_transition"` as on every other route, and Payload's own clients still find
// `errors`.
import { APIError } from 'payload'

import { ERROR_CODES, type ErrorCode } from './error-codes'

export type ContentErrorCode = Extract<
  ErrorCode,
  | 'invalid_transition'
  | 'content_locked'
  | 'review_exists'
  | 'thread_closed'
  | 'not_found'
  | 'forbidden'
  | 'unauthorized'
  | 'invalid_request'
>

export function contentError(code: ContentErrorCode, message?: string): APIError {
  return new APIError(message ?? ERROR_CODES[code].message, ERROR_CODES[code].status, { code }, true)
}

export const contentErrors = {
  invalidTransition: (from: unknown, to: unknown) =>
    contentError('invalid_transition', `The status cannot move from ${String(from)} to ${String(to)} here`),
  locked: (status: unknown) => contentError('content_locked', `A ${String(status)} item cannot be edited`),
  reviewExists: () => contentError('review_exists'),
  threadClosed: () => contentError('thread_closed'),
  notFound: (what: string) => contentError('not_found', `No such ${what}`),
  forbidden: (message: string) => contentError('forbidden', message),
}
