// Fault 3: SIGTERM under load. Requests in flight when the signal arrives (here
// ten bookings whose bodies are still arriving, plus whatever the load has going) are
// answered in full, then the process exits 0; nothing it acknowledged is lost. The single
// in-flight request without load is tests/int/ops-shutdown.test.ts.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { localDate, PUBLIC_BOOKINGS } from '../helpers/bookings'
import { checkInvariants } from '../helpers/invariants'
import {
  type LoadFixture,
  missingWrites,
  runLoad,
  seedLoad,
  SERVER_UNDER_LOAD_ENV,
  summary,
  watchAnswers,
} from '../helpers/load'
import { type ServerProcess, startServerProcess } from '../helpers/processes'
import { viaServer } from '../helpers/server-app'
import { slowPost } from '../helpers/slow-request'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

let server: ServerProcess
let local: TestApp
let fixture: LoadFixture

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits until the server has logged that SIGTERM began its shutdown (a bound against hanging). */
async function shuttingDown() {
  for (let i = 0; i < 600 && !server.output().includes('SIGTERM: finishing in-flight requests'); i++) await sleep(50)
  expect(server.output()).toContain('SIGTERM: finishing in-flight requests')
}

beforeAll(async () => {
  local = await startTestApp()
  server = await startServerProcess({
    DATABASE_URL: local.databaseUrl,
    ...SERVER_UNDER_LOAD_ENV,
  })
  fixture = await seedLoad(viaServer(local, server.url), { citizens: 8, comments: 40 })
}, 240_000) // a bound against hanging: two starts and the seed, sized for a loaded machine

afterAll(async () => {
  await server?.stop(5_000)
  await local?.stop()
})

describe('fault 3: SIGTERM under load', () => {
  it('answers every request in flight, then exits 0; every acknowledged write is stored', async () => {
    // Ten bookings of distinct hours on one day (each fits, none conflicts with another),
    // their headers sent before the load starts, so the server surely has them when the
    // signal comes.
    const date = localDate(100).date
    const inFlight = Array.from({ length: 10 }, (_, i) =>
      slowPost(
        server.url,
        PUBLIC_BOOKINGS,
        JSON.stringify({
          serviceId: fixture.services[0],
          bookingDate: date,
          bookingTime: `${String(8 + i).padStart(2, '0')}:00`,
        }),
        {
          authorization: `Bearer ${fixture.citizens[i % fixture.citizens.length]!.token}`,
        },
      ),
    )
    await sleep(1_000)
    let finish!: () => void
    const watch = watchAnswers()
    const load = runLoad({
      url: server.url,
      fixture,
      clients: 16,
      until: new Promise<void>((resolve) => (finish = resolve)),
      onAnswer: watch.onAnswer,
    })
    // Under load: the signal comes once 20 writes were acknowledged (others are in flight).
    await watch.writes(20)

    server.child.kill('SIGTERM')
    // The bodies go once the server is shutting down (it said so), well inside its 10 s grace.
    await shuttingDown()
    for (const request of inFlight) request.release()
    const settled = await Promise.allSettled(inFlight.map((request) => request.answer))
    const failed = settled.filter((result) => result.status === 'rejected')
    if (failed.length)
      console.log(
        `in-flight failures: ${failed.map((f) => String((f as PromiseRejectedResult).reason)).join(', ')}\n${server.output().slice(-3000)}`,
      )
    const answers = settled.map((result) => (result.status === 'fulfilled' ? result.value : { status: 0, body: '' }))

    const exit = await server.exited
    finish()
    const report = await load
    console.log(`[fault 3] ${summary(report)}; network errors ${JSON.stringify(report.networkErrors)}`)

    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201))
    expect(exit).toEqual({ code: 0, signal: null })
    expect(server.output()).toMatch(/SIGTERM: finishing in-flight requests[\s\S]*\[server\] stopped/)
    expect(report.fiveXX).toEqual([])

    const booked = answers.map((answer) => ({
      kind: 'booking' as const,
      id: (JSON.parse(answer.body) as { booking: { id: string } }).booking.id,
    }))
    expect(
      await missingWrites((text, values) => sql(local, text, values), [...report.acknowledged, ...booked]),
    ).toEqual([])
    expect(await checkInvariants(local)).toEqual([])
  }, 120_000)
})
