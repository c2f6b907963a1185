// `npm run bench -- holds-seats` (docs/api.md "Holds", "Seats"): a booking that turns the caller's hold into the
// booking ÷ a booking without one, on the same service, and the slots of a seated service ÷ the same service with
// one seat, in alternating rounds at 10,000 bookings and again after the table grew (BENCH_SLOTS_LARGE_BOOKINGS,
// default 100,000; 1,000,000 adds minutes of seeding).
import { randomUUID } from 'node:crypto'

import type { Pool } from 'pg'

import { stopMailRunner } from '../src/lib/mail-queue/runner'
import { wallClockMinute } from '../src/lib/wall-clock'
import type { Measurement, Varying } from './autocannon'
import { nthTime, quiet, setUp } from './bookings'
import { type BenchApp, log, seedTo } from './harness'
import { markdownTable, type ScenarioResult } from './report'
import { alternate, formatSpread, type Spread } from './rounds'
import { benchService, DAYS_31, FIRST_DAY, LARGE_BOOKINGS, SMALL_BOOKINGS } from './slots'

const CONNECTIONS = 10
// The held starts lie far after the plain side's, so the two sides never ask for one start.
const HELD_FROM = 500_000
// Enough live holds for every booking both sizes' rounds can make at 10 connections.
const HOLDS = 40_000
const SEATS = 10

/** Live holds of the plain side's service by SQL (the three-per-member cap is the hold route's, not measured). */
async function insertHolds(pool: Pool, serviceId: string, customerIds: string[]): Promise<string[]> {
  const ids = Array.from({ length: HOLDS }, () => randomUUID())
  const times = ids.map((_, i) => nthTime(HELD_FROM + i))
  const starts = times.map(({ bookingDate, bookingTime }) => wallClockMinute(bookingDate, bookingTime))
  for (let offset = 0; offset < HOLDS; offset += 10_000) {
    const slice = <T>(values: T[]) => values.slice(offset, offset + 10_000)
    await pool.query(
      `INSERT INTO booking_holds (id, service_id, customer_id, booking_date, booking_time, end_time, start_minute,
         end_minute, expires_at)
       SELECT id, $1, customer, date, time, to_char(time::time + interval '5 minutes', 'HH24:MI'), start, start + 5,
         now() + interval '1 day'
       FROM unnest($2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::int[]) AS h(id, customer, date, time, start)`,
      [
        serviceId,
        slice(ids),
        slice(ids.map((_, i) => customerIds[i % customerIds.length]!)),
        slice(times.map((time) => time.bookingDate)),
        slice(times.map((time) => time.bookingTime)),
        slice(starts),
      ],
    )
    process.stderr.write(`\r[bench] holds inserted: ${Math.min(offset + 10_000, HOLDS)}/${HOLDS}`)
  }
  process.stderr.write('\n')
  return ids
}

interface SizeResult {
  bookings: number
  plain: Measurement
  held: Measurement
  heldPlain: Spread
  unseated: Measurement
  seated: Measurement
  seatedUnseated: Spread
}

export async function holdsSeatsBench(app: BenchApp): Promise<ScenarioResult> {
  // The server sends its bookings' mail; the bench's own runner would take a share of it (bench/bookings.ts).
  await stopMailRunner(app.payload)
  await seedTo(app, { services: 1_000, users: 1_000, bookings: SMALL_BOOKINGS })
  const { pool, serviceId, tokens, customerIds } = await setUp(app)
  const holdIds = await insertHolds(pool, serviceId, customerIds)
  const unseatedId = await benchService(app, pool)
  const seatedId = await benchService(app, pool, false, SEATS)
  const bookingsUrl = `${app.url}/api/services/bookings`
  const slotsUrl = (id: string) => `${app.url}/api/services/${id}/slots?from=${FIRST_DAY}&to=${DAYS_31}`
  const request = (body: object, i: number) => ({
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i % tokens.length]}` },
  })
  let nextPlain = 0
  let nextHeld = 0
  const plain: Varying = { method: 'POST', next: () => request({ serviceId, ...nthTime(nextPlain) }, nextPlain++) }
  const held: Varying = {
    method: 'POST',
    next: () => {
      const i = nextHeld++
      const holdId = holdIds[i]
      if (!holdId) throw new Error('holds-seats bench: the holds ran out')
      return request({ serviceId, ...nthTime(HELD_FROM + i), holdId }, i)
    },
  }
  const seatsLeft = ((await (await fetch(slotsUrl(seatedId))).json()) as { seatsLeft?: object }).seatsLeft
  if (!seatsLeft) throw new Error('holds-seats bench: the seated service answered no seatsLeft')

  const measureSize = async (): Promise<SizeResult> => {
    const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings')
    const bookings = rows[0]!.n
    const at = `${bookings.toLocaleString('en')} bookings`
    const booking = await alternate(
      `booking with its hold / without, ${at}`,
      [
        { name: 'plain', url: bookingsUrl, varying: plain },
        { name: 'held', url: bookingsUrl, varying: held },
      ],
      { connections: CONNECTIONS, settle: () => quiet(pool) },
    )
    const slots = await alternate(
      `slots of a seated service / one seat, ${at}`,
      [
        { name: 'unseated', url: slotsUrl(unseatedId) },
        { name: 'seated', url: slotsUrl(seatedId) },
      ],
      { connections: CONNECTIONS },
    )
    for (const measurement of [...Object.values(booking.merged), ...Object.values(slots.merged)]) {
      if (measurement.non2xx + measurement.errors > 0) throw new Error(`holds-seats bench: non-2xx answers at ${at}`)
    }
    return {
      bookings,
      plain: booking.merged.plain!,
      held: booking.merged.held!,
      heldPlain: booking.ratio('held', 'plain'),
      unseated: slots.merged.unseated!,
      seated: slots.merged.seated!,
      seatedUnseated: slots.ratio('seated', 'unseated'),
    }
  }

  const small = await measureSize()
  await seedTo(app, { services: 1_000, users: 1_000, bookings: LARGE_BOOKINGS })
  log('holds-seats: VACUUM ANALYZE bookings')
  await pool.query('VACUUM ANALYZE bookings')
  const large = await measureSize()

  const { rows: leftover } = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM booking_holds h JOIN bookings b
       ON b.service_id = h.service_id AND b.start_minute = h.start_minute AND b.status IN ('pending', 'confirmed')`,
  )
  if (leftover[0]!.n !== 0) throw new Error(`holds-seats bench: ${leftover[0]!.n} holds outlived their booking`)

  const at = (size: SizeResult) => size.bookings.toLocaleString('en')
  const table = [small, large].flatMap((size) => [
    {
      what: `booking with its hold ÷ without, ${at(size)} bookings`,
      'req/s': `${size.held.rps.toFixed(0)} ÷ ${size.plain.rps.toFixed(0)}`,
      p50: `${size.held.p50} ÷ ${size.plain.p50} ms`,
      ratio: formatSpread(size.heldPlain),
    },
    {
      what: `slots of a ${SEATS}-seat service ÷ one seat, 31 days, ${at(size)} bookings`,
      'req/s': `${size.seated.rps.toFixed(0)} ÷ ${size.unseated.rps.toFixed(0)}`,
      p50: `${size.seated.p50} ÷ ${size.unseated.p50} ms`,
      ratio: formatSpread(size.seatedUnseated),
    },
  ])
  const growth = (pick: (size: SizeResult) => Measurement) => `${pick(small).p50} → ${pick(large).p50} ms`
  const markdown = [
    `Each feature ÷ the same route without it, ${CONNECTIONS} connections, alternating rounds (the median ratio and its range); targets ≥ 0.9× and flat as the bookings grow.`,
    '',
    markdownTable(table),
    '',
    `p50 from ${at(small)} to ${at(large)} bookings: booking with its hold ${growth((size) => size.held)}, without ${growth((size) => size.plain)}; seated slots ${growth((size) => size.seated)}, one seat ${growth((size) => size.unseated)}.`,
  ].join('\n')
  return { rows: [], data: { small, large }, sections: [{ name: 'holds-seats', markdown }] }
}
