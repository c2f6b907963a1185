// A client that goes away with its requests in flight (killed, a tab closed)
// must not hold the server's stop. A child process opens a mix of requests (sign-up, booking,
// upload, report, list), half of each body sent, and is killed; afterwards the server holds
// no socket of its (none in CLOSE-WAIT: every request whose client went away has ended), and
// a SIGTERM stops it through each stage without the forced close of connections.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { localDate, PUBLIC_BOOKINGS } from '../helpers/bookings'
import { type LoadFixture, seedLoad, SERVER_UNDER_LOAD_ENV } from '../helpers/load'
import { type Mailbox, startMailbox } from '../helpers/mailbox'
import { MEDIA } from '../helpers/media'
import { type ServerProcess, startServerProcess } from '../helpers/processes'
import { REPORTS } from '../helpers/reports'
import { viaServer } from '../helpers/server-app'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { TEST_PASSWORD } from '../helpers/users'
import { socketsOfGoneClients, vanishAfterSending, type VanishingRequest } from '../helpers/vanishing-client'

let server: ServerProcess
let local: TestApp
let fixture: LoadFixture
let mailbox: Mailbox

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const portOf = (url: string) => Number(new URL(url).port)

beforeAll(async () => {
  // SMTP configured, as an operator runs it: the mail runner has work to stop too.
  mailbox = await startMailbox()
  local = await startTestApp()
  server = await startServerProcess({ DATABASE_URL: local.databaseUrl, ...SERVER_UNDER_LOAD_ENV, ...mailbox.env })
  fixture = await seedLoad(viaServer(local, server.url), { citizens: 3, comments: 3 })
}, 120_000)

afterAll(async () => {
  await server?.stop(5_000)
  await local?.stop()
  await mailbox?.stop()
})

function mixOfRequests(): VanishingRequest[] {
  const json = { 'content-type': 'application/json' }
  const citizen = (i: number) => ({
    ...json,
    authorization: `Bearer ${fixture.citizens[i % fixture.citizens.length]!.token}`,
  })
  const boundary = 'vanishing-boundary'
  const multipart = (i: number) =>
    `--${boundary}\r\ncontent-disposition: form-data; name="alt"\r\n\r\nA picture\r\n` +
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n${'x'.repeat(i === 0 ? 4000 : 3 * 1024 * 1024)}\r\n--${boundary}--\r\n`
  const date = localDate(30).date
  const requests: VanishingRequest[] = []
  for (let i = 0; i < 3; i++) {
    requests.push(
      {
        method: 'POST',
        path: '/api/auth/sign-up/email',
        headers: json,
        body: JSON.stringify({ email: `gone-${i}-${Date.now()}@example.test`, password: TEST_PASSWORD, name: 'Gone' }),
      },
      {
        method: 'POST',
        path: PUBLIC_BOOKINGS,
        headers: citizen(i),
        body: JSON.stringify({ serviceId: fixture.services[0], bookingDate: date, bookingTime: `${10 + i}:00` }),
      },
      {
        method: 'POST',
        path: MEDIA,
        headers: { ...fixture.admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: multipart(i),
      },
      {
        method: 'POST',
        path: MEDIA,
        headers: { ...fixture.admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: multipart(i),
        whole: true,
      },
      {
        method: 'POST',
        path: REPORTS,
        headers: citizen(i),
        body: JSON.stringify({
          postType: 'blogComments',
          postId: fixture.comments[i % fixture.comments.length],
          reason: 'spam',
        }),
      },
      { method: 'GET', path: '/api/service-listings?limit=10', headers: {}, body: '', whole: true, again: true },
      {
        method: 'POST',
        path: '/api/auth/sign-up/email',
        headers: json,
        body: JSON.stringify({
          email: `again-${i}-${Date.now()}@example.test`,
          password: TEST_PASSWORD,
          name: 'Again',
        }),
        whole: true,
        again: true,
      },
      {
        method: 'POST',
        path: REPORTS,
        headers: citizen(i),
        body: JSON.stringify({
          postType: 'blogComments',
          postId: fixture.comments[i % fixture.comments.length],
          reason: 'spam',
        }),
        whole: true,
        again: true,
      },
      // Whole requests too, whose answers nobody will read.
      {
        method: 'POST',
        path: PUBLIC_BOOKINGS,
        headers: citizen(i),
        body: JSON.stringify({ serviceId: fixture.services[1], bookingDate: date, bookingTime: `${10 + i}:30` }),
        whole: true,
        again: true,
      },
    )
  }
  return requests
}

/** Polls until the server holds no socket on its port (or gives up after `ms`): what it still holds. */
async function socketsLeft(port: number, ms: number): Promise<string[]> {
  const until = Date.now() + ms
  for (;;) {
    const held = await socketsOfGoneClients(port)
    if (held.length === 0 || Date.now() > until) return held
    await sleep(100)
  }
}

describe('a client that vanishes mid-request', () => {
  it('leaves no socket behind; SIGTERM then stops the server stage by stage, without the forced close', async () => {
    await vanishAfterSending(server.url, mixOfRequests(), 1_500)
    // Every request whose client went away ends; its socket with it (a bound against waiting
    // forever, far below the keep-alive timeout that would otherwise close them at 65 s).
    expect(await socketsLeft(portOf(server.url), 5_000)).toEqual([])
    // The server still answers.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200)

    const signalled = Date.now()
    server.child.kill('SIGTERM')
    const exit = await server.exited
    const took = Date.now() - signalled
    console.log(`[vanishing client] the stop took ${took} ms`)
    if (exit.code !== 0) console.log(server.output().slice(-6000))
    expect(exit).toEqual({ code: 0, signal: null })
    expect(server.output()).toMatch(
      /SIGTERM: finishing in-flight requests[\s\S]*http closed[\s\S]*jobs stopped[\s\S]*pool closed[\s\S]*\[server\] stopped/,
    )
    expect(server.output()).not.toMatch(/forced close/)
    // The stop's symptom was the 10 s forced close; with nothing in flight it must not come near it.
    expect(took).toBeLessThan(10_000)
  }, 120_000)
})
