// Every response a test receives from a documented /api operation is checked against the
// OpenAPI reference (endpoints/openapi.ts): its status must be documented for the
// operation and its JSON body must validate (response objects are closed, so a field the
// code returns and the reference does not describe fails). A path the reference does not
// document, or a method it does not list for the path (the shell's 405), is skipped.
// Each check is appended to OPENAPI_CHECK_LOG; globalTeardown prints the totals.
import { appendFileSync, readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'

import type { openApiDocument } from '../../endpoints/openapi'
import { settings } from '../../src/lib/settings'

type Document = ReturnType<typeof openApiDocument>
interface Operation {
  method: string
  template: string
  matches: RegExp
  responses: Record<string, { content?: Record<string, unknown> }>
}

export const CHECK_LOG = process.env.OPENAPI_CHECK_LOG ?? path.join(os.tmpdir(), 'community-openapi-check.log')

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1')

interface PathParameter {
  in: string
  name: string
  schema?: { format?: string }
}

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}'

interface State {
  operations: Operation[]
  ajv: Ajv2020
  validators: Map<string, ValidateFunction>
}

let state: Promise<State> | undefined

/**
 * The reference: globalSetup's copy (COMMUNITY_TEST_OPENAPI, tests/helpers/write-openapi.ts)
 * when it was built for the same languages as this file's settings, else built here. Its
 * modules are imported only then: ≈ 0.35 s of CPU that every file paid with the import.
 */
async function theDocument(): Promise<Document> {
  const file = process.env.COMMUNITY_TEST_OPENAPI
  if (file) {
    const shared = JSON.parse(readFileSync(file, 'utf8')) as { locales: string[]; document: Document }
    if (shared.locales.join() === settings().locales.join()) return shared.document
  }
  return (await import('../../endpoints/openapi')).openApiDocument()
}

/** Once per file (concurrent first checks share it). */
function load(): Promise<State> {
  state ??= build()
  return state
}

async function build(): Promise<State> {
  const document = await theDocument()
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false })
  const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule
  ;(addFormats as unknown as (ajv: Ajv2020) => void)(ajv)
  ajv.addSchema(document as object, 'openapi')
  const operations: Operation[] = []
  for (const [template, item] of Object.entries(document.paths ?? {})) {
    const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const operation = (item as Record<string, { responses?: Operation['responses']; parameters?: PathParameter[] }>)[
        method
      ]
      if (!operation) continue
      // A path parameter documented as a UUID matches only a UUID: `/notifications/count` is
      // not `/notifications/{id}` (the shell answers a non-UUID id itself, 404).
      const uuids = new Set(
        (operation.parameters ?? []).filter((p) => p.in === 'path' && p.schema?.format === 'uuid').map((p) => p.name),
      )
      const pattern = escaped.replace(/\{([^}]+)\}/g, (_, name: string) => (uuids.has(name) ? UUID : '[^/]+'))
      operations.push({
        method: method.toUpperCase(),
        template,
        matches: new RegExp(`^${pattern}/?$`),
        responses: operation.responses ?? {},
      })
    }
  }
  // Literal paths before templated ones (`/api/service-media/file/{filename}` vs `{id}`).
  operations.sort((a, b) => Number(a.template.includes('{')) - Number(b.template.includes('{')))
  return { operations, ajv, validators: new Map() }
}

function validatorFor({ ajv, validators }: State, operation: Operation, status: string): ValidateFunction {
  const key = `${operation.method} ${operation.template} ${status}`
  let validate = validators.get(key)
  if (!validate) {
    const pointer = [
      'paths',
      operation.template,
      operation.method.toLowerCase(),
      'responses',
      status,
      'content',
      'application/json',
      'schema',
    ]
      .map(escapePointer)
      .join('/')
    validate = ajv.getSchema(`openapi#/${pointer}`)
    if (!validate) throw new Error(`no schema at ${pointer}`)
    validators.set(key, validate)
  }
  return validate
}

function record(entry: Record<string, unknown>) {
  appendFileSync(CHECK_LOG, `${JSON.stringify(entry)}\n`)
}

/** Checks `response` (a clone is read) against the operation for (method, url); throws on a mismatch. */
export async function checkResponse(
  method: string,
  url: string | URL,
  response: Response,
  options: { log?: boolean } = {},
): Promise<void> {
  const log = options.log ?? true
  const upper = method.toUpperCase()
  if (upper === 'HEAD' || upper === 'OPTIONS') return
  const pathname = new URL(url).pathname
  const loaded = await load()
  const operation = loaded.operations.find(
    (candidate) => candidate.method === upper && candidate.matches.test(pathname),
  )
  if (!operation) return
  const status = String(response.status)
  const documented = operation.responses[status]
  const where = `${upper} ${pathname} → ${status} (${operation.template})`
  const fail = (problem: string, body?: unknown) => {
    if (log) record({ result: 'mismatch', operation: `${upper} ${operation.template}`, status, problem, body })
    throw new Error(
      `OpenAPI mismatch: ${where}: ${problem}${body === undefined ? '' : `\nbody: ${JSON.stringify(body).slice(0, 2000)}`}`,
    )
  }
  if (!documented) return fail('status not documented for this operation')
  const isJson = /^application\/(.+\+)?json/i.test(response.headers.get('content-type') ?? '')
  if (isJson) {
    const text = await response.clone().text()
    const body = text === '' ? undefined : JSON.parse(text)
    if (!documented.content?.['application/json']) return fail('JSON body where the reference documents none', body)
    const validate = validatorFor(loaded, operation, status)
    if (!validate(body)) return fail(loaded.ajv.errorsText(validate.errors, { separator: '; ' }), body)
  } else if (documented.content && !Object.keys(documented.content).some((type) => type !== 'application/json')) {
    return fail(`a ${response.headers.get('content-type') ?? 'bodiless'} answer where the reference documents JSON`)
  }
  if (log) record({ result: 'ok', operation: `${upper} ${operation.template}`, status })
}

/** `fetch`, with the answer checked against the reference. */
export async function checkedFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, init)
  const request = input instanceof Request ? input : undefined
  await checkResponse(init?.method ?? request?.method ?? 'GET', request?.url ?? (input as string | URL), response)
  return response
}

/** For answers read without fetch (the fuzzer's raw requests): the mismatch, if any, as text. */
export async function contractMismatch(
  method: string,
  url: string,
  answer: { status: number; body: string; contentType?: string },
): Promise<string | undefined> {
  let target: URL
  try {
    target = new URL(url)
  } catch {
    return undefined // a path no URL parser accepts reached no documented operation either
  }
  if (answer.status < 200 || answer.status > 599) return undefined
  const bodiless = answer.body === '' || [204, 205, 304].includes(answer.status)
  const response = new Response(bodiless ? null : answer.body, {
    status: answer.status,
    headers: answer.contentType ? { 'content-type': answer.contentType } : {},
  })
  try {
    await checkResponse(method, target, response)
    return undefined
  } catch (error) {
    return (error as Error).message
  }
}
