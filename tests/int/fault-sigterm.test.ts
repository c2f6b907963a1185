// Fault 3 (issue 11): SIGTERM under load. Requests in flight when the signal arrives (here
// ten bookings whose bodies are still arriving, plus whatever the load has going) are
// answered in full, then the process exits 0; nothing it acknowledged is lost. The single
// in-flight request without load is tests/int/ops-shutdown.test.ts.
import http from 'node:http'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { localDate } from '../helpers/bookings'
import { checkInvariants } from '../helpers/invariants'
import { missingWrites, runLoad, seedLoad, summary, type LoadFixture } from '../helpers/load'
import { startServerProcess, type ServerProcess } from '../helpers/processes'
import { viaServer } from '../helpers/server-app'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

let server: ServerProcess
let local: TestApp
let fixture: LoadFixture

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Answer {
  status: number
  body: string
}

/** A booking whose body arrives in two halves, on a connection of its own; the second half on `release`. */
function slowBooking(url: string, token: string, body: string): { answer: Promise<Answer>; release: () => void } {
  const half = Math.floor(body.length / 2)
  const request = http.request(`${url}/api/services/bookings`, {
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: `Bearer ${token}` },
  })
  const answer = new Promise<Answer>((resolve, reject) => {
    request.once('error', reject)
    request.once('response', (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.once('end', () => resolve({ status: response.statusCode ?? 0, body: text }))
      response.once('error', reject)
    })
  })
  request.write(body.slice(0, half))
  return { answer, release: () => request.end(body.slice(half)) }
}

beforeAll(async () => {
  local = await startTestApp()
  server = await startServerProcess({
    DATABASE_URL: local.databaseUrl,
    PAYLOAD_SECRET: process.env.PAYLOAD_SECRET ?? 'test-secret-test-secret-test-secret',
    ADMIN_PANEL: 'false',
    RATE_LIMIT_GLOBAL_MAX: '1000000',
    RATE_LIMIT_SIGN_IN_MAX: '1000000',
    RATE_LIMIT_SIGN_UP_MAX: '1000000',
  })
  fixture = await seedLoad(viaServer(local, server.url), { citizens: 8, comments: 40 })
}, 120_000)

afterAll(async () => {
  await server?.stop(5_000)
  await local?.stop()
})

describe('fault 3: SIGTERM under load', () => {
  it('answers every request in flight, then exits 0; every acknowledged write is stored', async () => {
    let finish!: () => void
    const load = runLoad({ url: server.url, fixture, clients: 16, until: new Promise<void>((resolve) => (finish = resolve)) })
    await sleep(3_000)

    // Ten bookings of distinct hours on one day: each fits, none conflicts with another.
    const date = localDate(100).date
    const inFlight = Array.from({ length: 10 }, (_, i) =>
      slowBooking(server.url, fixture.citizens[i % fixture.citizens.length]!.token, JSON.stringify({ serviceId: fixture.services[0], bookingDate: date, bookingTime: `${String(8 + i).padStart(2, '0')}:00` })),
    )
    await sleep(500) // the server has their headers and waits for the rest
    server.child.kill('SIGTERM')
    await sleep(1_000)
    for (const request of inFlight) request.release()
    const answers = await Promise.all(inFlight.map((request) => request.answer))

    const exit = await server.exited
    finish()
    const report = await load
    console.log(`[fault 3] ${summary(report)}; network errors ${JSON.stringify(report.networkErrors)}`)

    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201))
    expect(exit).toEqual({ code: 0, signal: null })
    expect(server.output()).toMatch(/SIGTERM: finishing in-flight requests[\s\S]*\[server\] stopped/)
    expect(report.fiveXX).toEqual([])

    const booked = answers.map((answer) => ({ kind: 'booking' as const, id: (JSON.parse(answer.body) as { booking: { id: string } }).booking.id }))
    expect(await missingWrites((text, values) => sql(local, text, values), [...report.acknowledged, ...booked])).toEqual([])
    expect(await checkInvariants(local)).toEqual([])
  }, 120_000)
})
