// `npm run bench -- bookings`: booking creation beside bench/booking-limit-server.ts, which makes the same
// statements and sends its mail (docs/decisions.md "The booking limit runs our statements"), then with
// exceptions and buffers ÷ without, in alternating rounds; afterwards no two bookings overlap.
import type { Pool } from 'pg'

import { freePort } from '../src/lib/embedded-database'
import { stopMailRunner } from '../src/lib/mail-queue/runner'
import { MAIL_QUEUE } from '../src/lib/mail-queue/send-mail-task'
import type { Measurement, Varying } from './autocannon'
import { type BenchApp, log, printTable } from './harness'
import { ensureNoOverlap } from './no-overlap'
import { cpuMs, startServerProcess } from './processes'
import type { Row, ScenarioResult } from './report'
import { alternate, formatSpread, QUICK_ROUNDS, ROUND_SECONDS, ROUNDS, type Spread } from './rounds'

const CONNECTIONS = [1, 10, 50]
const CLIENTS = 50
const PASSWORD = 'Bench-Passw0rd!'
const DURATION = 5
const SLOTS_PER_DAY = (23 * 60) / DURATION

/** The i-th distinct free time: 5-minute steps through a day, then the next day. */
/** Bookings as a client sends them: every request a distinct free time, from one of the signed-in customers in turn. */
export function bookingRequests(serviceId: string, tokens: string[]): Varying {
  let next = 0
  return {
    method: 'POST',
    next: () => {
      const i = next++
      return {
        body: JSON.stringify({ serviceId, ...nthTime(i) }),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i % tokens.length]}` },
      }
    },
  }
}

export function nthTime(i: number): { bookingDate: string; bookingTime: string } {
  const day = new Date(Date.UTC(2031, 0, 1) + Math.floor(i / SLOTS_PER_DAY) * 86_400_000)
  const minutes = (i % SLOTS_PER_DAY) * DURATION
  return {
    bookingDate: day.toISOString().slice(0, 10),
    bookingTime: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
  }
}

// The same booking on a service with 10-minute buffers both sides and exceptions on
// every date (closed 12:00–13:00; every 7th date closed), from 2033 on so its dates never meet
// the plain service's. Its free times are 25 minutes apart (5 of booking, 10 of buffer each
// side: back-to-back buffered ranges), outside the closed hour and days.
const BUFFER = 10
// Four years of free times: the limit books fast, and every round takes its share.
const EXCEPTION_DAYS = 1460
const BUFFERED_FIRST_DAY = Date.UTC(2033, 0, 1)

function bufferedTimes(): Array<{ bookingDate: string; bookingTime: string }> {
  const times: Array<{ bookingDate: string; bookingTime: string }> = []
  for (let day = 0; day < EXCEPTION_DAYS; day++) {
    if (day % 7 === 0) continue
    const bookingDate = new Date(BUFFERED_FIRST_DAY + day * 86_400_000).toISOString().slice(0, 10)
    for (let minute = BUFFER; minute + DURATION <= 23 * 60 + 59; minute += DURATION + 2 * BUFFER) {
      if (minute + DURATION > 12 * 60 && minute < 13 * 60) continue
      times.push({
        bookingDate,
        bookingTime: `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`,
      })
    }
  }
  return times
}

async function bufferedService(app: BenchApp, pool: Pool, providerId: string): Promise<string> {
  const service = await app.payload.create({
    collection: 'service-listings',
    data: {
      slug: `bench-buffered-${Date.now()}`,
      provider: providerId,
      status: 'active',
      basePrice: '30.00',
      priceType: 'hourly',
      durationMinutes: DURATION,
      bufferBeforeMinutes: BUFFER,
      bufferAfterMinutes: BUFFER,
      translations: [{ inLanguage: 'en', title: 'Bench service with buffers' }],
      inLanguage: 'en',
    } as never,
    overrideAccess: true,
  })
  for (let day = 0; day < 7; day++) {
    await app.payload.create({
      collection: 'service-availability',
      data: { service: service.id, dayOfWeek: day, startTime: '00:00', endTime: '23:59' } as never,
      overrideAccess: true,
    })
  }
  await pool.query(
    `INSERT INTO availability_exceptions (service_id, date, is_available, start_time, end_time, reason)
     SELECT $1::uuid, to_char(d, 'YYYY-MM-DD'), false, '12:00', '13:00', 'Lunch' FROM generate_series($2::date, $2::date + $3::int, interval '1 day') d
     UNION ALL SELECT $1::uuid, to_char(d, 'YYYY-MM-DD'), false, NULL, NULL, 'Closed' FROM generate_series($2::date, $2::date + $3::int, interval '7 day') d`,
    [service.id, new Date(BUFFERED_FIRST_DAY).toISOString().slice(0, 10), EXCEPTION_DAYS],
  )
  return String(service.id)
}

export async function setUp(app: BenchApp) {
  // The bench pushes the schema instead of migrating: add the hand-written constraint, so
  // the guarantee is part of what is measured.
  const pool = app.payload.db.pool
  await ensureNoOverlap(app, pool)
  const provider = await app.payload.create({
    collection: 'users',
    data: {
      email: `provider-${Date.now()}@example.test`,
      password: PASSWORD,
      roles: ['citizen'],
      emailVerified: true,
    } as never,
    overrideAccess: true,
  })
  const service = await app.payload.create({
    collection: 'service-listings',
    data: {
      slug: `bench-${Date.now()}`,
      provider: provider.id,
      status: 'active',
      basePrice: '30.00',
      priceType: 'hourly',
      durationMinutes: DURATION,
      translations: [{ inLanguage: 'en', title: 'Bench service' }],
      inLanguage: 'en',
    } as never,
    overrideAccess: true,
  })
  for (let day = 0; day < 7; day++) {
    await app.payload.create({
      collection: 'service-availability',
      data: { service: service.id, dayOfWeek: day, startTime: '00:00', endTime: '23:59' } as never,
      overrideAccess: true,
    })
  }
  const tokens: string[] = []
  const customerIds: string[] = []
  for (let i = 0; i < CLIENTS; i++) {
    const email = `booker-${i}-${Date.now()}@example.test`
    const customer = await app.payload.create({
      collection: 'users',
      data: { email, password: PASSWORD, roles: ['citizen'], emailVerified: true } as never,
      overrideAccess: true,
    })
    const response = await fetch(`${app.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    })
    tokens.push(((await response.json()) as { token: string }).token)
    customerIds.push(String(customer.id))
    process.stderr.write(`\r[bench] booking clients signed in: ${i + 1}/${CLIENTS}`)
  }
  process.stderr.write('\n')
  return { pool, serviceId: String(service.id), providerId: String(provider.id), tokens, customerIds }
}

const CPU_BOOKINGS = 200

/** The queue the limit's mail waits in (bench/booking-limit-server.ts), which it sends itself. */
const LIMIT_MAIL_QUEUE = 'bench-limit'

/**
 * Waits until the work a measurement left behind is done: the requests still in flight when
 * its time was up (at 50 connections, seconds of them, on either server) and the mail each
 * server still sends. Otherwise it loads the next measurement, which it does not belong to.
 */
export async function quiet(pool: Pool): Promise<void> {
  let last = -1
  for (let waited = 0; waited < 60_000; waited += 500) {
    const { rows } = await pool.query(
      `SELECT (SELECT count(*)::int FROM bookings) AS bookings,
         (SELECT count(*)::int FROM payload_jobs WHERE queue IN ($1, $2) AND completed_at IS NULL AND NOT coalesce(has_error, false)) AS mail`,
      [MAIL_QUEUE, LIMIT_MAIL_QUEUE],
    )
    if (rows[0].mail === 0 && rows[0].bookings === last) return
    last = rows[0].bookings
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/**
 * CPU ms per booking, over `count` sequential requests (and the work they leave, such as mail,
 * 300 ms after), of each meter (a process's CPU so far: cpuMs, treeCpuMs).
 */
export async function cpuPerBooking<K extends string>(
  meters: Record<K, () => Promise<number>>,
  url: string,
  varying: Varying,
  count = CPU_BOOKINGS,
): Promise<Record<K, number>> {
  const names = Object.keys(meters) as K[]
  const read = () => Promise.all(names.map((name) => meters[name]()))
  const before = await read()
  for (let i = 0; i < count; i++) {
    const { body, headers } = varying.next()
    const response = await fetch(url, { method: 'POST', body, headers })
    await response.arrayBuffer()
    if (response.status !== 201) throw new Error(`bookings bench: CPU run answered ${response.status}`)
  }
  await new Promise((resolve) => setTimeout(resolve, 300))
  const after = await read()
  return Object.fromEntries(names.map((name, i) => [name, (after[i]! - before[i]!) / count])) as Record<K, number>
}

export async function bookingsBench(app: BenchApp): Promise<ScenarioResult> {
  // The bench's own Payload (migrations, seeding) runs a mail runner too: it took a share of
  // ours' mail under the same advisory lock, so the server's CPU per booking left out the mail
  // it sent. Stopped: the server sends all of ours, the limit all of its own (206).
  await stopMailRunner(app.payload)
  const { pool, serviceId, providerId, tokens } = await setUp(app)
  const buffered = { id: await bufferedService(app, pool, providerId), times: bufferedTimes() }
  const baseline = await startServerProcess('bench/booking-limit-server.ts', await freePort(), {
    DATABASE_URL: app.databaseUrl,
  })
  const varying = bookingRequests(serviceId, tokens)
  let nextBuffered = 0
  const bufferedVarying: Varying = {
    method: 'POST',
    next: () => {
      const i = nextBuffered++
      const time = buffered.times[i]
      if (!time) throw new Error('bookings bench: the buffered service ran out of free times')
      return {
        body: JSON.stringify({ serviceId: buffered.id, ...time }),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i % tokens.length]}` },
      }
    },
  }
  const exceptions: Array<{
    connections: number
    off: number
    on: number
    onLimit: number
    onOff: Spread
    onLimitRatio: Spread
  }> = []
  const rows: Row[] = []
  let created = 0
  let cpu = { ours: 0, limit: 0 }
  let createdBuffered = 0
  let inFlightBufferedBound = 0
  let badAnswers = 0
  // Requests still in flight when a measurement's time is up are made but not counted.
  let inFlightBound = 0
  try {
    // Each measurement drains the bookings still in flight and their mail before the next (quiet).
    const settle = () => quiet(pool)
    for (const connections of CONNECTIONS) {
      const sides = [
        { name: 'ours', url: `${app.url}/api/services/bookings` },
        { name: 'limit', url: `${baseline.url}/book` },
      ]
      const { merged, ratio } = await alternate('booking creation', sides, {
        connections,
        varying,
        settle,
        rounds: QUICK_ROUNDS,
      })
      created += merged.ours!.ok + merged.limit!.ok
      // Requests cut off when a run's time is up: one per connection per run (each round: a warm-up and a measurement),
      // each side.
      inFlightBound += 2 * 2 * QUICK_ROUNDS * connections
      rows.push({
        scenario: 'booking creation, distinct free slots',
        connections,
        ours: merged.ours!,
        limit: merged.limit,
        ratios: { limit: ratio('ours', 'limit') },
        serverRssMb: await app.server.rssMb(),
      })
    }
    // Exceptions and buffers on ÷ off (≥ 0.90), in the same alternating rounds as the plain service
    // and the limit on the buffered one.
    for (const connections of [1, 10]) {
      const sides = [
        { name: 'off', url: `${app.url}/api/services/bookings`, varying },
        { name: 'on', url: `${app.url}/api/services/bookings`, varying: bufferedVarying },
        { name: 'onLimit', url: `${baseline.url}/book`, varying: bufferedVarying },
      ]
      const { merged, ratio } = await alternate(
        'booking creation with exceptions and buffers (off / on / on, the limit)',
        sides,
        { connections, settle },
      )
      const { off, on, onLimit } = merged as Record<'off' | 'on' | 'onLimit', Measurement>
      created += off.ok
      createdBuffered += on.ok + onLimit.ok
      inFlightBound += 2 * ROUNDS * connections
      inFlightBufferedBound += 2 * 2 * ROUNDS * connections
      for (const m of [off, on, onLimit]) badAnswers += m.non2xx + m.errors
      rows.push({
        scenario: 'booking creation, exceptions and buffers on',
        connections,
        ours: on,
        limit: onLimit,
        ratios: { limit: ratio('on', 'onLimit') },
        serverRssMb: await app.server.rssMb(),
      })
      exceptions.push({
        connections,
        off: off.rps,
        on: on.rps,
        onLimit: onLimit.rps,
        onOff: ratio('on', 'off'),
        onLimitRatio: ratio('on', 'onLimit'),
      })
    }
    // CPU per booking of each server process, one booking after the other: what a loaded
    // machine (other work on the cores) moves least. PostgreSQL's share is not in it; it runs
    // the same statements for both. Each includes sending its bookings' mail
    // (docs/decisions.md "The booking bench's limit sends its mail").
    log(`CPU per booking, ${CPU_BOOKINGS} one after the other on each side`)
    await quiet(pool)
    cpu = {
      ours: (await cpuPerBooking({ server: () => cpuMs(app.server.pid) }, `${app.url}/api/services/bookings`, varying))
        .server,
      limit: (await cpuPerBooking({ server: () => cpuMs(baseline.pid) }, `${baseline.url}/book`, varying)).server,
    }
    created += 2 * CPU_BOOKINGS
  } finally {
    await baseline.stop()
  }
  const { rows: made } = await pool.query(`SELECT count(*)::int AS n FROM bookings WHERE service_id = $1`, [serviceId])
  const { rows: overlaps } = await pool.query(overlapCheck('a.start_minute', 'a.end_minute'), [serviceId])
  // The buffered service: no two pending/confirmed bookings whose buffered spans overlap.
  const { rows: madeBuffered } = await pool.query(`SELECT count(*)::int AS n FROM bookings WHERE service_id = $1`, [
    buffered.id,
  ])
  const { rows: bufferedOverlaps } = await pool.query(
    overlapCheck('a.start_minute - a.buffer_before_minutes', 'a.end_minute + a.buffer_after_minutes'),
    [buffered.id],
  )
  const guarantee = { bookings: made[0].n, answered201: created, overlappingPairs: overlaps[0].n }
  const guaranteeBuffered = {
    bookings: madeBuffered[0].n,
    answered201: createdBuffered,
    overlappingPairs: bufferedOverlaps[0].n,
  }
  printTable('Booking creation: the guarantee after the run', [
    {
      check: `bookings in the database / 201 answers (+ at most ${inFlightBound} cut off in flight)`,
      value: `${guarantee.bookings} / ${guarantee.answered201}`,
    },
    { check: 'pending/confirmed bookings overlapping an earlier one', value: String(guarantee.overlappingPairs) },
    {
      check: `buffered service: bookings / 201 answers (+ at most ${inFlightBufferedBound} in flight)`,
      value: `${guaranteeBuffered.bookings} / ${guaranteeBuffered.answered201}`,
    },
    {
      check: 'buffered service: bookings whose buffered span overlaps an earlier one',
      value: String(guaranteeBuffered.overlappingPairs),
    },
  ])
  const exceptionRatios = exceptions.map(({ connections, off, on, onOff, onLimitRatio }) => ({
    check: `exceptions and buffers on ÷ off, ${connections} connection(s) (target ≥ 0.90; ${ROUNDS} alternating rounds of ${ROUND_SECONDS} s, the median ratio and its range)`,
    value: `${formatSpread(onOff)} (${on.toFixed(0)} ÷ ${off.toFixed(0)} req/s, the rounds' medians); on ÷ its limit ${formatSpread(onLimitRatio)}`,
  }))
  const cpuRow = {
    check: 'server CPU per booking, one after the other: ours / the limit',
    value: `${cpu.ours.toFixed(2)} / ${cpu.limit.toFixed(2)} ms (limit ÷ ours ${(cpu.limit / cpu.ours).toFixed(2)}×)`,
  }
  printTable('Booking creation with exceptions and buffers; CPU', [...exceptionRatios, cpuRow])
  const failed = rows.filter(
    (row) => row.ours.non2xx + row.ours.errors + (row.limit?.non2xx ?? 0) + (row.limit?.errors ?? 0) > 0,
  )
  const unaccounted =
    guarantee.bookings < guarantee.answered201 ||
    guarantee.bookings > guarantee.answered201 + inFlightBound ||
    guaranteeBuffered.bookings < guaranteeBuffered.answered201 ||
    guaranteeBuffered.bookings > guaranteeBuffered.answered201 + inFlightBufferedBound
  if (
    failed.length ||
    badAnswers ||
    guarantee.overlappingPairs !== 0 ||
    guaranteeBuffered.overlappingPairs !== 0 ||
    unaccounted
  ) {
    throw new Error(
      `bookings bench: ${failed.length || badAnswers ? 'non-2xx answers' : 'the final check failed'} (${JSON.stringify({ guarantee, guaranteeBuffered })})`,
    )
  }
  const markdown = [...exceptionRatios, cpuRow].map((row) => `- ${row.check}: ${row.value}`).join('\n')
  return {
    rows,
    sections: [{ name: 'booking-exceptions', markdown }],
    data: { guarantee, guaranteeBuffered, exceptions, cpu },
  }
}

/**
 * How many pending/confirmed bookings of service $1 start before an earlier-starting one ends
 * (spans from `from` to `to`, in minutes): 0 exactly when no two overlap. One sort and a running
 * maximum: the pairwise self-join it replaces was quadratic, minutes at 25,000 bookings.
 */
function overlapCheck(from: string, to: string): string {
  return `SELECT count(*)::int AS n FROM (
      SELECT lo, max(hi) OVER (ORDER BY lo, id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS earlier_end
      FROM (SELECT a.id, ${from} AS lo, ${to} AS hi FROM bookings a WHERE a.service_id = $1 AND a.status IN ('pending', 'confirmed')) spans
    ) ordered WHERE lo < earlier_end`
}
