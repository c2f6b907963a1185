// A client that goes away in the middle of its body. The shell's counted
// body (body-limit.ts) is piped from the request, and pipe() never ends its destination when
// the request is destroyed: every route reading the body (JSON, multipart) then waited for
// the rest for good, a request that never finished. Here the shell's own body limit and the
// routes' own readers, on a real socket the client destroys half-way.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import express from 'express'
import type { PayloadRequest } from 'payload'

import { readJson } from '../../src/lib/http/body'
import { bodyLimit, requestBody } from '../../src/lib/http/body-limit'
import { ApiError, apiError } from '../../src/lib/http/errors'
import { readMultipart } from '../../src/lib/http/multipart'

type Outcome = { read: 'whole' } | { read: 'failed'; error: unknown }

let server: http.Server
let port: number
// What each route's read of its body came to, by request id.
const outcomes = new Map<string, (outcome: Outcome) => void>()
const outcomeOf = (id: string) => new Promise<Outcome>((resolve) => outcomes.set(id, resolve))

/** The request as the Payload bridge hands it to a route: a Web Request over the counted body. */
const webRequest = (req: express.Request) =>
  new Request(`http://localhost${req.originalUrl}`, {
    method: 'POST',
    headers: req.headers as Record<string, string>,
    body: Readable.toWeb(requestBody(req)) as unknown as ReadableStream,
    duplex: 'half',
  } as RequestInit) as unknown as PayloadRequest

beforeAll(async () => {
  const app = express()
  app.use(bodyLimit((_req, res, error) => void res.status(error.status).json({ error: error.code })))
  const route =
    (read: (req: PayloadRequest) => Promise<unknown>) => async (req: express.Request, res: express.Response) => {
      const settle = outcomes.get(String(req.query.id))!
      try {
        await read(webRequest(req))
        settle({ read: 'whole' })
        res.json({ ok: true })
      } catch (error) {
        settle({ read: 'failed', error })
        if (!res.headersSent && !res.destroyed) res.status(400).json({ error: 'invalid_body' })
      }
    }
  app.post('/json', route(readJson))
  app.post(
    '/multipart',
    route((req) =>
      readMultipart(req, {
        fileSize: 1 << 20,
        fileTooLarge: () => apiError('payload_too_large', 'too large'),
        files: 1,
        fields: 4,
        fieldSize: 1024,
      }),
    ),
  )
  server = http.createServer(app)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

/** Sends the headers and the first half of `body`, then destroys the connection. */
async function halfThenGone(path: string, contentType: string, body: string): Promise<void> {
  const request = http.request({
    host: '127.0.0.1',
    port,
    path,
    method: 'POST',
    agent: false,
    headers: { 'content-type': contentType, 'content-length': Buffer.byteLength(body) },
  })
  request.on('error', () => undefined)
  await new Promise<void>((resolve) => request.write(body.slice(0, body.length / 2), () => resolve()))
  await new Promise((resolve) => setTimeout(resolve, 200))
  request.destroy()
}

/** The outcome, or 'still reading' when the route has not finished `ms` after the client went away. */
const within = (outcome: Promise<Outcome>, ms: number) =>
  Promise.race([outcome, new Promise<'still reading'>((resolve) => setTimeout(() => resolve('still reading'), ms))])

describe('a client that goes away mid-body', () => {
  it('ends a JSON read: the route fails with a 400 invalid_body (never a 500), instead of waiting for good', async () => {
    const outcome = outcomeOf('json')
    await halfThenGone('/json?id=json', 'application/json', JSON.stringify({ pad: 'x'.repeat(50_000) }))
    const result = await within(outcome, 5_000)
    expect(result).toMatchObject({ read: 'failed' })
    expect((result as { error: ApiError }).error).toMatchObject({ status: 400, code: 'invalid_body' })
  })

  it('ends a multipart read (an upload) likewise', async () => {
    const boundary = 'cut-short'
    const body = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n${'x'.repeat(200_000)}\r\n--${boundary}--\r\n`
    const outcome = outcomeOf('multipart')
    await halfThenGone('/multipart?id=multipart', `multipart/form-data; boundary=${boundary}`, body)
    expect(await within(outcome, 5_000)).toMatchObject({ read: 'failed' })
  })

  it('still reads a whole body', async () => {
    const outcome = outcomeOf('whole')
    const answer = await fetch(`http://127.0.0.1:${port}/json?id=whole`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ a: 1 }),
    })
    expect(answer.status).toBe(200)
    expect(await outcome).toEqual({ read: 'whole' })
  })
})
