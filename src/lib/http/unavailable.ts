// Failures that are nobody's fault in the request: PostgreSQL stopped, restarting or out of
// reach, the media storage refusing writes (faults 1 and 5), or the image decode
// queue full. They are answered
// 503 with a code and `Retry-After`, in the route's error family, never 500: the client may
// simply try again, and a monitor can tell "down" from "broken". One classifier, used by our
// endpoints (respond.ts), Payload's stock routes (the root afterError hook) and the shell.
import { ApiError, apiError } from './errors'

/** Seconds a client should wait before trying again (PostgreSQL restarts in a few). */
export const RETRY_AFTER_SECONDS = 5

// node's socket errors, and PostgreSQL's class 08 (connection exception), 57P01-57P03
// (admin/crash shutdown, cannot connect now) and 53300 (too many connections).
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
])
// pg's own words when a connection dies or none can be had (no code on these).
const CONNECTION_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|Client was closed and is not queryable|the database system is (shutting down|starting up|in recovery mode)|cannot begin transaction/i
// A filesystem that refuses the write (full, read-only, a folder that is a file, no right).
const STORAGE_CODES = new Set(['ENOTDIR', 'EISDIR', 'EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EDQUOT', 'EEXIST'])

// Not `instanceof Error`: node's own errors (fs, net) may come from another realm (a vm
// context, as under jest) and fail that test while being errors all the same.
const isErrorLike = (value: unknown): value is Error =>
  typeof value === 'object' && value !== null && typeof (value as Error).message === 'string'

/** The error and its causes (drizzle wraps pg's error; Payload's wraps in `cause` too). */
function* chain(error: unknown): Generator<Error> {
  const seen = new Set<unknown>()
  let current = error
  while (isErrorLike(current) && !seen.has(current)) {
    seen.add(current)
    yield current
    current = current.cause
  }
}

const codeOf = (error: Error) => (error as { code?: unknown }).code

export function isDatabaseUnavailable(error: unknown): boolean {
  for (const item of chain(error)) {
    const code = codeOf(item)
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true
    if (CONNECTION_MESSAGES.test(item.message)) return true
  }
  return false
}

export function isStorageUnavailable(error: unknown): boolean {
  for (const item of chain(error)) {
    // Payload's FileUploadError is what its local storage throws for any failed write
    // (its upload step); it is a 400 there, but the client did nothing wrong.
    if (item.name === 'FileUploadError') return true
    const code = codeOf(item)
    if (
      typeof code === 'string' &&
      STORAGE_CODES.has(code) &&
      typeof (item as { syscall?: unknown }).syscall === 'string'
    )
      return true
  }
  return false
}

const retryHeaders = () => ({ 'retry-after': String(RETRY_AFTER_SECONDS) })

export const serviceUnavailable = () => apiError('service_unavailable', undefined, { headers: retryHeaders() })

export const storageUnavailable = () => apiError('storage_unavailable', undefined, { headers: retryHeaders() })

/**
 * The decode queue's refusal (src/lib/media/errors.ts MediaBusy, whose message it keeps); matched by name across
 * realms.
 */
const mediaBusyIn = (error: unknown): Error | undefined => [...chain(error)].find((item) => item.name === 'MediaBusy')

/** The 503 for an error that means "down, not broken", else undefined. */
export function unavailableOf(error: unknown): ApiError | undefined {
  const busy = mediaBusyIn(error)
  if (busy) return apiError('media_busy', busy.message, { headers: retryHeaders() })
  if (isDatabaseUnavailable(error)) return serviceUnavailable()
  if (isStorageUnavailable(error)) return storageUnavailable()
  return undefined
}

// Payload runs the auth strategies and swallows what they throw (executeAuthStrategies): a
// session lookup that met a database outage would pass as "no session", and a signed-in
// client would be told 401/403 or `get-session: null`, and might throw its token away. The
// strategy marks such a request (by its Headers, which Payload hands it unchanged) and the
// shell answers it 503 whatever the route made of it.
const credentialsUnchecked = new WeakSet<Headers>()

export function markCredentialsUnchecked(headers: Headers): void {
  credentialsUnchecked.add(headers)
}

export const credentialsWereUnchecked = (headers: Headers): boolean => credentialsUnchecked.has(headers)
