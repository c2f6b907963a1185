// The server as an operator runs it (the admin panel on, SMTP configured, an external
// database), and a client process killed at a random point of its work, 20 times: after each
// kill no server socket is left in CLOSE-WAIT, and SIGTERM then ends the process in ≤ 3 s
// with no forced close (src/lib/open-connections.ts). Each round the client signs three users
// up, follows their verification links, signs them in, books once each and has the admin
// confirm two bookings; and it opens what a Payload process started beside the server with
// NODE_ENV unset opens (`npm run seed`, `npm run create-admin`): an upgrade to Next dev's hot
// reload, ws://localhost:$PORT/_next/hmr. Next's production handler took that socket and
// never answered nor closed it. Here (tests/e2e) because it needs the panel's build.
import { spawn } from 'node:child_process'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { bookableService, localDate } from '../helpers/bookings'
import { type Actor, adminActor, makeSlot } from '../helpers/catalogue'
import { linkIn, type Mailbox, startMailbox } from '../helpers/mailbox'
import { PANEL_READY_TIMEOUT_MS, type ServerProcess, startServerProcess } from '../helpers/processes'
import { viaServer } from '../helpers/server-app'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { testSecret } from '../helpers/test-database'
import { TEST_PASSWORD } from '../helpers/users'
import { socketsOfGoneClients } from '../helpers/vanishing-client'

const ROUNDS = 20

let local: TestApp
let mailbox: Mailbox
let server: ServerProcess
let admin: Actor
let services: string[]

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

// The client: plain JavaScript run by `node -e`; it asks the test (IPC) for each verification
// link, which the server mailed to the test's mailbox.
const CLIENT = `
const net = require('node:net')
const { url, port, adminHeaders, services, date, round, password } = JSON.parse(process.argv[1])
const pending = new Map()
process.on('message', ({ email, link }) => pending.get(email)(link))
const linkFor = (email) => new Promise((resolve) => { pending.set(email, resolve); process.send({ email }) })
const json = async (path, init = {}) => {
  const res = await fetch(url + path, { ...init, headers: { 'content-type': 'application/json', ...init.headers } })
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers }
}
const upgrade = ['GET /_next/hmr HTTP/1.1', 'Host: localhost:' + port, 'Connection: Upgrade', 'Upgrade: websocket',
  'Sec-WebSocket-Version: 13', 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==', '', ''].join('\\r\\n')
const hmr = net.connect(port, '127.0.0.1', () => hmr.write(upgrade))
hmr.on('error', () => {})
;(async () => {
  const bookings = []
  for (let i = 0; i < 3; i++) {
    const email = 'round' + round + '-' + i + '-' + process.pid + '@example.test'
    const signUp = { email, password, name: 'Client ' + i }
    await json('/api/auth/sign-up/email', { method: 'POST', body: JSON.stringify(signUp) })
    const link = await linkFor(email)
    await fetch(link).then((res) => res.arrayBuffer())
    const signIn = JSON.stringify({ email, password })
    const signedIn = await json('/api/auth/sign-in/email', { method: 'POST', body: signIn })
    const booked = await json('/api/services/bookings', {
      method: 'POST',
      headers: { authorization: 'Bearer ' + signedIn.body.token },
      body: JSON.stringify({ serviceId: services[i], bookingDate: date, bookingTime: '10:00' }),
    })
    if (booked.body && booked.body.booking) bookings.push(booked.body.booking.id)
  }
  for (const id of bookings.slice(0, 2)) {
    const confirm = JSON.stringify({ id, action: 'confirm' })
    await json('/api/admin/services/bookings', { method: 'PATCH', headers: adminHeaders, body: confirm })
  }
  console.log('done')
})().catch((error) => console.error(String(error)))
setInterval(() => {}, 1000)
`

/** One round: the client's sequence from the start, SIGKILLed after `killAfterMs`. */
async function round(index: number, killAfterMs: number): Promise<void> {
  const port = Number(new URL(server.url).port)
  const date = localDate(8 + index).date
  const config = { url: server.url, port, adminHeaders: admin.headers, services, date, round: index }
  const argument = JSON.stringify({ ...config, password: TEST_PASSWORD })
  const child = spawn(process.execPath, ['-e', CLIENT, argument], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] })
  child.on('message', ({ email }: { email: string }) => {
    void mailbox
      .waitFor((mail) => mail.to.includes(email.toLowerCase()), 20_000)
      .then(
        (mail) => {
          // The link names PUBLIC_URL (localhost); the same server.
          const link = linkIn(mail)
          // The client may be killed between the check and the write: the callback takes that EPIPE.
          if (child.connected) {
            child.send({ email, link: `${server.url}${link.pathname}${link.search}` }, () => undefined)
          }
        },
        () => undefined, // the round is over: the client was killed before its mail came
      )
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  await Promise.race([sleep(killAfterMs), exited])
  child.kill('SIGKILL')
  await exited
}

beforeAll(async () => {
  mailbox = await startMailbox()
  local = await startTestApp()
  server = await startServerProcess(
    {
      DATABASE_URL: local.databaseUrl,
      PAYLOAD_SECRET: testSecret(),
      ...mailbox.env,
      RATE_LIMIT_GLOBAL_MAX: '1000000',
      RATE_LIMIT_SIGN_IN_MAX: '1000000',
      RATE_LIMIT_SIGN_IN_EMAIL_MAX: '1000000',
      RATE_LIMIT_SIGN_UP_MAX: '1000000',
    },
    PANEL_READY_TIMEOUT_MS,
  )
  const remote = viaServer(local, server.url)
  admin = await adminActor(remote)
  // Three services, each bookable every day of the week (seven slots).
  services = []
  for (let i = 0; i < 3; i++) {
    const service = await bookableService(admin, { dayOfWeek: 0 })
    for (let day = 1; day < 7; day++) {
      await makeSlot(admin, service.id, { dayOfWeek: day, startTime: '09:00', endTime: '17:00' })
    }
    services.push(service.id)
  }
  // The panel answers (its first request also sets up Next's handlers).
  expect((await fetch(`${server.url}/admin`, { redirect: 'manual' })).status).toBeLessThan(500)
}, PANEL_READY_TIMEOUT_MS + 60_000)

afterAll(async () => {
  await server?.stop(5_000)
  await local?.stop()
  await mailbox?.stop()
})

describe('clients killed at random points of their work', () => {
  it(`leave no socket in CLOSE-WAIT (${ROUNDS} kills); SIGTERM then stops in ≤ 3 s, no forced close`, async () => {
    const port = Number(new URL(server.url).port)
    for (let i = 0; i < ROUNDS; i++) {
      await round(i, 200 + Math.floor(Math.random() * 1_800))
      // A request the client left in progress is still answered (its socket closes then).
      let left = await socketsOfGoneClients(port)
      for (let wait = 0; wait < 60 && left.length > 0; wait++) {
        await sleep(50)
        left = await socketsOfGoneClients(port)
      }
      expect({ round: i, left }).toEqual({ round: i, left: [] })
    }
    // The sequence did reach its end at least once (not only its first requests).
    expect(mailbox.messages.length).toBeGreaterThan(3)

    const signalled = Date.now()
    const exit = await server.stop()
    expect(Date.now() - signalled).toBeLessThanOrEqual(3_000)
    expect(exit).toEqual({ code: 0, signal: null })
    expect(server.output()).not.toContain('forced close')
  }, 120_000)
})
