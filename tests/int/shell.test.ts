// The express shell: security headers on every kind of answer, 404/405/500 bodies,
// client-IP selection and the persistent global rate limit.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Endpoint } from 'payload'

import { CLIENT_IP_HEADER, clientIpFrom } from '../../src/lib/client-ip'
import { adminCsp } from '../../src/lib/http/security-headers'
import { withEnv } from '../helpers/env'
import { expectSecurityHeaders } from '../helpers/expectations'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'
import { authHeaders, createAdmin, createUser } from '../helpers/users'

let app: TestApp

// A route that throws, to see what a bug looks like from outside.
const boom: Endpoint = {
  path: '/test-only/boom',
  method: 'get',
  handler: () => {
    throw new Error('SELECT secret FROM internals -- must never reach a client')
  },
}

beforeAll(async () => {
  app = await startTestApp({
    env: { RATE_LIMIT_GLOBAL_MAX: '1000' },
    beforeApp: (payload) => void payload.config.endpoints.push(boom),
  })
})

afterAll(async () => {
  await app.stop()
})

describe('security headers and error bodies', () => {
  it('200: health carries the security headers and says ok', async () => {
    const response = await app.request('/api/health')
    expect(response.status).toBe(200)
    expectSecurityHeaders(response)
    expect(await response.json()).toEqual({ status: 'ok' })
  })

  it('200: /favicon.ico is the panel’s icon from this server, not a 404 in the browser’s console', async () => {
    const response = await app.request('/favicon.ico')
    expect(response.status).toBe(200)
    // The panel's headers, as on its pages.
    expect(response.headers.get('content-security-policy')).toBe(adminCsp(false))
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('content-type')).toMatch(/^image\/png/)
    // A PNG's signature.
    expect([...new Uint8Array(await response.arrayBuffer()).slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47])
  })

  it('404: unknown /api path answers not_found in the general family', async () => {
    const response = await app.request('/api/no-such-thing/here')
    expect(response.status).toBe(404)
    expectSecurityHeaders(response)
    const body = await response.json()
    expect(body.error).toBe('not_found')
    expect(typeof body.message).toBe('string')
  })

  it('404 under /api/auth uses the authentication family', async () => {
    const response = await app.request('/api/auth/no-such-endpoint', { method: 'POST' })
    expect(response.status).toBe(404)
    expectSecurityHeaders(response)
    expect(await response.json()).toMatchObject({ error: 'not_found', code: 'NOT_FOUND', status: 'NOT_FOUND' })
  })

  it('405: known path, wrong method, with Allow', async () => {
    const response = await app.request('/api/health', { method: 'DELETE' })
    expect(response.status).toBe(405)
    expectSecurityHeaders(response)
    expect(response.headers.get('allow')).toBe('GET')
    expect((await response.json()).error).toBe('method_not_allowed')
  })

  it('405 on a stock collection route lists the methods it does answer', async () => {
    const response = await app.request('/api/users', { method: 'PUT' })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toContain('POST')
  })
})

describe('500', () => {
  it('answers internal_error with no stack or SQL, with the security headers', async () => {
    const response = await app.request('/api/test-only/boom')
    expect(response.status).toBe(500)
    expectSecurityHeaders(response)
    const text = await response.text()
    expect(JSON.parse(text)).toEqual({ error: 'internal_error', message: 'Internal server error' })
    expect(text).not.toMatch(/SELECT|secret|at .*\.ts/)
  })
})

describe('client IP', () => {
  const pick = (headers: Record<string, string>, trust = true) => clientIpFrom((name) => headers[name], trust)

  it('prefers x-real-ip, then the first x-forwarded-for entry, then cf-connecting-ip, else null', () => {
    expect(pick({ 'x-real-ip': '1.1.1.1', 'x-forwarded-for': '2.2.2.2', 'cf-connecting-ip': '3.3.3.3' })).toBe(
      '1.1.1.1',
    )
    expect(pick({ 'x-forwarded-for': '2.2.2.2, 10.0.0.1', 'cf-connecting-ip': '3.3.3.3' })).toBe('2.2.2.2')
    expect(pick({ 'cf-connecting-ip': '3.3.3.3' })).toBe('3.3.3.3')
    expect(pick({})).toBeNull()
    expect(pick({ 'x-real-ip': '1.1.1.1' }, false)).toBeNull()
  })

  it('keys the rate limit on the selected header over HTTP, and a client cannot forge the internal header', async () => {
    await app.request('/api/users', {
      headers: { 'x-forwarded-for': '203.0.113.7, 10.0.0.1', [CLIENT_IP_HEADER]: '6.6.6.6' },
    })
    const rows = await sql<{ key: string }>(app, `SELECT key FROM rate_limits WHERE key LIKE 'global:%'`)
    const keys = rows.map((row) => row.key)
    expect(keys).toContain('global:203.0.113.7')
    expect(keys).not.toContain('global:6.6.6.6')
  })

  it('with TRUST_PROXY=false ignores the headers and keys on the socket address', async () => {
    await withEnv({ TRUST_PROXY: 'false' }, () =>
      app.request('/api/users', { headers: { 'x-real-ip': '198.51.100.9' } }),
    )
    const keys = (await sql<{ key: string }>(app, `SELECT key FROM rate_limits`)).map((row) => row.key)
    expect(keys).not.toContain('global:198.51.100.9')
    expect(keys.some((key) => key.includes('127.0.0.1'))).toBe(true)
  })
})

// Stock-route inputs the fuzzer found answered 500; each is the client's mistake.
describe('hostile input on stock collection routes', () => {
  let admin: Record<string, string>
  beforeAll(async () => {
    admin = (await createAdmin(app)).headers
  })

  const ask = async (path: string, init: RequestInit = {}) => {
    const response = await app.request(path, init)
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  it('404 not_found: a document id that is no UUID, before PostgreSQL sees it', async () => {
    for (const [method, path] of [
      ['GET', '/api/service-listings/not-a-uuid'],
      ['DELETE', '/api/verification-tokens/%00'],
      ['PATCH', '/api/profiles/-1'],
      ['POST', '/api/memberships/0/duplicate'],
    ] as const) {
      const reply = await ask(path, {
        method,
        headers: { ...admin, 'content-type': 'application/json' },
        body: method === 'GET' ? undefined : '{}',
      })
      expect({ path, ...reply }).toEqual({
        path,
        status: 404,
        body: { error: 'not_found', message: expect.any(String) },
      })
    }
  })

  it('404 not_found: the version routes of a collection without versions', async () => {
    for (const path of ['/api/wallets/versions', '/api/bookings/versions/00000000-0000-4000-8000-000000000000']) {
      expect(await ask(path, { headers: admin })).toEqual({
        status: 404,
        body: { error: 'not_found', message: expect.any(String) },
      })
    }
  })

  it("400 in Payload's shape: a where that is not JSON, a limit PostgreSQL cannot use", async () => {
    for (const query of ['where=%25', 'where=+', 'limit=1.5']) {
      const reply = await ask(`/api/payload-preferences?${query}`, { headers: admin })
      expect({ query, ...reply }).toEqual({
        query,
        status: 400,
        body: { error: 'invalid_request', message: expect.any(String), errors: [{ message: expect.any(String) }] },
      })
    }
    expect((await ask('/api/service-listings?where=%25', { headers: admin })).status).toBe(400)
  })

  it('400 for a JSON body that is not an object, 415 for a body that is neither JSON nor multipart', async () => {
    for (const sent of ['"text"', 'null', '[1]', '{']) {
      const reply = await ask('/api/payload-preferences/fuzz-key', {
        method: 'POST',
        headers: { ...admin, 'content-type': 'application/json' },
        body: sent,
      })
      const error = sent === '{' ? 'invalid_body' : 'invalid_request'
      expect({ sent, ...reply }).toEqual({
        sent,
        status: 400,
        body: {
          error,
          message: expect.any(String),
          errors: [expect.objectContaining({ message: expect.any(String) })],
        },
      })
    }
    const text = await ask('/api/payload-preferences', {
      method: 'POST',
      headers: { ...admin, 'content-type': 'text/plain' },
      body: 'key=x',
    })
    expect(text).toEqual({
      status: 415,
      body: {
        error: 'unsupported_media_type',
        message: expect.stringContaining('application/json'),
        errors: [{ message: expect.stringContaining('application/json') }],
      },
    })
    // No body on a create is no data (Payload's hooks read fields of `undefined`: a 500).
    // It is read as `{}`: the panel's own preference record is created.
    const empty = await ask('/api/payload-preferences', { method: 'POST', headers: admin })
    expect(empty.status).toBe(201)
    // An object still goes through.
    const stored = await ask('/api/payload-preferences/fuzz-key', {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: '{"value":{"a":1}}',
    })
    expect(stored.status).toBe(200)
    expect(await sql(app, `SELECT key FROM payload_preferences WHERE key = 'fuzz-key'`)).toHaveLength(1)
  })

  it("400, nothing written: a write linking to a row that does not exist (Payload checks only the id's form; the foreign key answered 500)", async () => {
    const ghost = '00000000-0000-4000-8000-0000000000aa'
    const json = { ...admin, 'content-type': 'application/json' }
    const memberships = await sql(app, 'SELECT count(*)::int AS n FROM memberships')
    const created = await ask('/api/memberships', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ user: ghost, organization: ghost, role: 'member' }),
    })
    expect(created).toEqual({
      status: 400,
      body: {
        error: 'invalid_request',
        message: 'A document this one links to does not exist',
        errors: [{ message: 'A document this one links to does not exist' }],
      },
    })
    expect(await sql(app, 'SELECT count(*)::int AS n FROM memberships')).toEqual(memberships)

    const owner = await createUser(app)
    const [profile] = await sql<{ id: string }>(app, 'SELECT id FROM profiles WHERE user_id = $1', [owner.id])
    const moved = await ask(`/api/profiles/${profile!.id}`, {
      method: 'PATCH',
      headers: json,
      body: JSON.stringify({ user: ghost }),
    })
    expect(moved).toEqual({
      status: 400,
      body: {
        error: 'invalid_request',
        message: 'A document this one links to does not exist',
        errors: [{ message: 'A document this one links to does not exist' }],
      },
    })
    expect(await sql(app, 'SELECT user_id FROM profiles WHERE id = $1', [profile!.id])).toEqual([{ user_id: owner.id }])
  })

  it('400: limit, page or depth given twice or not a whole number', async () => {
    for (const query of ['limit=1&limit=NaN', 'page=x', 'depth=1e9', 'limit=-1']) {
      const reply = await ask(`/api/service-availability?${query}`, { headers: admin })
      expect({ query, ...reply }).toEqual({
        query,
        status: 400,
        body: { error: 'invalid_request', message: expect.any(String), errors: [{ message: expect.any(String) }] },
      })
    }
    expect((await ask('/api/service-availability?limit=5&page=1&depth=0', { headers: admin })).status).toBe(200)
  })

  it('400: a JSON body nested deeper than 64 levels', async () => {
    const deep = `{"user":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`
    const reply = await ask('/api/memberships', {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: deep,
    })
    expect(reply).toEqual({
      status: 400,
      body: {
        error: 'invalid_request',
        message: expect.stringContaining('64 levels'),
        errors: [{ message: expect.stringContaining('64 levels') }],
      },
    })
  })

  it("DELETE /api/payload-preferences/:key removes the caller's preference, 404 when there is none", async () => {
    const key = `delete-me-${Date.now()}`
    const json = { ...admin, 'content-type': 'application/json' }
    expect(
      (await ask(`/api/payload-preferences/${key}`, { method: 'POST', headers: json, body: '{"value":{"a":1}}' }))
        .status,
    ).toBe(200)
    const removed = await ask(`/api/payload-preferences/${key}`, { method: 'DELETE', headers: admin })
    expect(removed.status).toBe(200)
    expect(await sql(app, `SELECT key FROM payload_preferences WHERE key = $1`, [key])).toHaveLength(0)
    expect((await ask(`/api/payload-preferences/${key}`, { method: 'DELETE', headers: admin })).status).toBe(404)
    // Another user's preference of the same key is not the caller's to delete.
    const other = await createAdmin(app)
    await ask(`/api/payload-preferences/${key}`, {
      method: 'POST',
      headers: { ...other.headers, 'content-type': 'application/json' },
      body: '{"value":{"b":2}}',
    })
    expect((await ask(`/api/payload-preferences/${key}`, { method: 'DELETE', headers: admin })).status).toBe(404)
    expect(await sql(app, `SELECT key FROM payload_preferences WHERE key = $1`, [key])).toHaveLength(1)
    expect((await ask(`/api/payload-preferences/${key}`, { method: 'DELETE' })).status).toBe(401)
  })

  it('400: an edit lock whose document is not {relationTo, value} of a known collection', async () => {
    const json = { ...admin, 'content-type': 'application/json' }
    for (const document of [
      'x',
      1,
      [],
      { relationTo: 'nope', value: 'x' },
      { relationTo: 'blog-posts' },
      { relationTo: 'blog-posts', value: { a: 1 } },
      { relationTo: ['users'], value: 'x' },
    ]) {
      const reply = await ask('/api/payload-locked-documents', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ document }),
      })
      expect({ document, ...reply }).toEqual({
        document,
        status: 400,
        body: expect.objectContaining({ errors: [expect.objectContaining({ message: expect.any(String) })] }),
      })
    }
    expect(await sql(app, `SELECT id FROM payload_locked_documents`)).toHaveLength(0)
  })

  it('a multipart write without a document object: none is no fields (400 validation), a non-object 400', async () => {
    const headers = await authHeaders(app, await createUser(app))
    const before = await sql(app, `SELECT id FROM blog_comments`)
    // A bare multipart type with a JSON body (no boundary: busboy finds no parts).
    const bare = await ask('/api/blog-comments', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'multipart/form-data' },
      body: '{"body":"x"}',
    })
    expect(bare.status).toBe(400)
    for (const payloadField of [undefined, '1', '"text"', '[1]']) {
      const form = new FormData()
      if (payloadField !== undefined) form.append('_payload', payloadField)
      form.append('other', 'x')
      const reply = await ask('/api/blog-comments', { method: 'POST', headers, body: form })
      expect({ payloadField, status: reply.status, errors: Array.isArray(reply.body.errors) }).toEqual({
        payloadField,
        status: 400,
        errors: true,
      })
    }
    expect(await sql(app, `SELECT id FROM blog_comments`)).toHaveLength(before.length)
  })

  it('400: a service whose translations are not an array of rows', async () => {
    const json = { ...admin, 'content-type': 'application/json' }
    for (const translations of [{}, 'x', 5, [1, 'x', null]]) {
      const reply = await ask('/api/service-listings', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ slug: `odd-${Date.now()}`, translations }),
      })
      expect({ translations, status: reply.status }).toEqual({ translations, status: 400 })
    }
  })

  it("the admin panel's reads sent as POST (method override GET, a form-encoded query) are answered, their query checked", async () => {
    const user = await createUser(app)
    const read = (body: string, type = 'application/x-www-form-urlencoded') =>
      ask('/api/users', {
        method: 'POST',
        headers: { ...admin, 'content-type': type, 'x-payload-http-method-override': 'GET' },
        body,
      })
    // What Payload's relationship field sends to label a selected document.
    const labelled = await read(
      `depth=0&draft=true&limit=1&select%5Bemail%5D=true&where%5Bid%5D%5Bin%5D%5B0%5D=${user.id}`,
    )
    expect(labelled.status).toBe(200)
    expect(labelled.body.docs).toEqual([expect.objectContaining({ id: user.id, email: user.email })])
    expect(await read('limit=1e9')).toEqual({
      status: 400,
      body: {
        error: 'invalid_request',
        message: 'limit must be a whole number',
        errors: [{ message: 'limit must be a whole number' }],
      },
    })
    expect((await read('limit=1', 'text/plain')).status).toBe(415)
    // Without the override a form body is still no document.
    const write = await ask('/api/users', {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=x',
    })
    expect(write.status).toBe(415)
  })

  it('400 for a multipart body busboy cannot read', async () => {
    const reply = await ask('/api/service-listings', {
      method: 'POST',
      headers: { ...admin, 'content-type': 'multipart/mixed; boundary=x' },
      body: '--x\r\n',
    })
    expect(reply.status).toBeLessThan(500)
    expect(reply.body).toEqual({
      error: reply.status === 415 ? 'unsupported_media_type' : 'invalid_request',
      message: expect.any(String),
      errors: [{ message: expect.any(String) }],
    })
  })
})
