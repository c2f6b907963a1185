// Bookable times: GET /api/services/:id/slots for 31 days at 1 and 10
// connections beside the limit (bench/slots-limit-server.ts: express + pg, the same SQL and
// listing), then a service with exceptions and buffers beside the plain one and its
// limit, all in alternating rounds (bench/rounds.ts); p50 as the bookings table grows from
// about 10,000 to 100,000 rows (BENCH_SLOTS_LARGE_BOOKINGS: 1,000,000 adds about five minutes
// of seeding), and the CPU one 62-day query costs the server (what 100 of them a minute from
// one IP, the global limit, cost). `npm run bench -- slots`: a few minutes.
import os from 'node:os'

import type { Pool } from 'pg'

import { freePort } from '../src/lib/embedded-database'
import type { Measurement } from './autocannon'
import { type BenchApp, log, seedTo } from './harness'
import { ensureNoOverlap } from './no-overlap'
import { cpuPerRequest, startServerProcess } from './processes'
import { markdownTable, type Row, type ScenarioResult, tableRows } from './report'
import { alternate, formatSpread, ROUND_SECONDS, ROUNDS } from './rounds'

export const SMALL_BOOKINGS = 10_000
// 100,000 by default: a tenfold growth, seeded in about half a minute (1,000,000: five minutes more).
export const LARGE_BOOKINGS = Number(process.env.BENCH_SLOTS_LARGE_BOOKINGS ?? 100_000)
export const FIRST_DAY = '2031-01-06'
export const DAYS_31 = '2031-02-05'
const DAYS_62 = '2031-03-08'
const SEQUENTIAL = 100

/**
 * An active 60-minute service open 08:00–20:00 every day, a third of its hours booked over the
 * 62 days. `withExceptions` (docs/api.md "Exceptions: days off and extra hours"): 10-minute
 * buffers both sides, every 7th date closed, every 5th closed 12:00–13:00, every 11th opened
 * 18:00–22:00 instead. `seats` above 1 (docs/api.md "Seats"): each booked hour is a shared start holding two
 * participants, so it stays listed with its seats left.
 */
export async function benchService(app: BenchApp, pool: Pool, withExceptions = false, seats = 1): Promise<string> {
  await ensureNoOverlap(app, pool)
  const provider = await app.payload.create({
    collection: 'users',
    data: {
      email: `slots-provider-${Date.now()}@example.test`,
      password: 'Bench-Passw0rd!',
      roles: ['citizen'],
      emailVerified: true,
    } as never,
    overrideAccess: true,
  })
  const service = await app.payload.create({
    collection: 'service-listings',
    data: {
      slug: `slots-bench-${Date.now()}`,
      provider: provider.id,
      status: 'active',
      durationMinutes: 60,
      seatsPerSlot: seats,
      ...(withExceptions ? { bufferBeforeMinutes: 10, bufferAfterMinutes: 10 } : {}),
      translations: [{ inLanguage: 'en', title: 'Slots bench' }],
      inLanguage: 'en',
    } as never,
    overrideAccess: true,
  })
  for (let day = 0; day < 7; day++) {
    await app.payload.create({
      collection: 'service-availability',
      data: { service: service.id, dayOfWeek: day, startTime: '08:00', endTime: '20:00' } as never,
      overrideAccess: true,
    })
  }
  // Every third hour of every day, pending or confirmed: the rows the query must subtract.
  await pool.query(
    `INSERT INTO bookings (service_id, provider_id, customer_id, booking_date, booking_time, end_time, duration_minutes, status, start_minute, end_minute, updated_at, created_at, participants, seats_per_slot)
     SELECT $1, $2, $2, to_char(d, 'YYYY-MM-DD'), lpad(h::text, 2, '0') || ':00', lpad((h + 1)::text, 2, '0') || ':00', 60,
       (CASE WHEN h % 2 = 0 THEN 'pending' ELSE 'confirmed' END)::enum_bookings_status,
       (d::date - DATE '1970-01-01') * 1440 + h * 60, (d::date - DATE '1970-01-01') * 1440 + h * 60 + 60, now(), now(),
       CASE WHEN $5::int > 1 THEN 2 ELSE 1 END, $5::int
     FROM generate_series($3::date, $4::date, interval '1 day') d, generate_series(8, 19, 3) h`,
    [service.id, provider.id, FIRST_DAY, DAYS_62, seats],
  )
  // Raw rows: the dates lie beyond the 730 days the API accepts, which is the point of a bench far ahead.
  if (withExceptions) {
    await pool.query(
      `INSERT INTO availability_exceptions (service_id, date, is_available, start_time, end_time, reason)
       SELECT $1::uuid, to_char(d, 'YYYY-MM-DD'), false, NULL, NULL, 'Closed' FROM generate_series($2::date, $3::date, interval '7 day') d
       UNION ALL SELECT $1::uuid, to_char(d, 'YYYY-MM-DD'), false, '12:00', '13:00', 'Lunch' FROM generate_series($2::date + 1, $3::date, interval '5 day') d
       UNION ALL SELECT $1::uuid, to_char(d, 'YYYY-MM-DD'), true, '18:00', '22:00', 'Late' FROM generate_series($2::date + 2, $3::date, interval '11 day') d`,
      [service.id, FIRST_DAY, DAYS_62],
    )
  }
  return String(service.id)
}

export async function slotsBench(app: BenchApp): Promise<ScenarioResult> {
  const pool = app.payload.db.pool
  await seedTo(app, { services: 1_000, users: 1_000, bookings: SMALL_BOOKINGS })
  const serviceId = await benchService(app, pool)
  const exceptionsId = await benchService(app, pool, true)
  const path = (to: string, id = serviceId) => `/api/services/${id}/slots?from=${FIRST_DAY}&to=${to}`
  const limit = await startServerProcess('bench/slots-limit-server.ts', await freePort(), {
    DATABASE_URL: app.databaseUrl,
  })
  try {
    // The same answer from both (the limit is only a limit if it does the same work).
    const [oursAnswer, theirs] = await Promise.all(
      [app.url, limit.url].map(
        async (base) => (await (await fetch(`${base}${path(DAYS_31)}`)).json()) as { slots: Record<string, string[]> },
      ),
    )
    if (JSON.stringify(oursAnswer) !== JSON.stringify(theirs)) throw new Error('slots: ours and the limit disagree')
    const listed = Object.values(oursAnswer!.slots).flat().length
    const loadBefore = os.loadavg()

    const rows: Row[] = []
    const ours = (to: string, id = serviceId) => `${app.url}${path(to, id)}`
    const limitOf = (to: string, id = serviceId) => `${limit.url}${path(to, id)}`
    for (const connections of [1, 10]) {
      const { merged, ratio } = await alternate(
        'slots: 31 days',
        [
          { name: 'ours', url: ours(DAYS_31) },
          { name: 'limit', url: limitOf(DAYS_31) },
        ],
        { connections },
      )
      rows.push({
        scenario: 'GET /api/services/:id/slots, 31 days',
        connections,
        ours: merged.ours!,
        limit: merged.limit,
        ratios: { limit: ratio('ours', 'limit') },
        serverRssMb: await app.server.rssMb(),
      })
    }
    // The service with exceptions and buffers at 10 connections beside its limit
    // (≥ 0.7×) and the plain service in the same rounds.
    const exceptions = await alternate(
      'slots: 31 days with exceptions and buffers',
      [
        { name: 'plain', url: ours(DAYS_31) },
        { name: 'exceptions', url: ours(DAYS_31, exceptionsId) },
        { name: 'limit', url: limitOf(DAYS_31, exceptionsId) },
      ],
      { connections: 10 },
    )
    const withExceptions = exceptions.merged.exceptions!
    const exceptionsSpread = {
      limit: exceptions.ratio('exceptions', 'limit'),
      plain: exceptions.ratio('exceptions', 'plain'),
    }
    rows.push({
      scenario: 'GET /api/services/:id/slots, 31 days, exceptions and buffers',
      connections: 10,
      ours: withExceptions,
      limit: exceptions.merged.limit,
      ratios: { limit: exceptionsSpread.limit },
      serverRssMb: await app.server.rssMb(),
    })
    log(`slots: CPU of ${SEQUENTIAL} sequential 62-day queries`)
    const cpuOurs = await cpuPerRequest(app.server.pid, ours(DAYS_62), SEQUENTIAL)
    const cpuLimit = await cpuPerRequest(limit.pid, limitOf(DAYS_62), SEQUENTIAL)

    const small = rows[1]!
    const grown = await seedTo(app, { services: 1_000, users: 1_000, bookings: LARGE_BOOKINGS })
    // A table just grown tenfold is what autovacuum works on next: settle it first, or the
    // measurement times autovacuum (a running service's table is vacuumed and analysed).
    log('slots: VACUUM ANALYZE bookings')
    await pool.query('VACUUM ANALYZE bookings')
    // The limit is measured again at the large size: the same SQL on the same rows tells
    // the growth the data causes from what a busier machine adds.
    const grownRounds = await alternate(
      `slots: 31 days on ${grown.bookings.toLocaleString('en')} bookings`,
      [
        { name: 'ours', url: ours(DAYS_31) },
        { name: 'limit', url: limitOf(DAYS_31) },
      ],
      { connections: 10 },
    )
    const large: Measurement = grownRounds.merged.ours!
    const largeLimit: Measurement = grownRounds.merged.limit!
    const growth = large.p50 / Math.max(small.ours.p50, 1)
    const limitGrowth = largeLimit.p50 / Math.max(small.limit!.p50, 1)

    const markdown = [
      `One active service (60 minutes, open 08:00–20:00 daily, every third hour booked), ${listed} bookable times in 31 days. The limit is express + pg with the same SQL statement and listing arithmetic. ${ROUNDS} alternating rounds of ${ROUND_SECONDS} s per side: req/s and p50 the median of the rounds, a ratio the median of the rounds' ratios and (their range). Load average ${loadBefore.map((n) => n.toFixed(1)).join(' / ')} before, ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' / ')} after.`,
      '',
      markdownTable(tableRows(rows, ['ours p99', 'server RSS'])),
      '',
      markdownTable([
        {
          side: 'ours',
          bookings: `${SMALL_BOOKINGS.toLocaleString('en')} → ${grown.bookings.toLocaleString('en')}`,
          'p50 at 10 connections': `${small.ours.p50} ms → ${large.p50} ms`,
          growth: `${growth.toFixed(2)}×`,
          'req/s': `${small.ours.rps.toFixed(0)} → ${large.rps.toFixed(0)}`,
        },
        {
          side: 'limit',
          bookings: `${SMALL_BOOKINGS.toLocaleString('en')} → ${grown.bookings.toLocaleString('en')}`,
          'p50 at 10 connections': `${small.limit!.p50} ms → ${largeLimit.p50} ms`,
          growth: `${limitGrowth.toFixed(2)}×`,
          'req/s': `${small.limit!.rps.toFixed(0)} → ${largeLimit.rps.toFixed(0)}`,
        },
      ]),
      '',
      `At ${grown.bookings.toLocaleString('en')} bookings, ours ÷ the limit: ${formatSpread(grownRounds.ratio('ours', 'limit'))}.`,
      '',
      `With exceptions and buffers (every 7th date closed, every 5th closed 12:00–13:00, every 11th opened 18:00–22:00, 10-minute buffers), 10 connections, in the same rounds as the plain service and the limit: ${withExceptions.rps.toFixed(0)} req/s against ${exceptions.merged.plain!.rps.toFixed(0)} for the plain service (${formatSpread(exceptionsSpread.plain)}), ${formatSpread(exceptionsSpread.limit)} of the limit (${exceptions.merged.limit!.rps.toFixed(0)} req/s; target ≥ 0.7×).`,
      '',
      `A 62-day query costs the server ${cpuOurs.toFixed(2)} ms of CPU (the limit ${cpuLimit.toFixed(2)} ms), measured over ${SEQUENTIAL} sequential queries: 100 a minute from one IP (the global limit) cost ${((cpuOurs * 100) / 1000).toFixed(2)} s of CPU a minute, ${((cpuOurs * 100) / 600).toFixed(2)} % of one core.`,
    ].join('\n')
    return {
      rows,
      data: {
        listed,
        withExceptions,
        exceptionRuns: exceptions.runs,
        exceptionsSpread,
        cpuOurs,
        cpuLimit,
        small: small.ours,
        large,
        smallLimit: small.limit,
        largeLimit,
        grownTo: grown.bookings,
      },
      sections: [{ name: 'slots', markdown }],
    }
  } finally {
    await limit.stop()
  }
}
