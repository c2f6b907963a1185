// Hostile values: what a careless client or an attacker puts in a JSON field, a query
// parameter or a header. Each generator takes the PRNG so a seed replays the same values.
import type { Random } from './random'

/** Fields no response may carry and no filter may use (docs/api.md "Accounts (/api/auth)",
 * docs/api.md "Roles and permissions").
 */
export const HIDDEN_FIELDS = ['passwordHash', 'tokenHash', 'hash', 'salt', 'password'] as const

/** The password the generator sends as a valid one; a stored JSON field may echo it back later. */
export const FUZZ_PASSWORD = 'Correct-Horse-42!'

/** The property a prototype-pollution payload would plant on Object.prototype. */
export const POLLUTION_MARK = 'fuzzPolluted'

const SQL = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(5)--',
  "admin'--",
  "' UNION SELECT password_hash, null FROM users--",
  '%',
  '_',
  '\\',
  '$$; DELETE FROM sessions; $$',
]

const UNICODE = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202e\u202dabc',
  '\u200f\u200e',
  '\ufeff',
  '\uffff\ufffe',
  'e\u0301\u0301\u0301',
  '😀'.repeat(50),
  '𝕏\u0000𝕐',
  '\r\n\t\u000b\u000c',
  'İıſK',
  '\u2028\u2029',
]

const SHAPED = [
  '',
  ' ',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  '1e309',
  'NaN',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'not-a-uuid',
  '2024-02-30',
  '25:61',
  '99:99',
  '-0',
  '../../../etc/passwd',
  '%00',
  '%ZZ',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  'user@example.test',
  'UPPER@EXAMPLE.TEST ',
  'http://evil.example/',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  ...HIDDEN_FIELDS,
]

export function hostileString(random: Random): string {
  switch (random.int(0, 5)) {
    case 0:
      return random.pick(SQL)
    case 1:
      return random.pick(UNICODE)
    case 2:
      return random.pick(SHAPED)
    case 3:
      // Long: most fields allow a few hundred characters; some a few thousand.
      return random.pick(['a', 'é', '😀', "'", '\u0000']).repeat(random.pick([256, 2001, 20_001, 200_000]))
    case 4:
      return random.pick(SHAPED) + random.pick(UNICODE) + random.pick(SQL)
    default:
      return String.fromCharCode(...Array.from({ length: random.int(1, 40) }, () => random.int(0, 0xffff)))
  }
}

export function hostileNumber(random: Random): number {
  return random.pick([0, -1, 1.5, -0.0001, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER, 7, 1e-300])
}

/** Any JSON value, nested up to `depth`, with the odd hostile key. */
export function hostileJson(random: Random, depth = 3): unknown {
  const kind = random.int(0, depth > 0 ? 9 : 5)
  switch (kind) {
    case 0:
      return null
    case 1:
      return random.chance(0.5)
    case 2:
      return hostileNumber(random)
    case 3:
    case 4:
    case 5:
      return hostileString(random)
    case 6: {
      // Long arrays of small items: a long array of long strings would only measure the body limit.
      const length = random.pick([0, 1, 3, 101, 5000])
      return Array.from({ length }, () =>
        length <= 3 && depth > 1 ? hostileJson(random, 0) : random.pick([random.int(0, 9), 'x', null, {}]),
      )
    }
    case 7:
      return deepNesting(random.pick([20, 200]), random.chance(0.5))
    default: {
      const object: Record<string, unknown> = {}
      for (let i = random.int(0, 4); i > 0; i--) setOwn(object, hostileKey(random), hostileJson(random, depth - 1))
      return object
    }
  }
}

/** An own property even for `__proto__` (plain assignment would set the prototype instead). */
export function setOwn(object: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true })
}

export function hostileKey(random: Random): string {
  return random.pick([
    '__proto__',
    'constructor',
    'prototype',
    'id',
    'roles',
    'emailVerified',
    'action',
    '',
    '$where',
    'where',
    ...HIDDEN_FIELDS,
    hostileString(random).slice(0, 100),
  ])
}

/** Nesting as raw JSON text: deeper than JSON.stringify (or a recursive parser) can go. */
export function deepNestingText(levels: number, arrays: boolean, fields: Record<string, unknown>): string {
  const [open, close] = arrays ? ['[', ']'] : ['{"a":', '}']
  const rest = JSON.stringify(fields).slice(1)
  return `{"nested":${open.repeat(levels)}"leaf"${close.repeat(levels)}${rest === '}' ? '}' : `,${rest}`}`
}

export function deepNesting(levels: number, arrays: boolean): unknown {
  let value: unknown = 'leaf'
  for (let i = 0; i < levels; i++) value = arrays ? [value] : { a: value }
  return value
}

/**
 * A JSON text with prototype-pollution keys written literally (JSON.stringify of an object
 * cannot produce an own `__proto__` key; the attacker's raw text can).
 */
export function pollutionText(random: Random, base: Record<string, unknown>): string {
  const payload = random.pick([
    `"__proto__":{"${POLLUTION_MARK}":"yes","roles":["admin"],"isAdmin":true}`,
    `"constructor":{"prototype":{"${POLLUTION_MARK}":"yes"}}`,
    `"data":{"__proto__":{"${POLLUTION_MARK}":"yes"}}`,
    `"name":{"en":"x","__proto__":{"${POLLUTION_MARK}":"yes"}}`,
  ])
  const rest = JSON.stringify(base).slice(1)
  return `{${payload}${rest === '}' ? '}' : `,${rest}`}`
}
