// Turns a target into one concrete hostile HTTP request: path parameters, query, headers and
// body, each valid-looking or hostile by chance. Synchronous and driven only by the PRNG, so
// request number N of a seed is always the same request.
import { randomUUID } from 'node:crypto'

import type { Random } from './random'
import type { Kind, Shape, Target } from './targets'
import {
  deepNestingText,
  FUZZ_PASSWORD,
  HIDDEN_FIELDS,
  hostileJson,
  hostileKey,
  hostileString,
  pollutionText,
  setOwn,
} from './values'

export type Identity = 'anonymous' | 'citizen' | 'admin'

export interface Credentials {
  token: string
  cookie: string
}

export interface FuzzRequest {
  method: string
  path: string
  headers: Record<string, string>
  body?: Buffer
  identity: Identity
  target: Target
  /** Why it was built this way, for the failure report. */
  note: string
}

export interface Context {
  random: Random
  /** Real ids seen in the database, so some requests reach the code behind the lookups. */
  ids: string[]
  credentials: Partial<Record<Identity, Credentials>>
  origin: string
  cookiePrefix: string
}

function validValue(kind: Kind, ctx: Context): unknown {
  const { random } = ctx
  switch (kind) {
    case 'email':
      return `fuzz-${random.int(0, 1e9)}@example.test`
    case 'password':
      return FUZZ_PASSWORD
    case 'uuid':
      return ctx.ids.length && random.chance(0.7) ? random.pick(ctx.ids) : randomUUID()
    case 'date':
      return `20${random.int(20, 40)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`
    case 'time':
      return `${String(random.int(0, 23)).padStart(2, '0')}:${random.pick(['00', '30', '59'])}`
    case 'int':
      return random.int(0, 10)
    case 'bool':
      return random.chance(0.5)
    case 'slug':
      return `fuzz-${random.int(0, 1e6)}`
    case 'locales':
      return { en: `Fuzz ${random.int(0, 1e6)}`, fr: 'Essai' }
    case 'url':
      return random.pick([
        'http://localhost:3000/reset',
        'https://evil.example/steal',
        '//evil.example',
        'javascript:alert(1)',
      ])
    case 'array':
      return random.chance(0.5) ? [] : [{ inLanguage: 'en', title: 'Fuzz' }]
    default:
      return `fuzz ${random.int(0, 1e6)}`
  }
}

function value(kind: Kind | { literal: string }, ctx: Context): unknown {
  const { random } = ctx
  if (typeof kind === 'object') return random.chance(0.9) ? kind.literal : hostileJson(random, 1)
  if (random.chance(0.6)) return validValue(kind, ctx)
  return random.chance(0.5) ? hostileString(random) : hostileJson(random, 2)
}

function bodyObject(shape: Shape, ctx: Context): Record<string, unknown> {
  const { random } = ctx
  const body: Record<string, unknown> = {}
  for (const [name, kind] of Object.entries(shape)) {
    if (random.chance(0.15)) continue // missing field
    body[name] = value(kind, ctx)
  }
  for (let extra = random.chance(0.3) ? random.int(1, 3) : 0; extra > 0; extra--)
    setOwn(body, hostileKey(ctx.random), hostileJson(random, 2))
  return body
}

const INVALID_UTF8 = [
  Buffer.from([0xff, 0xfe]),
  Buffer.from([0xc3, 0x28]),
  Buffer.from([0xed, 0xa0, 0x80]),
  Buffer.from([0xf8, 0x88, 0x80, 0x80, 0x80]),
  Buffer.from([0xc0, 0xaf]),
]

function buildBody(target: Target, ctx: Context): { body: Buffer; contentType?: string; note: string } {
  const { random } = ctx
  const shape = random.pick(target.bodies)
  const object = bodyObject(shape, ctx)
  const json = 'application/json'
  switch (random.int(0, 19)) {
    case 0:
      return { body: Buffer.from(pollutionText(random, object)), contentType: json, note: 'prototype keys' }
    case 1: {
      const text = JSON.stringify(object)
      const cut = random.int(0, text.length)
      return {
        body: Buffer.concat([Buffer.from(text.slice(0, cut)), random.pick(INVALID_UTF8), Buffer.from(text.slice(cut))]),
        contentType: json,
        note: 'invalid UTF-8',
      }
    }
    case 2:
      return {
        body: Buffer.from(
          random.pick([
            '{',
            '{"a":}',
            '[1,]',
            'nul',
            '"\\ud800"',
            '{"a":1}{"b":2}',
            '\u0000',
            '1e999999',
            '{"a":"\\u00"}',
          ]),
        ),
        contentType: json,
        note: 'broken JSON',
      }
    case 3:
      return {
        body: Buffer.from(JSON.stringify(hostileJson(random, 3))),
        contentType: json,
        note: 'JSON of the wrong type',
      }
    case 4:
      return {
        body: Buffer.from(deepNestingText(random.pick([100, 5000, 100_000]), random.chance(0.5), object)),
        contentType: json,
        note: 'deep nesting',
      }
    case 5:
      return {
        body: Buffer.from(
          new URLSearchParams(
            Object.entries(object).map(([k, v]) => [k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')]),
          ).toString(),
        ),
        contentType: 'application/x-www-form-urlencoded',
        note: 'form body',
      }
    case 6:
      return {
        body: Buffer.from(JSON.stringify(object)),
        contentType: random.pick([
          'text/plain',
          'application/xml',
          'application/json; charset=latin1',
          'application/vnd.api+json',
          'application/jsonx',
          '',
          ';;;',
          'multipart/form-data',
        ]),
        note: 'wrong content type',
      }
    case 7:
      return multipart(object, ctx)
    case 8:
      return { body: Buffer.alloc(0), contentType: random.chance(0.5) ? json : undefined, note: 'empty body' }
    default:
      return { body: Buffer.from(JSON.stringify(object)), contentType: json, note: 'shaped JSON' }
  }
}

function multipart(object: Record<string, unknown>, ctx: Context): { body: Buffer; contentType: string; note: string } {
  const { random } = ctx
  const boundary = random.pick(['fuzzboundary', '', '"', '-'.repeat(200), 'a b'])
  const parts = [
    `--${boundary}\r\nContent-Disposition: form-data; name="_payload"\r\n\r\n${random.chance(0.5) ? JSON.stringify(object) : hostileString(random)}\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${random.pick(['a.png', '../../x.svg', '\u0000.jpg', 'x'.repeat(300)])}"\r\nContent-Type: image/png\r\n\r\n\u0089PNG\r\n\u001a\n${hostileString(random).slice(0, 500)}\r\n`,
  ]
  const end = random.pick([`--${boundary}--\r\n`, '', `--${boundary}`, '--wrong--\r\n'])
  const body = random.chance(0.2)
    ? hostileString(random).slice(0, 1000)
    : parts.slice(0, random.int(1, 2)).join('') + end
  const contentType = random.pick([
    `multipart/form-data; boundary=${boundary}`,
    'multipart/form-data',
    'multipart/form-data; boundary=',
    'multipart/mixed; boundary=fuzzboundary',
  ])
  return { body: Buffer.from(body), contentType, note: 'multipart' }
}

// Every operator Payload knows, on fields of every type the collections have (docs/decisions.md
// "Stock reads: operators by field type, at most 100 documents").
const OPERATORS = [
  'equals',
  'contains',
  'not_equals',
  'in',
  'all',
  'not_in',
  'exists',
  'greater_than',
  'greater_than_equal',
  'less_than',
  'less_than_equal',
  'like',
  'not_like',
  'within',
  'intersects',
  'near',
]
const QUERIED_FIELDS = [
  'id',
  'name',
  'title',
  'body',
  'status',
  'author',
  'createdAt',
  'target',
  'target.value',
  'pinned',
  'postCount',
  'price',
  'latitude',
  'images',
  'translations.title',
  'roles',
  'rating',
  'service',
  'data',
]

/**
 * Payload's query language, abused: hidden fields, absurd depth and limits, deep `where`, operators on the wrong type.
 */
function stockQuery(ctx: Context): [string, string][] {
  const { random } = ctx
  const hidden = random.pick(HIDDEN_FIELDS)
  return random.pick<[string, string][]>([
    [
      [
        `where[${random.pick(QUERIED_FIELDS)}][${random.pick(OPERATORS)}]`,
        random.pick(['1', randomUUID(), 'abc', '1,2', 'true', '2020-01-01']),
      ],
    ],
    [
      ['pagination', random.pick(['false', '0', 'x'])],
      ['limit', random.pick(['0', '101', '5'])],
    ],
    [['depth', random.pick(['1000', '-1', '1e9', 'abc', '2'])]],
    [
      ['limit', random.pick(['1e9', '0', '-5', '999999999999', 'NaN', '100'])],
      ['page', random.pick(['0', '-1', '1e9', 'x'])],
    ],
    [['sort', random.pick([hidden, `-${hidden}`, 'createdAt,-id', 'user.passwordHash', 'id;DROP TABLE users', ''])]],
    [[`where[${hidden}][like]`, random.pick(['$', '%', '$argon2id', "' OR 1=1"])]],
    [[`where[${hidden}][exists]`, 'true']],
    [
      [`where[or][0][${hidden}][equals]`, 'x'],
      [`where[or][1][id][exists]`, 'true'],
    ],
    [[`where[user.${hidden}][like]`, 'a']],
    [[`where[customer.${hidden}][exists]`, 'true']],
    [[`select[${hidden}]`, 'true']],
    [[`populate[users][${hidden}]`, 'true']],
    [['where[id][in]', Array.from({ length: 2000 }, () => randomUUID()).join(',')]],
    [[`${'where[and][0]'.repeat(random.pick([5, 60]))}[id][exists]`, 'true']],
    [['where[id][equals]', hostileString(random)]],
    [['where[createdAt][greater_than]', random.pick(['not-a-date', '9999999-01-01', "' OR 1=1--"])]],
    [
      ['where[roles][in]', 'admin'],
      ['where[email][like]', '%'],
    ],
    [
      ['locale', random.pick(['*', 'all', 'xx', '__proto__', hostileString(random)])],
      ['fallback-locale', 'none'],
    ],
    [
      ['draft', 'true'],
      ['trash', 'true'],
    ],
    [['where', hostileString(random)]],
    [
      ['__proto__[fuzzPolluted]', 'yes'],
      ['constructor[prototype][fuzzPolluted]', 'yes'],
    ],
    [['joins[user][limit]', '1e9']],
  ])
}

function buildQuery(target: Target, ctx: Context): string {
  const { random } = ctx
  const pairs: [string, string][] = []
  for (const [name, kind] of Object.entries(target.query)) {
    if (!random.chance(0.4)) continue
    const raw = value(kind, ctx)
    pairs.push([name, typeof raw === 'string' ? raw : (JSON.stringify(raw) ?? '')])
  }
  if (target.collection && random.chance(0.7)) pairs.push(...stockQuery(ctx))
  if (random.chance(0.1)) pairs.push([hostileKey(random), hostileString(random).slice(0, 2000)])
  if (pairs.length === 0) return ''
  // Sometimes a raw, badly escaped query instead of a well-formed one.
  if (random.chance(0.05))
    return `?${random.pick(['%ZZ', '%', 'a=%E0%A4%A', 'where[id][equals]=%00', '&&&=&', 'a[b][c]=1&a=2'])}`
  return `?${new URLSearchParams(pairs).toString()}`
}

/** Percent-encodes, writing a lone surrogate as the invalid UTF-8 escape %ED%A0%80. */
function encodeSegment(text: string): string {
  return Array.from(text, (char) => {
    try {
      return encodeURIComponent(char)
    } catch {
      return '%ED%A0%80'
    }
  }).join('')
}

function buildPath(target: Target, ctx: Context): string {
  const { random } = ctx
  return target.path.replace(/:(\w+)/g, () => {
    if (random.chance(0.5) && ctx.ids.length) return random.pick(ctx.ids)
    return random.pick([
      encodeSegment(hostileString(random).slice(0, 300)),
      '%ZZ',
      '..',
      '%2e%2e',
      '0',
      '-1',
      'count',
      'me',
      '%00',
      randomUUID(),
    ])
  })
}

const BAD_TOKENS = () => [
  '',
  'null',
  'a.b.c',
  'eyJhbGciOiJub25lIn0.eyJpZCI6IjEifQ.',
  'x'.repeat(8000),
  '\u00ff\u00fe',
  "' OR 1=1--",
  '00000000000000000000000000000000000000000000',
]

function authHeaders(
  identity: Identity,
  hasBody: boolean,
  ctx: Context,
): { headers: Record<string, string>; note: string } {
  const { random } = ctx
  const credentials = ctx.credentials[identity]
  const prefix = ctx.cookiePrefix
  const roll = random.int(0, 9)
  if (roll === 0) {
    // Malformed credentials, whoever is sending.
    const bad = random.pick(BAD_TOKENS())
    return random.pick<{ headers: Record<string, string>; note: string }>([
      { headers: { authorization: `Bearer ${bad}` }, note: 'bad bearer' },
      {
        headers: {
          authorization: random.pick([
            'Bearer',
            'Bearer  ',
            `Basic ${Buffer.from('a:b').toString('base64')}`,
            `JWT ${bad}`,
            'bearer x y z',
          ]),
        },
        note: 'bad authorization',
      },
      {
        headers: { cookie: `${prefix}session=${bad}; ${prefix}session_data=${random.pick(['x.y', 'e30.AAAA', bad])}` },
        note: 'bad cookie',
      },
      {
        headers: {
          cookie: random.pick([';;;=;', 'payload-token=a.b.c', `${prefix}session`, '=====', `${prefix}session=%ZZ`]),
        },
        note: 'malformed cookie header',
      },
    ])
  }
  if (!credentials) return { headers: {}, note: 'anonymous' }
  if (roll === 1) {
    const headers: Record<string, string> = { cookie: credentials.cookie }
    if (hasBody && random.chance(0.7)) headers.origin = random.pick([ctx.origin, 'http://evil.example', 'null'])
    return { headers, note: 'cookie session' }
  }
  if (roll === 2)
    return {
      headers: {
        authorization: `Bearer ${credentials.token.slice(0, -1)}${credentials.token.endsWith('A') ? 'B' : 'A'}`,
      },
      note: 'tampered bearer',
    }
  return { headers: { authorization: `Bearer ${credentials.token}` }, note: 'bearer session' }
}

export function buildRequest(target: Target, identity: Identity, ctx: Context): FuzzRequest {
  const { random } = ctx
  const hasBody = target.method !== 'GET' && target.method !== 'HEAD'
  const auth = authHeaders(identity, hasBody, ctx)
  const headers: Record<string, string> = { ...auth.headers }
  const notes = [identity, auth.note]
  if (random.chance(0.03)) {
    // Past node's 16 KiB header limit: answered 431 by the HTTP parser.
    headers['x-fuzz-padding'] = 'a'.repeat(random.pick([9000, 17_000, 70_000]))
    notes.push('oversized header')
  }
  if (random.chance(0.05)) {
    headers[
      random.pick([
        'x-forwarded-for',
        'x-real-ip',
        'cf-connecting-ip',
        'accept-language',
        'user-agent',
        'referer',
        'origin',
      ])
    ] = random.pick(['\u00ff\u00fe', "' OR 1=1", '999.999.999.999', ', , ,', 'x'.repeat(4000), '::ffff:127.0.0.1', '*'])
    notes.push('odd header')
  }
  let body: Buffer | undefined
  if (hasBody) {
    const built = buildBody(target, ctx)
    body = built.body
    if (built.contentType) headers['content-type'] = built.contentType
    notes.push(built.note)
    if (random.chance(0.005)) {
      body = Buffer.concat([Buffer.from('{"pad":"'), Buffer.alloc(1_100_000, 0x61), Buffer.from('"}')])
      notes.push('over 1 MB')
    }
  }
  return {
    method: target.method,
    path: `/api${buildPath(target, ctx)}${buildQuery(target, ctx)}`,
    headers,
    body,
    identity,
    target,
    note: notes.join(', '),
  }
}
