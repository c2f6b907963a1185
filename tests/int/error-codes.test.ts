// The error table (domain/error-codes.ts) is the only place a code is declared: each entry is
// sound, used and documented, every error is built from it, and the OpenAPI reference names
// only its codes, each under its status. The other tests keep asserting codes as literal
// strings on purpose: a test that read the code from this table would pass after a rename.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from '@jest/globals'

import { ERROR_CODES, type ErrorCode } from '../../domain/error-codes'
import { openApiDocument } from '../../endpoints/openapi'
import { ApiError, apiError } from '../../src/lib/http/errors'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const TABLE = 'domain/error-codes.ts'
const FACTORY = 'src/lib/http/errors.ts'
const SOURCE_FOLDERS = ['access', 'collections', 'domain', 'endpoints', 'hooks', 'src']
const entries = Object.entries(ERROR_CODES) as Array<[ErrorCode, (typeof ERROR_CODES)[ErrorCode]]>

const sourceFiles = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(relative)
    return /\.tsx?$/.test(entry.name) ? [relative] : []
  })

const read = (file: string) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') })
const ourSource = SOURCE_FOLDERS.flatMap(sourceFiles).map(read)

describe('the error table', () => {
  it('gives each entry its own code, an error status and a default message', () => {
    expect(entries.length).toBeGreaterThan(50)
    for (const [key, entry] of entries) {
      expect(entry.code).toBe(key)
      expect(entry.code).toMatch(/^[A-Za-z]+(_[A-Za-z]+)*$/)
      expect(entry.status).toBeGreaterThanOrEqual(400)
      expect(entry.status).toBeLessThan(600)
      expect(entry.message.trim().length).toBeGreaterThan(0)
    }
  })

  it('holds each code once, also as the auth family upper-cases it', () => {
    const upper = entries.map(([code]) => code.toUpperCase())
    expect(upper.filter((code, index) => upper.indexOf(code) !== index)).toEqual([])
  })

  it('has no code that nothing outside it throws or names', () => {
    const elsewhere = ourSource.filter(({ file }) => file !== TABLE)
    const unused = entries
      .map(([code]) => code)
      .filter((code) => !elsewhere.some(({ text }) => text.includes(`'${code}'`)))
    expect(unused).toEqual([])
  })

  it('has every code documented in docs/api.md', () => {
    const manual = readFileSync(path.join(ROOT, 'docs', 'api.md'), 'utf8')
    expect(entries.map(([code]) => code).filter((code) => !manual.includes(`\`${code}\``))).toEqual([])
  })
})

describe('apiError', () => {
  it('takes the status and default message from the table', () => {
    const error = apiError('slot_unavailable')
    expect(error).toBeInstanceOf(ApiError)
    const expected = [400, 'slot_unavailable', ERROR_CODES.slot_unavailable.message]
    expect([error.status, error.code, error.message]).toEqual(expected)
  })

  it('lets a call give a more specific message, issues or headers, and pass on a 4xx', () => {
    const issues = [{ path: 'limit', message: 'too large' }]
    const error = apiError('invalid_request', 'limit: too large', { issues, status: 415 })
    expect([error.status, error.code, error.message]).toEqual([415, 'invalid_request', 'limit: too large'])
    expect(error.options).toEqual({ issues })
  })

  it('is the only place an ApiError is constructed', () => {
    const needle = ['new', 'ApiError('].join(' ')
    const tests = ['tests', 'examples'].flatMap(sourceFiles).map(read)
    const offenders = [...ourSource, ...tests]
      .filter(({ file, text }) => file !== FACTORY && text.includes(needle))
      .map(({ file }) => file)
    expect(offenders).toEqual([])
  })
})

describe('the OpenAPI reference', () => {
  // A backticked snake_case or UPPER_CASE word in an error answer's description names a code.
  const CODE_LIKE = /^([a-z]+(_[a-z]+)+|[A-Z]+(_[A-Z]+)+)$/
  type Operation = { responses?: Record<string, { description?: string }> }
  const answers = Object.entries(openApiDocument().paths ?? {}).flatMap(([route, item]) =>
    Object.entries(item as Record<string, Operation>).flatMap(([method, operation]) =>
      Object.entries(operation?.responses ?? {})
        .filter(([status]) => Number(status) >= 400)
        .map(([status, answer]) => ({
          where: `${method.toUpperCase()} ${route} ${status}`,
          status: Number(status),
          text: answer.description ?? '',
        })),
    ),
  )
  const named = answers.flatMap(({ where, status, text }) =>
    [...text.matchAll(/`([A-Za-z_]+)`/g)].map((match) => ({ where, status, code: match[1]! })),
  )

  it('names codes in its error answers', () => {
    expect(named.filter(({ code }) => code in ERROR_CODES).length).toBeGreaterThan(500)
  })

  it('names only codes of the table, each under the table’s status', () => {
    const wrong = named
      .filter(({ code }) => code in ERROR_CODES || CODE_LIKE.test(code))
      .filter(({ code, status }) => ERROR_CODES[code as ErrorCode]?.status !== status)
      .map(({ where, code }) => `${where}: ${code}`)
    expect(wrong).toEqual([])
  })
})
