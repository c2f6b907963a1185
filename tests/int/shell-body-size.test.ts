// Request body size (docs/api.md "Body size"): 413 payload_too_large in the
// route's family on custom and stock routes, decided while the body streams, with the
// server's memory flat; and a body no route reads never costs the client its answer.
import http from 'node:http'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Endpoint } from 'payload'

import { JSON_BODY_LIMIT, MULTIPART_BODY_LIMIT } from '../../src/lib/http/body-limit'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'
import { createAdmin, createUser, signIn } from '../helpers/users'

let app: TestApp
let port: number

// The moderation route is another engineer's; a stand-in at its path shows the family.
const moderate: Endpoint = { path: '/admin/moderate', method: 'post', handler: () => Response.json({ ok: true }) }

beforeAll(async () => {
  app = await startTestApp({ beforeApp: (payload) => void payload.config.endpoints.push(moderate) })
  port = Number(new URL(app.url).port)
})

afterAll(async () => {
  await app.stop()
})

const MB = 1_000_000
const jsonOf = (bytes: number, fields: Record<string, unknown> = {}) =>
  JSON.stringify({ ...fields, pad: 'x'.repeat(bytes) })

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })

const tooLarge = `The request body is larger than the ${JSON_BODY_LIMIT} bytes allowed here`

interface RawAnswer {
  status?: number
  body?: string
  error?: string
}

/**
 * Sends `size` bytes of one reused 64 KiB buffer (so the client holds nothing), with a
 * Content-Length or chunked, and resolves with the answer (or the client's error) once the
 * connection has closed, so that the whole exchange is over.
 */
function sendLarge(path: string, size: number, chunked: boolean): Promise<RawAnswer> {
  const chunk = Buffer.alloc(64 * 1024, 'x')
  return new Promise((resolve) => {
    const answer: RawAnswer = {}
    const headers: Record<string, string | number> = { 'content-type': 'application/json' }
    if (!chunked) headers['content-length'] = size
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers, agent: false }, (res) => {
      let body = ''
      res.on('data', (data: Buffer) => (body += data.toString()))
      res.on('end', () => Object.assign(answer, { status: res.statusCode, body }))
    })
    // After the answer the server may cut the rest of the upload short: not an error then.
    req.on('error', (error: NodeJS.ErrnoException) => answer.status ?? (answer.error = error.code ?? error.message))
    req.on('close', () => resolve(answer))
    let sent = 0
    const write = () => {
      while (sent < size) {
        sent += chunk.length
        if (!req.write(chunk)) return void req.once('drain', write)
      }
      req.end()
    }
    write()
  })
}

/** Peak RSS of this process (the app under test runs in it) while `fn` runs, sampled every 20 ms. */
async function peakRssDuring<T>(fn: () => Promise<T>): Promise<{ result: T; before: number; peak: number }> {
  const before = process.memoryUsage().rss
  let peak = before
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20)
  try {
    const result = await fn()
    peak = Math.max(peak, process.memoryUsage().rss)
    return { result, before, peak }
  } finally {
    clearInterval(timer)
  }
}

describe('JSON bodies over 1 MiB: 413 in the route family', () => {
  it('auth route: 5 MB answers 413 in the authentication family', async () => {
    const response = await post('/api/auth/sign-in/email', jsonOf(5 * MB, { email: 'a@example.test', password: 'x' }))
    expect(response.status).toBe(413)
    expect(response.headers.get('connection')).toBe('close')
    expect(await response.json()).toEqual({
      error: 'payload_too_large',
      code: 'PAYLOAD_TOO_LARGE',
      message: tooLarge,
      status: 'PAYLOAD_TOO_LARGE',
    })
  })

  // Sent by an admin, so that only the size can stop them; nothing may be written.
  it.each([
    [
      'admin route',
      '/api/admin/services/categories',
      { action: 'create', slug: 'too-big' },
      `SELECT 1 FROM service_categories WHERE slug = 'too-big'`,
    ],
    [
      'stock collection route',
      '/api/users',
      { email: 'big@example.test', password: 'Correct-Horse-42!' },
      `SELECT 1 FROM users WHERE email = 'big@example.test'`,
    ],
    // Answered by the shell itself (docs/decisions.md "The public booking is answered by the
    // shell"), not through the bridge.
    [
      'public booking',
      '/api/services/bookings',
      { serviceId: '00000000-0000-4000-8000-000000000000', bookingDate: '2031-01-01', bookingTime: '10:00' },
      `SELECT 1 FROM bookings WHERE booking_date = '2031-01-01'`,
    ],
  ])('%s: 5 MB answers 413 in the general family, before any work', async (_label, path, fields, written) => {
    const admin = await createAdmin(app)
    const response = await post(path, jsonOf(5 * MB, fields), admin.headers)
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({ error: 'payload_too_large', message: tooLarge })
    expect(await sql(app, written)).toHaveLength(0)
  })

  it('moderation route: 5 MB answers 413 in the moderation family', async () => {
    const response = await post('/api/admin/moderate', jsonOf(5 * MB))
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({ error: 'payload_too_large', message: tooLarge })
  })

  it('without a Content-Length (chunked), the count decides: 413 all the same', async () => {
    const body = jsonOf(5 * MB, { email: 'a@example.test', password: 'x' })
    const response = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Blob([body]).stream(),
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ error: 'payload_too_large', code: 'PAYLOAD_TOO_LARGE' })
  })
})

describe('bodies within the limit', () => {
  it('900 kB is read as usual: a stock update stores it, an auth route validates it', async () => {
    const admin = await createAdmin(app)
    const user = await createUser(app)
    // Payload caps a text field at 40,000 characters: the rest of the 900 kB is JSON whitespace.
    const json = JSON.stringify({ name: 'n'.repeat(30_000) })
    const body = json.slice(0, -1) + ' '.repeat(900_000 - json.length) + '}'
    const response = await app.request(`/api/users/${user.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', ...admin.headers },
      body,
    })
    expect(response.status).toBe(200)
    const [row] = await sql<{ length: number }>(app, 'SELECT length(name) AS length FROM users WHERE id = $1', [
      user.id,
    ])
    expect(row?.length).toBe(30_000)

    // The strict sign-in schema refuses the extra field: its usual 400, not a 413.
    const signInResponse = await post(
      '/api/auth/sign-in/email',
      jsonOf(900_000, { email: user.email, password: user.password }),
    )
    expect(signInResponse.status).toBe(400)
    expect((await signInResponse.json()).error).toBe('invalid_input')
  })

  it('multipart bodies may reach 10 MiB + 256 KiB; one byte more is 413 at once', async () => {
    const multipart = (size: number) =>
      app.request('/api/users', {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
        body: new Uint8Array(size),
      })
    const within = await multipart(5 * MB)
    expect(within.status).not.toBe(413)
    const over = await multipart(MULTIPART_BODY_LIMIT + 1)
    expect(over.status).toBe(413)
    expect(await over.json()).toEqual({
      error: 'payload_too_large',
      message: `The request body is larger than the ${MULTIPART_BODY_LIMIT} bytes allowed here`,
    })
  })
})

describe('a 200 MB body is refused with the memory flat', () => {
  it.each([
    ['with a Content-Length', false],
    ['chunked, without one', true],
  ])('%s', async (_label, chunked) => {
    const { result, before, peak } = await peakRssDuring(() =>
      sendLarge('/api/auth/sign-in/email', 200 * 1024 * 1024, chunked),
    )
    expect(result.status).toBe(413)
    expect(JSON.parse(result.body!)).toMatchObject({ error: 'payload_too_large', code: 'PAYLOAD_TOO_LARGE' })
    if (process.env.SHOW_RSS)
      console.log(`rss before ${before} peak ${peak} grew ${((peak - before) / 1048576).toFixed(1)} MiB`)
    // A few MB of socket buffers at most; buffering the body would be hundreds.
    expect((peak - before) / 1024 / 1024).toBeLessThan(8)
  })
})

describe('bodies a route never reads', () => {
  async function signOutsOnOneConnection(count: number, bytes: number) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    const sockets = new Set<unknown>()
    const statuses: (number | string)[] = []
    const body = jsonOf(bytes)
    try {
      for (let i = 0; i < count; i++) {
        statuses.push(
          await new Promise<number | string>((resolve) => {
            const req = http.request(
              {
                host: '127.0.0.1',
                port,
                path: '/api/auth/sign-out',
                method: 'POST',
                agent,
                headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
              },
              (res) => {
                res.resume()
                res.on('end', () => resolve(res.statusCode ?? 0))
              },
            )
            req.on('socket', (socket) => sockets.add(socket))
            req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
            req.end(body)
          }),
        )
      }
    } finally {
      agent.destroy()
    }
    return { statuses, sockets: sockets.size }
  }

  it('50 sign-outs with unread 100 kB bodies on one kept-alive connection all get their answer', async () => {
    const { statuses, sockets } = await signOutsOnOneConnection(50, 100_000)
    expect(statuses).toEqual(Array(50).fill(200))
    expect(sockets).toBe(1)
  })

  it('the same with bodies just under the limit (1,000,000 bytes): drained, never reset', async () => {
    const { statuses, sockets } = await signOutsOnOneConnection(10, 1_000_000)
    expect(statuses).toEqual(Array(10).fill(200))
    expect(sockets).toBe(1)
  })

  it('a session is still signed out when its sign-out carries an unread body', async () => {
    const user = await createUser(app)
    const { token } = await signIn(app, user)
    const response = await post('/api/auth/sign-out', jsonOf(500_000), { authorization: `Bearer ${token}` })
    expect(response.status).toBe(200)
    const session = await app.request('/api/auth/get-session', { headers: { authorization: `Bearer ${token}` } })
    expect(await session.json()).toBeNull()
  })
})
