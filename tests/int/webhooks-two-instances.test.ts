// Webhook delivery with two server processes on one PostgreSQL (docs/api.md "Webhooks (/api/admin/webhooks)"):
// both run the delivery worker; every delivery is sent once, whichever instance wrote it,
// because a round claims its rows with FOR UPDATE SKIP LOCKED and a lease.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { webhookWorker } from '../../src/operations/webhooks/deliver'
import { type Actor, actor } from '../helpers/catalogue'
import { SERVER_UNDER_LOAD_ENV } from '../helpers/load'
import { type ServerProcess, startServerProcess } from '../helpers/processes'
import { viaServer } from '../helpers/server-app'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'
import { createAdmin } from '../helpers/users'
import { type Receiver, startReceiver, verified, WEBHOOK_TEST_ENV } from '../helpers/webhook-receiver'

const EVENTS = 60

let local: TestApp
let servers: ServerProcess[] = []
let receiver: Receiver
let admins: Actor[] = []

beforeAll(async () => {
  local = await startTestApp({ env: WEBHOOK_TEST_ENV })
  // Only the two server processes deliver.
  await webhookWorker.stop(local.payload)
  receiver = await startReceiver()
  const start = () =>
    startServerProcess({ ...SERVER_UNDER_LOAD_ENV, ...WEBHOOK_TEST_ENV, DATABASE_URL: local.databaseUrl })
  servers = [await start(), await start()]
  const user = await createAdmin(viaServer(local, servers[0]!.url))
  admins = servers.map((server) => actor(viaServer(local, server.url), user, user.headers))
}, 180_000)

afterAll(async () => {
  for (const server of servers) await server.stop(5_000)
  await receiver?.close()
  await local?.stop()
})

describe('two instances', () => {
  it('each delivery is sent once', async () => {
    const created = await admins[0]!.send('/api/admin/webhooks', {
      action: 'create',
      url: receiver.url,
      events: ['webhook.test'],
    })
    expect(created.status).toBe(201)
    const { webhook, secret } = created.body as { webhook: { id: string }; secret: string }
    // Events written through both instances, in parallel bursts.
    const replies = await Promise.all(
      Array.from({ length: EVENTS }, (_, i) =>
        admins[i % 2]!.send('/api/admin/webhooks', { action: 'test', id: webhook.id }),
      ),
    )
    expect(replies.map((reply) => reply.status)).toEqual(Array(EVENTS).fill(202))
    const received = await receiver.waitFor(() => true, EVENTS, 60_000)
    // A moment for a duplicate to show up, were there one.
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect(receiver.received).toHaveLength(EVENTS)
    expect(new Set(received.map((item) => item.headers['webhook-id'])).size).toBe(EVENTS)
    for (const item of received) verified(secret, item)
    const rows = await sql<{ status: string; attempts: string }>(
      local,
      'SELECT status, attempts FROM webhook_deliveries WHERE webhook_id = $1',
      [webhook.id],
    )
    expect(rows).toHaveLength(EVENTS)
    expect(rows.every((row) => row.status === 'succeeded' && Number(row.attempts) === 1)).toBe(true)
  })
})
