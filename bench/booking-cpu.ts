// `npx tsx bench/booking-cpu.ts [rounds]`: the server's CPU per booking beside the limit's, and
// nothing else: the figure a loaded machine moves least, in alternating rounds
// (ours, the limit, the limit, ours, …) of 200 bookings one after the other each, so that
// load changing during the run falls on both sides alike. The same servers, requests and
// drain as `npm run bench -- bookings` (bench/bookings.ts); each side sends its mail. Printed:
// every round and the medians, with the load average.
import os from 'node:os'

import { freePort } from '../src/lib/embedded-database'
import { stopMailRunner } from '../src/lib/mail-queue/runner'
import { bookingRequests, cpuPerBooking, quiet, setUp } from './bookings'
import { log, startBenchApp } from './harness'
import { cpuMs, startServerProcess } from './processes'

const ROUNDS = Number(process.argv[2] ?? 6)
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const load = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(' ')

async function main() {
  const app = await startBenchApp()
  // The bench's own Payload would send a share of ours' mail (bench/bookings.ts).
  await stopMailRunner(app.payload)
  const { pool, serviceId, tokens } = await setUp(app)
  const limit = await startServerProcess('bench/booking-limit-server.ts', await freePort(), {
    DATABASE_URL: app.databaseUrl,
  })
  const varying = bookingRequests(serviceId, tokens)
  const sides = {
    ours: () =>
      cpuPerBooking({ server: () => cpuMs(app.server.pid) }, `${app.url}/api/services/bookings`, varying).then(
        (cpu) => cpu.server,
      ),
    limit: () =>
      cpuPerBooking({ server: () => cpuMs(limit.pid) }, `${limit.url}/book`, varying).then((cpu) => cpu.server),
  }
  const figures: Record<'ours' | 'limit', number[]> = { ours: [], limit: [] }
  try {
    log(`warm-up, load ${load()}`)
    await sides.ours()
    await sides.limit()
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? (['ours', 'limit'] as const) : (['limit', 'ours'] as const)
      for (const side of order) {
        await quiet(pool)
        figures[side].push(await sides[side]())
      }
      log(
        `round ${round + 1}: ours ${figures.ours.at(-1)!.toFixed(2)} ms, limit ${figures.limit.at(-1)!.toFixed(2)} ms, load ${load()}`,
      )
    }
    const ours = median(figures.ours)
    const theLimit = median(figures.limit)
    console.log(
      `server CPU per booking, median of ${ROUNDS} rounds of 200: ours ${ours.toFixed(2)} ms (${figures.ours.map((v) => v.toFixed(2)).join(', ')}), the limit ${theLimit.toFixed(2)} ms (${figures.limit.map((v) => v.toFixed(2)).join(', ')}); limit ÷ ours ${(theLimit / ours).toFixed(2)}×; load ${load()}`,
    )
  } finally {
    await limit.stop()
    await app.stop()
  }
  process.exit(0)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
