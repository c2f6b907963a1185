// SIGTERM while a request is in flight: the real server (src/server.ts through tsx, as
// `npm start` runs it, with ADMIN_PANEL=false so Next stays out) stops taking connections,
// lets the request finish, closes the pool and exits 0.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { checkedFetch } from '../helpers/openapi-check'
import type { ServerProcess } from '../helpers/processes'
import { type ServerFixture, startServerFixture } from '../helpers/server-fixture'
import { slowPost } from '../helpers/slow-request'

let fixture: ServerFixture
let server: ServerProcess

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

beforeAll(async () => {
  fixture = await startServerFixture({ env: { ADMIN_PANEL: 'false' } })
  server = fixture.server
}, 120_000)

afterAll(async () => {
  await fixture?.stop(5_000)
})

describe('graceful shutdown', () => {
  it('answers before the signal', async () => {
    expect((await checkedFetch(`${server.url}/api/health`)).status).toBe(200)
  })

  it('on SIGTERM finishes the request in flight, refuses new connections, and exits 0', async () => {
    const body = JSON.stringify({ email: 'nobody-here@example.test', password: 'Not-The-Passw0rd!' })
    const inFlight = slowPost(server.url, '/api/auth/sign-in/email', body)
    await sleep(500) // the server has the headers and waits for the rest of the body

    server.child.kill('SIGTERM')
    // It logs the signal and stops listening in one step: once said, new connections are refused.
    for (let i = 0; i < 600 && !server.output().includes('SIGTERM: finishing in-flight requests'); i++) await sleep(50)
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow()

    const released = Date.now()
    inFlight.release()
    const answer = await inFlight.answer
    expect(answer.status).toBe(401)
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'invalid_credentials' })

    const exit = await server.exited
    expect(exit).toEqual({ code: 0, signal: null })
    // Well before the 10 s after which remaining connections would be cut.
    expect(Date.now() - released).toBeLessThan(8_000)
    // Each stage of the stop is logged, in order.
    expect(server.output()).toMatch(
      /SIGTERM: finishing in-flight requests[\s\S]*http closed[\s\S]*jobs stopped[\s\S]*pool closed[\s\S]*\[server\] stopped/,
    )
  }, 60_000)
})
