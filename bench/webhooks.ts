// Webhooks (issue 34): booking creation without subscribers, then with three webhooks
// subscribed to booking.created (each booking then writes three outbox rows in its
// transaction), at 10 connections, alternated twice in one run; then the delivery rate of the
// backlog those bookings left to a receiver on loopback (the bench process, answering 204),
// and the load average around it (the machine is shared).
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'

import { measure, type Measurement, type Varying } from './autocannon'
import { nthTime, setUp } from './bookings'
import { log, printTable, type BenchApp } from './harness'
import { SECONDS } from './reads'
import type { Row, ScenarioResult } from './report'

const CONNECTIONS = 10
const WEBHOOKS = 3

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

const load = () => os.loadavg().map((value) => value.toFixed(2)).join(' ')

export async function webhooksBench(app: BenchApp): Promise<ScenarioResult> {
  const { pool, serviceId, tokens } = await setUp(app)
  const receiver = await startReceiver()
  let next = 0
  const varying: Varying = {
    method: 'POST',
    next: () => {
      const i = next++
      return { body: JSON.stringify({ serviceId, ...nthTime(i) }), headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i % tokens.length]}` } }
    },
  }
  const bookingUrl = `${app.url}/api/services/bookings`
  const hooks: string[] = []
  const subscribe = async () => {
    for (let i = 0; i < WEBHOOKS; i++) {
      const doc = await app.payload.create({ collection: 'webhooks', data: { url: receiver.url, events: ['booking.created'], secret: `whsec_${Buffer.alloc(24, i).toString('base64')}`, active: true } as never, overrideAccess: true })
      hooks.push(String(doc.id))
    }
  }
  const unsubscribe = async () => {
    await pool.query(`UPDATE webhooks SET active = false`)
  }
  const without: Measurement[] = []
  const withHooks: Measurement[] = []
  const loadBefore = load()
  try {
    await subscribe()
    for (let round = 0; round < 2; round++) {
      await unsubscribe()
      log(`booking creation without webhooks, ${CONNECTIONS} connections, ${SECONDS} s (round ${round + 1})`)
      without.push(await measure(bookingUrl, { connections: CONNECTIONS, seconds: SECONDS, varying }))
      await pool.query(`UPDATE webhooks SET active = true`)
      log(`booking creation with ${WEBHOOKS} webhooks, ${CONNECTIONS} connections, ${SECONDS} s (round ${round + 1})`)
      withHooks.push(await measure(bookingUrl, { connections: CONNECTIONS, seconds: SECONDS, varying }))
    }
    // The backlog the bookings left: delivered at what rate?
    const pendingAt = async () => (await pool.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'pending'`)).rows[0].n as number
    const startedWith = await pendingAt()
    const receivedBefore = receiver.received()
    const started = Date.now()
    let pending = startedWith
    while (pending > 0 && Date.now() - started < 120_000) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      pending = await pendingAt()
    }
    const seconds = (Date.now() - started) / 1000
    const delivered = receiver.received() - receivedBefore
    const loadAfter = load()
    const sum = (list: Measurement[]) => list.reduce((total, m) => total + m.rps, 0) / list.length
    const ratio = sum(withHooks) / sum(without)
    const { rows: statuses } = await pool.query(`SELECT status::text, count(*)::int AS n FROM webhook_deliveries GROUP BY status ORDER BY status`)
    const summary = [
      { check: 'booking creation req/s without webhooks (mean of 2)', value: sum(without).toFixed(0) },
      { check: `booking creation req/s with ${WEBHOOKS} webhooks (mean of 2)`, value: sum(withHooks).toFixed(0) },
      { check: 'with ÷ without (target ≥ 0.90)', value: `${ratio.toFixed(2)}×` },
      { check: 'deliveries waiting when the load stopped', value: String(startedWith) },
      { check: 'delivered to the loopback receiver', value: `${delivered} in ${seconds.toFixed(1)} s = ${(delivered / seconds).toFixed(0)}/s (target ≥ 200/s)` },
      { check: 'deliveries by status afterwards', value: statuses.map((row) => `${row.status} ${row.n}`).join(', ') },
      { check: 'load average (1, 5, 15 min) before / after', value: `${loadBefore} / ${loadAfter}` },
    ]
    printTable('Webhooks', summary)
    const rows: Row[] = [
      ...without.map((ours) => ({ scenario: 'booking creation, no webhook', connections: CONNECTIONS, ours, serverRssMb: 0 })),
      ...withHooks.map((ours) => ({ scenario: `booking creation, ${WEBHOOKS} webhooks`, connections: CONNECTIONS, ours, serverRssMb: 0 })),
    ]
    for (const row of rows) row.serverRssMb = await app.server.rssMb()
    return { rows, sections: [{ name: 'webhooks', markdown: summary.map((row) => `- ${row.check}: ${row.value}`).join('\n') }], data: { ratio, delivered, seconds, loadBefore, loadAfter } }
  } finally {
    await receiver.close()
  }
}
