// Webhooks: booking creation without subscribers, then with three webhooks
// subscribed to booking.created (each booking then writes three outbox rows in its
// transaction), at 10 connections, in alternating rounds (bench/rounds.ts); then the delivery rate of a
// backlog of 2,000 deliveries written at once, to a receiver on loopback (the bench process,
// answering 204); then the server's memory while 10,000 deliveries wait for a receiver that is
// down (a closed port on loopback: every attempt refused, retried every second, BENCH_ENV),
// its RSS sampled every second; and the load average around it (the machine is shared).
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'

import { freePort } from '../src/lib/embedded-database'
import { bookingRequests, quiet, setUp } from './bookings'
import { type BenchApp, log, printTable } from './harness'
import type { Row, ScenarioResult } from './report'
import { alternate, formatSpread, ROUND_SECONDS, ROUNDS } from './rounds'

const CONNECTIONS = 10
const WEBHOOKS = 3
const BACKLOG = 2_000
const DOWN_BACKLOG = 10_000
const DOWN_SECONDS = Number(process.env.BENCH_WEBHOOKS_DOWN_SECONDS ?? 60)

async function startReceiver(): Promise<{ url: string; received: () => number; close: () => Promise<void> }> {
  let received = 0
  const server = http.createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      received++
      response.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')

export async function webhooksBench(app: BenchApp): Promise<ScenarioResult> {
  const { pool, serviceId, tokens } = await setUp(app)
  const receiver = await startReceiver()
  const varying = bookingRequests(serviceId, tokens)
  const bookingUrl = `${app.url}/api/services/bookings`
  const hooks: string[] = []
  const subscribe = async () => {
    for (let i = 0; i < WEBHOOKS; i++) {
      const doc = await app.payload.create({
        collection: 'webhooks',
        data: {
          url: receiver.url,
          events: ['booking.created'],
          secret: `whsec_${Buffer.alloc(24, i).toString('base64')}`,
          active: true,
        } as never,
        overrideAccess: true,
      })
      hooks.push(String(doc.id))
    }
  }
  const unsubscribe = async () => {
    await pool.query(`UPDATE webhooks SET active = false`)
  }
  const loadBefore = load()
  try {
    await subscribe()
    // The same server and URL both sides: the switch is the webhooks' `active` flag.
    const sides = [
      { name: 'without', url: bookingUrl, prepare: unsubscribe },
      {
        name: 'with',
        url: bookingUrl,
        prepare: async () => void (await pool.query(`UPDATE webhooks SET active = true`)),
      },
    ]
    const rounds = await alternate(`booking creation without / with ${WEBHOOKS} webhooks`, sides, {
      connections: CONNECTIONS,
      varying,
      settle: () => quiet(pool),
    })
    // Let the bookings' own deliveries finish, then time a backlog of BACKLOG deliveries
    // written at once (as a burst of events would), drained by the server's worker.
    const pendingAt = async () =>
      (await pool.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'pending'`)).rows[0]
        .n as number
    const leftByBookings = await pendingAt()
    for (let waited = 0; (await pendingAt()) > 0 && waited < 60_000; waited += 250)
      await new Promise((resolve) => setTimeout(resolve, 250))
    const receivedBefore = receiver.received()
    await pool.query(
      `INSERT INTO webhook_deliveries (webhook_id, event, message_id, record_key, body, status, attempts, next_attempt_at, updated_at, created_at)
       SELECT $1, 'webhook.test', 'msg_bench_' || i, 'bench:' || i, '{"type":"webhook.test","timestamp":"2031-01-01T00:00:00.000Z","data":{}}'::jsonb, 'pending', 0, now(), now(), now()
       FROM generate_series(1, $2) AS i`,
      [hooks[0], BACKLOG],
    )
    const started = Date.now()
    let pending = BACKLOG
    while (pending > 0 && Date.now() - started < 120_000) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      pending = await pendingAt()
    }
    const seconds = (Date.now() - started) / 1000
    const delivered = receiver.received() - receivedBefore
    const startedWith = leftByBookings
    const down = await downReceiverMemory(app, pool)
    const loadAfter = load()
    const spread = rounds.ratio('with', 'without')
    const ratio = spread.median
    const { rows: statuses } = await pool.query(
      `SELECT status::text, count(*)::int AS n FROM webhook_deliveries GROUP BY status ORDER BY status`,
    )
    const summary = [
      {
        check: `booking creation req/s without webhooks (median of ${ROUNDS} alternating rounds of ${ROUND_SECONDS} s)`,
        value: rounds.merged.without!.rps.toFixed(0),
      },
      {
        check: `booking creation req/s with ${WEBHOOKS} webhooks (median of ${ROUNDS})`,
        value: rounds.merged.with!.rps.toFixed(0),
      },
      {
        check: "with ÷ without (target ≥ 0.90; the median of the rounds' ratios and their range)",
        value: formatSpread(spread),
      },
      { check: 'deliveries still waiting when the booking load stopped', value: String(startedWith) },
      {
        check: `a backlog of ${BACKLOG} deliveries to the loopback receiver`,
        value: `${delivered} in ${seconds.toFixed(1)} s = ${(delivered / seconds).toFixed(0)}/s (target ≥ 200/s)`,
      },
      { check: 'deliveries by status afterwards', value: statuses.map((row) => `${row.status} ${row.n}`).join(', ') },
      {
        check: `server RSS while ${DOWN_BACKLOG.toLocaleString('en')} deliveries wait for a receiver that is down (${DOWN_SECONDS} s, sampled every second)`,
        value: `${down.samples[0]!.toFixed(0)} MB at the start, at most ${Math.max(...down.samples).toFixed(0)} MB, ${down.samples.at(-1)!.toFixed(0)} MB at the end; second half within ${down.secondHalfSpread.toFixed(0)} MB, its mean ${down.secondHalfTrend >= 0 ? '+' : ''}${down.secondHalfTrend.toFixed(0)} MB against the first half's; ${down.attempts.toLocaleString('en')} attempts refused meanwhile`,
      },
      { check: 'load average (1, 5, 15 min) before / after', value: `${loadBefore} / ${loadAfter}` },
    ]
    printTable('Webhooks', summary)
    const rows: Row[] = [
      {
        scenario: `booking creation, ${WEBHOOKS} webhooks (limit: none)`,
        connections: CONNECTIONS,
        ours: rounds.merged.with!,
        limit: rounds.merged.without,
        ratios: { limit: spread },
        serverRssMb: await app.server.rssMb(),
      },
    ]
    const everyTen = down.samples
      .filter((_, second) => second % 10 === 0 || second === down.samples.length - 1)
      .map((mb) => mb.toFixed(0))
      .join(', ')
    const markdown = [
      ...summary.map((row) => `- ${row.check}: ${row.value}`),
      `- the RSS every 10 s (MB): ${everyTen}`,
    ].join('\n')
    return {
      rows,
      sections: [{ name: 'webhooks', markdown }],
      data: { ratio, delivered, seconds, loadBefore, loadAfter, down },
    }
  } finally {
    await receiver.close()
  }
}

/**
 * Memory flat while deliveries wait for a receiver that is down. A webhook to a
 * closed port on loopback, DOWN_BACKLOG deliveries due at once; for DOWN_SECONDS the worker
 * keeps trying them (refused at once, retried after a second: BENCH_ENV), the server's RSS
 * read every second. Afterwards they are marked failed, so nothing else waits on them.
 */
async function downReceiverMemory(app: BenchApp, pool: Awaited<ReturnType<typeof setUp>>['pool']) {
  const closedPort = await freePort()
  const hook = await app.payload.create({
    collection: 'webhooks',
    data: {
      url: `http://127.0.0.1:${closedPort}/down`,
      events: ['webhook.test'],
      secret: `whsec_${Buffer.alloc(24, 9).toString('base64')}`,
      active: true,
    } as never,
    overrideAccess: true,
  })
  log(`webhooks: ${DOWN_BACKLOG} deliveries to a receiver that is down, RSS sampled for ${DOWN_SECONDS} s`)
  await pool.query(
    `INSERT INTO webhook_deliveries (webhook_id, event, message_id, record_key, body, status, attempts, next_attempt_at, updated_at, created_at)
     SELECT $1, 'webhook.test', 'msg_down_' || i, 'down:' || i, '{"type":"webhook.test","timestamp":"2031-01-01T00:00:00.000Z","data":{}}'::jsonb, 'pending', 0, now(), now(), now()
     FROM generate_series(1, $2) AS i`,
    [hook.id, DOWN_BACKLOG],
  )
  const samples: number[] = []
  for (let second = 0; second <= DOWN_SECONDS; second++) {
    samples.push(await app.server.rssMb())
    if (second < DOWN_SECONDS) await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  const { rows } = await pool.query(
    `SELECT coalesce(sum(attempts), 0)::int AS attempts FROM webhook_deliveries WHERE webhook_id = $1`,
    [hook.id],
  )
  await pool.query(`UPDATE webhooks SET active = false WHERE id = $1`, [hook.id])
  await pool.query(
    `UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL WHERE webhook_id = $1 AND status = 'pending'`,
    [hook.id],
  )
  const half = Math.floor(samples.length / 2)
  const first = samples.slice(0, half)
  const second = samples.slice(half)
  const mean = (list: number[]) => list.reduce((total, value) => total + value, 0) / list.length
  return {
    samples,
    attempts: rows[0].attempts as number,
    secondHalfSpread: Math.max(...second) - Math.min(...second),
    secondHalfTrend: mean(second) - mean(first),
  }
}
