// The error bodies of Payload's stock collection routes, in both shapes at once: Payload's
// `{errors: [{message, …}]}`, which the admin panel and Payload's own clients read, and the
// general family's `error` code and `message` (with `issues` for field validation) that
// every other route answers (docs/api.md "Conventions of every route"; docs/api.md
// "Community content": the stock routes speak "the same error family"). One place for the
// root afterError hook and the shell's own answers on those routes (docs/decisions.md
// "Stock-route errors carry our error and message").
import { STATUS_CODES } from 'node:http'

const CODES: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  503: 'service_unavailable',
}

interface PayloadErrorItem {
  message?: unknown
  code?: unknown
  name?: unknown
  data?: { code?: unknown; errors?: Array<{ path?: unknown; message?: unknown }> } | null
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined)

/**
 * A validation error (Payload's ValidationError and ours) lists each field's problem in `data.errors`: the general
 * family's `issues`.
 */
function issuesOf(item: PayloadErrorItem | undefined): Array<{ path: string; message: string }> | undefined {
  if (!Array.isArray(item?.data?.errors)) return undefined
  return item.data.errors.map((issue) => ({ path: String(issue.path ?? ''), message: String(issue.message ?? '') }))
}

/**
 * `body` (Payload's, or ours with `errors`) with `error`, `message` and, for field
 * validation, `issues` beside its own keys. A field validation gets no top-level `message`:
 * the admin panel's form reads one as an error of the whole form, toasts it and never marks
 * the fields (a CI run of the panel's duplicate-translation check saw exactly that); its
 * text is in `errors` and each field's in `issues`.
 */
export function stockErrorBody(status: number, body: Record<string, unknown>): Record<string, unknown> {
  const first = (Array.isArray(body.errors) ? body.errors[0] : undefined) as PayloadErrorItem | undefined
  const error = text(body.error) ?? text(first?.code) ?? text(first?.data?.code) ?? CODES[status] ?? 'error'
  const issues = issuesOf(first)
  if (issues) return { error, issues, ...body }
  const message = text(body.message) ?? text(first?.message) ?? STATUS_CODES[status] ?? 'Error'
  return { error, message, ...body }
}

/**
 * A refusal the shell answers on a stock route before Payload runs (`code`: when the status's own is not the one, e.g.
 * `invalid_body`).
 */
export const stockError = (status: number, message: string, code?: string): Record<string, unknown> =>
  stockErrorBody(status, { ...(code ? { error: code } : {}), errors: [{ message }] })
