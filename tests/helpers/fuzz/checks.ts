// The pass rules of one answer: an HTTP answer, no 5xx, an error body that is JSON
// in its route's family, and no hidden field in any body.
import { familyOf } from '../../../src/lib/http/errors'
import { HIDDEN_FIELDS } from './values'

export interface Answer {
  status: number
  body: string
}

const isString = (value: unknown) => typeof value === 'string'

type Body = Record<string, unknown>

const FAMILY_SHAPES: Record<string, (body: Body) => boolean> = {
  general: (body) => isString(body.error) && isString(body.message),
  auth: (body) => isString(body.error) && isString(body.code) && isString(body.message) && isString(body.status),
  moderation: (body) => isString(body.error) && isString(body.message),
  // Payload's stock collection routes answer their own shape (docs/reliability.md).
  payload: (body) =>
    Array.isArray(body.errors) &&
    body.errors.every((entry) => entry && typeof entry === 'object' && isString((entry as Body).message)),
}

/** What the server's secrets look like: argon2id, SHA-256 token hashes, PBKDF2 hash and salt. */
const SECRET_SHAPE = /^(\$argon2|[0-9a-f]{64,}$)/i

/**
 * Keys and values that would mean a secret left the server: a hidden field's name carrying a
 * secret-shaped string the client did not send itself (`sent`), or an argon2 hash anywhere.
 * A hidden name with other values is an echo of client input (a stored JSON field such as the
 * panel's preferences keeps what an earlier request wrote) or the field permissions of
 * `/access`. Every stored secret is also searched for verbatim (run.ts).
 */
export function leaksIn(value: unknown, sent = '', found: string[] = [], depth = 0): string[] {
  if (depth > 200 || found.length > 5) return found
  if (typeof value === 'string') {
    if (value.includes('$argon2')) found.push('an argon2 hash in a value')
    return found
  }
  if (!value || typeof value !== 'object') return found
  if (Array.isArray(value)) {
    for (const item of value) leaksIn(item, sent, found, depth + 1)
    return found
  }
  for (const [key, item] of Object.entries(value)) {
    if (
      (HIDDEN_FIELDS as readonly string[]).includes(key) &&
      typeof item === 'string' &&
      SECRET_SHAPE.test(item) &&
      !sent.includes(item)
    )
      found.push(`key "${key}"`)
    leaksIn(item, sent, found, depth + 1)
  }
  return found
}

/** Problems with one answer; empty when it passes. */
export function problemsOf(pathname: string, stock: boolean, answer: Answer, sent = ''): string[] {
  const problems: string[] = []
  if (answer.status >= 500) problems.push(`status ${answer.status}`)
  let parsed: unknown
  let isJson = false
  if (answer.body !== '') {
    try {
      parsed = JSON.parse(answer.body)
      isJson = true
    } catch {
      isJson = false
    }
  }
  if (answer.status >= 400) {
    // Node's HTTP parser answers an oversized header block itself, before any route: 431, no body.
    const parserAnswer = answer.status === 431 && answer.body === ''
    if (!parserAnswer) {
      if (!isJson || !parsed || typeof parsed !== 'object')
        problems.push(`error body is not a JSON object: ${answer.body.slice(0, 120)}`)
      else {
        const family = familyOf(pathname)
        const body = parsed as Body
        const fits = FAMILY_SHAPES[family]!(body) || (stock && family === 'general' && FAMILY_SHAPES.payload!(body))
        if (!fits) problems.push(`error body not in the ${family} family: ${answer.body.slice(0, 160)}`)
      }
    }
  }
  if (isJson) for (const leak of leaksIn(parsed, sent)) problems.push(`leak: ${leak}`)
  return problems
}

/**
 * Failures understood but not fixed yet, each with its reason (docs/reliability.md "Open").
 * Reported apart from failures, so they stay visible; remove an entry once it is fixed.
 */
export const KNOWN_OPEN: Array<{ method: string; path: RegExp; reason: string }> = []

export function knownOpen(method: string, path: string): string | undefined {
  return KNOWN_OPEN.find((known) => known.method === method && known.path.test(path))?.reason
}
