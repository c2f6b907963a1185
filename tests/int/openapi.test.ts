// The OpenAPI reference: valid OpenAPI 3.1, the committed docs/openapi.json is what
// the code generates, every registered endpoint is documented and every documented operation
// is served, the reference and its page are served with their headers, and the response check
// that every test's answers go through (tests/helpers/openapi-check.ts) catches a mismatch.
import { readFileSync } from 'node:fs'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { Validator } from '@seriousme/openapi-schema-validator'
import { z } from 'zod'

import {
  declaredDocuments,
  mergePaths,
  openApiDocument,
  openApiJson,
  routeGroups,
  stockDocuments,
} from '../../endpoints/openapi'
import { SHELL_ROUTES } from '../../src/app'
import { DOCS_CSP } from '../../src/lib/http/api-docs'
import { defineEndpoint, defineRoute } from '../../src/lib/http/endpoint'
import { json } from '../../src/lib/http/respond'
import { buildRouteTable } from '../../src/lib/http/route-table'
import { API_CSP } from '../../src/lib/http/security-headers'
import { declaredPaths, declaredRoutes, familyDoc, familyDocs } from '../../src/lib/openapi/routes'
import { checkResponse } from '../helpers/openapi-check'
import { startTestApp, type TestApp } from '../helpers/test-app'

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const
// Payload's own root endpoint (the panel's permissions), not part of our contract.
const PAYLOAD_ROOT_ENDPOINTS = new Set(['GET /api/access'])

let app: TestApp
const document = openApiDocument()
const documented = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
  METHODS.filter((method) => (item as Record<string, unknown>)[method]).map(
    (method) => `${method.toUpperCase()} ${path}`,
  ),
)

beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app?.stop()
})

describe('the reference', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator()
    const result = await validator.validate(JSON.parse(openApiJson()))
    expect(result.errors).toBeUndefined()
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
  })

  it('docs/openapi.json is what the code generates (run `npm run openapi` after a change)', () => {
    expect(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8')).toBe(openApiJson())
  })

  it('documents every endpoint registered in the Payload config', () => {
    const apiRoute = app.payload.config.routes.api
    const registered = (app.payload.config.endpoints || []).map(
      (endpoint) => `${endpoint.method.toUpperCase()} ${apiRoute}${endpoint.path.replace(/:(\w+)/g, '{$1}')}`,
    )
    const missing = registered.filter((key) => !PAYLOAD_ROOT_ENDPOINTS.has(key) && !documented.includes(key))
    expect(missing).toEqual([])
    for (const [path, methods] of Object.entries(SHELL_ROUTES)) {
      for (const method of methods) expect(documented).toContain(`${method} ${path}`)
    }
  })

  it('documents only operations the server answers', () => {
    const routes = buildRouteTable(app.payload.config, SHELL_ROUTES)
    const unserved = documented.filter((key) => {
      const [method, path] = key.split(' ') as [string, string]
      const concrete = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000')
      return !routes.allowedMethods(concrete).includes(method)
    })
    expect(unserved).toEqual([])
  })

  it('describes the security schemes, the CSRF rule and the rate-limit headers', () => {
    expect(Object.keys(document.components?.securitySchemes ?? {}).sort()).toEqual(['bearer', 'sessionCookie'])
    expect(document.info.description).toContain('CSRF')
    const signIn = document.paths?.['/api/auth/sign-in/email']?.post?.responses?.['429'] as {
      headers?: Record<string, unknown>
    }
    expect(Object.keys(signIn.headers ?? {})).toEqual(['Retry-After', 'X-Retry-After'])
  })
})

describe('the reference and the route declarations', () => {
  const declared = declaredRoutes(routeGroups()).map((route) => route.key)
  const collectionSlugs = new Set(routeGroups().map((group) => group.base.split('/')[2]))

  it('every declared route has its document beside its declaration', () => {
    expect(declaredDocuments().undocumented).toEqual([])
  })

  it('every declared route appears with its method, collections’ own endpoints included', () => {
    expect(declared.length).toBeGreaterThan(100)
    expect(declared).toContain('GET /api/bookings/{id}/calendar.ics')
    expect(declared.filter((key) => !documented.includes(key))).toEqual([])
  })

  it('every other documented operation is a stock collection route or one the shell answers', () => {
    const stock = Object.entries(stockDocuments()).flatMap(([path, item]) =>
      METHODS.filter((method) => (item as Record<string, unknown>)[method]).map(
        (method) => `${method.toUpperCase()} ${path}`,
      ),
    )
    expect([...documented].sort()).toEqual([...new Set([...declared, ...stock])].sort())
    expect(stock.filter((key) => declared.includes(key))).toEqual([])
    const notStock = stock.filter((key) => {
      const [method, path] = key.split(' ') as [string, string]
      const slug = path.split('/')[2]!
      return !SHELL_ROUTES[path]?.includes(method) && !(collectionSlugs.has(slug) && slug !== '')
    })
    expect(notStock).toEqual([])
  })
})

describe('the paths built from declarations', () => {
  const handler = async () => json({})
  const body = z.object({ name: z.string() })
  const query = z.object({ q: z.string() })
  const families: Record<string, (locales: readonly string[]) => Record<string, object>> = {}
  const context = { locales: ['en'], families }
  const build = (endpoints: ReturnType<typeof defineRoute>) => declaredPaths([{ base: '/api', endpoints }], context)

  it('takes the request body, the query and the path parameters from the declaration', () => {
    const { paths } = build(
      defineRoute({ path: '/things/:id', methods: 'post', handler, body, query, doc: () => ({ responses: {} }) }),
    )
    const operation = paths['/api/things/{id}']!.post!
    expect(operation.requestBody).toEqual({ content: { 'application/json': { schema: body } } })
    expect(operation.requestParams?.query).toBe(query)
    expect(Object.keys((operation.requestParams?.path as z.ZodObject).shape)).toEqual(['id'])
  })

  it('keeps what the document says of the request over the declaration', () => {
    const path = z.object({ id: z.uuid() })
    const requestBody = { content: { 'text/plain': { schema: z.string() } } }
    const { paths } = build(
      defineRoute({
        path: '/things/:id',
        methods: 'put',
        handler,
        body,
        doc: () => ({ requestParams: { path }, requestBody, responses: {} }),
      }),
    )
    expect(paths['/api/things/{id}']!.put!.requestParams?.path).toBe(path)
    expect(paths['/api/things/{id}']!.put!.requestBody).toBe(requestBody)
  })

  it('lists a declared route without a document, and leaves it out', () => {
    const { paths, undocumented } = build(defineEndpoint('/bare', 'get', handler))
    expect(undocumented).toEqual(['GET /api/bare'])
    expect(paths).toEqual({})
  })

  it('refuses the same method and path declared twice', () => {
    const doc = () => ({ responses: {} })
    expect(() =>
      build([...defineEndpoint('/x', 'get', handler, doc), ...defineEndpoint('/x', 'get', handler, doc)]),
    ).toThrow('GET /api/x is declared twice')
  })

  it('gives each method of one declaration its family’s operation, built once per locale list', () => {
    let builds = 0
    families.sample = familyDocs(() => {
      builds += 1
      return { x: { post: { summary: 'post', responses: {} }, delete: { summary: 'delete', responses: {} } } }
    })
    const { paths } = build(defineEndpoint('/x', ['post', 'delete'], handler, familyDoc('sample', 'x')))
    expect(paths['/api/x']!.post!.summary).toBe('post')
    expect(paths['/api/x']!.delete!.summary).toBe('delete')
    expect(builds).toBe(1)
    expect(() => build(defineEndpoint('/x', 'get', handler, familyDoc('sample', 'x')))).toThrow('no get')
    // A name no family answers to is an error when the reference is built, never a route left out.
    expect(() => build(defineEndpoint('/y', 'get', handler, familyDoc('missing', 'x')))).toThrow('no family')
    expect(() => build(defineEndpoint('/y', 'get', handler, familyDoc('sample', 'y')))).toThrow('documents no y')
  })
})

describe('the families’ assembly', () => {
  const get = { responses: {} }
  it('joins the methods two families document on one path', () => {
    expect(mergePaths([{ '/api/x': { get } }, { '/api/x': { post: get } }, { '/api/y': { get } }])).toEqual({
      '/api/x': { get, post: get },
      '/api/y': { get },
    })
  })
  it('refuses the same method on the same path from two families', () => {
    expect(() => mergePaths([{ '/api/x': { get } }, { '/api/x': { get } }])).toThrow(
      'get /api/x is documented by two families',
    )
  })
})

describe('GET /api/openapi.json and /api/docs', () => {
  it('serves the reference as JSON under the API CSP', async () => {
    const response = await app.request('/api/openapi.json')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(response.headers.get('content-security-policy')).toBe(API_CSP)
    expect(await response.text()).toBe(openApiJson())
  })

  it('serves the reference page from this server, under the page’s own CSP, with no inline script or style', async () => {
    const page = await app.request('/api/docs')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    expect(page.headers.get('content-security-policy')).toBe(DOCS_CSP)
    const html = await page.text()
    expect(html).toContain('<link rel="stylesheet" href="/api/docs/swagger-ui.css">')
    expect([...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag)).toEqual([
      '<script src="/api/docs/swagger-ui-bundle.js">',
      '<script src="/api/docs/start.js">',
    ])
    expect(html).not.toMatch(/<style|style=/)
    expect(html).not.toMatch(/https?:\/\//)
  })

  it.each([
    ['/api/docs/swagger-ui.css', /^text\/css/, 100_000],
    ['/api/docs/swagger-ui-bundle.js', /^(text|application)\/javascript/, 1_000_000],
    ['/api/docs/start.js', /^(text|application)\/javascript/, 50],
  ])('serves %s from this server under the page’s CSP, cached for an hour', async (path, type, minBytes) => {
    const response = await app.request(path)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(type)
    expect(response.headers.get('content-security-policy')).toBe(DOCS_CSP)
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600')
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(minBytes)
  })

  it('starts Swagger UI on this server’s reference, with the validator badge off', async () => {
    const script = await (await app.request('/api/docs/start.js')).text()
    expect(script).toMatch(/^window\.ui = SwaggerUIBundle\(/)
    expect(script).toContain('"url":"/api/openapi.json"')
    expect(script).toContain('"dom_id":"#swagger-ui"')
    expect(script).toContain('"validatorUrl":null')
    expect(script).not.toMatch(/https?:\/\//)
  })

  it('answers other methods with 405 and other paths under /api/docs with 404', async () => {
    for (const path of [
      '/api/docs',
      '/api/docs/swagger-ui.css',
      '/api/docs/swagger-ui-bundle.js',
      '/api/docs/start.js',
    ]) {
      const post = await app.request(path, { method: 'POST' })
      expect(post.status).toBe(405)
      expect(post.headers.get('allow')).toBe('GET')
    }
    // Files of the package that the page does not use are not served, nor is the old renderer.
    for (const path of [
      '/api/docs/other.js',
      '/api/docs/standalone.js',
      '/api/docs/index.html',
      '/api/docs/swagger-ui.css.map',
      '/api/docs/swagger-initializer.js',
    ]) {
      expect((await app.request(path)).status).toBe(404)
    }
  })
})

describe('the response check', () => {
  const answer = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  const url = `http://localhost/api/health`

  it('passes a documented answer', async () => {
    await expect(checkResponse('GET', url, answer(200, { status: 'ok' }), { log: false })).resolves.toBeUndefined()
  })

  it('fails a field the reference does not describe', async () => {
    await expect(checkResponse('GET', url, answer(200, { status: 'ok', extra: 1 }), { log: false })).rejects.toThrow(
      /additional properties/,
    )
  })

  it('fails an undocumented status', async () => {
    await expect(checkResponse('GET', url, answer(418, { status: 'ok' }), { log: false })).rejects.toThrow(
      /status not documented/,
    )
  })

  it('skips paths the reference does not document', async () => {
    await expect(
      checkResponse('GET', 'http://localhost/api/users', answer(418, {}), { log: false }),
    ).resolves.toBeUndefined()
  })
})
