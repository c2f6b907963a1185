// The webhook payloads (domain/webhooks.ts WEBHOOK_PAYLOADS): one schema per event, the one
// docs/api.md "Events" describes; the outbox takes only declared events with their data (the
// type errors below are part of the type check), and the check every test app runs when it
// stops (tests/helpers/test-app.ts) finds a queued body its schema refuses.
import { readFileSync } from 'node:fs'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { PayloadRequest } from 'payload'
import type { z } from 'zod'

import { WEBHOOK_EVENTS, WEBHOOK_PAYLOADS, webhookBodyProblem } from '../../domain/webhooks'
import { emitEvent } from '../../hooks/shared/webhookEvents'
import { roleActor } from '../helpers/blog'
import type { Actor } from '../helpers/catalogue'
import { outboxProblems, sql, startTestApp, type TestApp } from '../helpers/test-app'
import { type Receiver, startReceiver, WEBHOOK_TEST_ENV } from '../helpers/webhook-receiver'

// Never called: tsc checks these lines, and fails on an @ts-expect-error that is not one.
export async function outboxTypes(req: PayloadRequest) {
  const record = { type: 'webhooks', id: 'w' }
  await emitEvent(req, 'appeal.decided', record, { id: 'a', status: 'upheld' })
  // @ts-expect-error an undeclared event
  await emitEvent(req, 'booking.moved', record, {})
  // @ts-expect-error data missing the event's fields
  await emitEvent(req, 'report.created', record, { id: 'r' })
}

/** The rows of docs/api.md "Events": the events (`.cancelled` continues the row's first) and the `data` cell. */
function documentedEvents(): Array<{ events: string[]; data: string }> {
  const manual = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8')
  const section = manual.slice(manual.indexOf('### Events'), manual.indexOf('### A delivery'))
  return section
    .split('\n')
    .filter((line) => /^\| `/.test(line))
    .map((line) => {
      const [names, , data] = line
        .split(/(?<!\\)\|/)
        .slice(1, 4)
        .map((cell) => cell.trim())
      const listed = [...names!.matchAll(/`([a-z_.]+)`/g)].map((match) => match[1]!)
      const first = listed[0]!
      const family = first.slice(0, first.indexOf('.'))
      return { events: listed.map((name) => (name.startsWith('.') ? family + name : name)), data: data! }
    })
}

/** The fields a `data` cell lists, `{a, b: x|y}` or (`a, b`), else undefined ("the same", "the item"…). */
function listedFields(cell: string): string[] | undefined {
  const list = /^\{([^}]*)\}/.exec(cell.replace(/`/g, ''))?.[1] ?? /\(`([^`]*)`/.exec(cell)?.[1]
  return list?.split(',').map((field) => field.split(':')[0]!.trim())
}

const requiredKeys = (schema: z.ZodType) =>
  Object.entries((schema as z.ZodObject).shape)
    .filter(([, field]) => !(field as z.ZodType).safeParse(undefined).success)
    .map(([key]) => key)

describe('the payload schemas', () => {
  it('cover the declared events, each documented', () => {
    expect(Object.keys(WEBHOOK_PAYLOADS).sort()).toEqual([...WEBHOOK_EVENTS].sort())
    expect(
      documentedEvents()
        .flatMap((row) => row.events)
        .sort(),
    ).toEqual([...WEBHOOK_EVENTS].sort())
  })

  it('require exactly the fields docs/api.md lists for an event', () => {
    const rows = documentedEvents().filter((row) => listedFields(row.data))
    expect(rows.length).toBeGreaterThanOrEqual(7)
    for (const row of rows) {
      const fields = listedFields(row.data)!
      for (const event of row.events) {
        const required = requiredKeys(WEBHOOK_PAYLOADS[event as keyof typeof WEBHOOK_PAYLOADS]).sort()
        expect([event, required]).toEqual([event, [...fields].sort()])
      }
    }
  })

  it('refuse a body of an undeclared event, a missing timestamp or data that does not fit', () => {
    const at = new Date().toISOString()
    const decided = { id: 'a', status: 'upheld' }
    expect(webhookBodyProblem({ type: 'appeal.decided', timestamp: at, data: decided })).toBeNull()
    expect(webhookBodyProblem({ type: 'appeal.moved', timestamp: at, data: {} })).toBe('undeclared event appeal.moved')
    expect(webhookBodyProblem({ type: 'appeal.decided', data: decided })).toMatch(/^appeal.decided: timestamp/)
    const statusless = { type: 'appeal.decided', timestamp: at, data: { id: 'a' } }
    expect(webhookBodyProblem(statusless)).toMatch(/^appeal.decided: status/)
  })
})

describe('the bodies queued', () => {
  let app: TestApp
  let admin: Actor
  let receiver: Receiver

  beforeAll(async () => {
    app = await startTestApp({ env: WEBHOOK_TEST_ENV })
    admin = await roleActor(app, 'admin')
    receiver = await startReceiver()
  })
  afterAll(async () => {
    await receiver?.close()
    await app?.stop()
  })

  it('pass their schema, and the check finds one that does not', async () => {
    const created = await admin.send('/api/admin/webhooks', { action: 'create', url: receiver.url, events: ['*'] })
    expect(created.status).toBe(201)
    const tested = await admin.send('/api/admin/webhooks', { action: 'test', id: created.body.webhook.id })
    expect(tested.status).toBe(202)
    expect(await outboxProblems(app.payload)).toEqual([])

    const { deliveryId } = tested.body as { deliveryId: string }
    const spoil = `UPDATE webhook_deliveries SET body = jsonb_set(body, '{data,webhook}', '{}') WHERE id = $1`
    await sql(app, spoil, [deliveryId])
    const problems = await outboxProblems(app.payload)
    await sql(app, 'DELETE FROM webhook_deliveries WHERE id = $1', [deliveryId])
    expect(problems).toEqual([expect.stringMatching(/^webhook.test: webhook.id /)])
  })
})
