// DATABASE_PREPARED_STATEMENTS=false leaves no statement of ours in pg_prepared_statements (docs/decisions.md
// "With prepared statements off, hot reads call PL/pgSQL functions"); the functions are the statements' own text.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { FIND_SESSION } from '../../src/lib/auth/sessions'
import { SERVICE_TERMS_AND_SLOTS } from '../../src/operations/bookings/service-terms'
import { book, bookableService, customerActor, localDate } from '../helpers/bookings'
import { type Actor, adminActor } from '../helpers/catalogue'
import { setEnv } from '../helpers/env'
import { startTestApp, type TestApp } from '../helpers/test-app'

interface PgClient {
  query: (text: string) => Promise<{ rows: Array<{ name: string }> }>
}

type QueryConfig = { name?: string; text: string; values?: unknown[] }
interface Pool {
  query: (
    config: QueryConfig | string,
    values?: unknown[],
  ) => Promise<{ rows: Array<Record<string, unknown>>; fields: Array<{ name: string }> }>
}

const pool = () => (app.payload.db as unknown as { pool: Pool }).pool

/** The texts the pool is sent while `work` runs (observed, then passed on unchanged). */
async function textsSentDuring(work: () => Promise<void>): Promise<Array<{ name?: string; text: string }>> {
  const target = pool()
  const original = target.query
  const sent: Array<{ name?: string; text: string }> = []
  target.query = function (this: Pool, config: QueryConfig | string, values?: unknown[]) {
    if (typeof config === 'object') sent.push({ name: config.name, text: config.text })
    return original.call(this, config, values)
  }
  try {
    await work()
  } finally {
    target.query = original
  }
  return sent
}

let app: TestApp
let admin: Actor
let customer: Actor

/** Our named statements on every connection of Payload's pool (busy ones too: none is in use between requests). */
async function ourPreparedStatements(): Promise<string[]> {
  const clients = (app.payload.db as unknown as { pool: { _clients: PgClient[] } }).pool._clients
  expect(clients.length).toBeGreaterThan(0)
  const names: string[] = []
  for (const client of clients) {
    const { rows } = await client.query(`SELECT name FROM pg_prepared_statements WHERE name LIKE 'community.%'`)
    names.push(...rows.map((row) => row.name))
  }
  return names
}

async function bookAndRead(hour: string) {
  const day = localDate(3)
  const service = await bookableService(admin, day)
  const booking = await book(customer, { serviceId: service.id, bookingDate: day.date, bookingTime: hour })
  expect(booking.status).toBe(201)
  const threads = await app.request('/api/forum-threads?limit=20')
  expect(threads.status).toBe(200)
  expect((await threads.json()).docs).toEqual(expect.any(Array))
}

beforeAll(async () => {
  // Every bearer request reads its session here (no bearer cache), so that the session read is sent each time.
  app = await startTestApp({ env: { DATABASE_PREPARED_STATEMENTS: 'false', BEARER_CACHE_SECONDS: '0' } })
  admin = await adminActor(app)
  customer = await customerActor(app)
}, 120_000)

afterAll(async () => {
  setEnv({ DATABASE_PREPARED_STATEMENTS: undefined, BEARER_CACHE_SECONDS: undefined })
  await app?.stop()
})

describe('DATABASE_PREPARED_STATEMENTS', () => {
  it('false: a booking and a hot read work and leave no named statement of ours on any connection', async () => {
    await bookAndRead('10:00')
    expect(await ourPreparedStatements()).toEqual([])
  })

  it('true (the default): the same requests leave named statements on the connections', async () => {
    setEnv({ DATABASE_PREPARED_STATEMENTS: 'true' })
    await bookAndRead('11:00')
    expect(await ourPreparedStatements()).toEqual(expect.arrayContaining([expect.stringMatching(/^community\./)]))
  })

  it('false: the session read and the service read are sent as calls of their functions, never as the queries', async () => {
    setEnv({ DATABASE_PREPARED_STATEMENTS: 'false' })
    const sent = await textsSentDuring(() => bookAndRead('12:00'))
    expect(sent.filter((s) => s.name !== undefined)).toEqual([])
    const texts = sent.map((s) => s.text)
    expect(texts).toContain(FIND_SESSION.pooled)
    expect(texts).toContain(SERVICE_TERMS_AND_SLOTS.pooled)
    expect(texts).not.toContain(FIND_SESSION.text)
    expect(texts).not.toContain(SERVICE_TERMS_AND_SLOTS.text)
  })

  it('true: the same reads are sent as the named queries themselves', async () => {
    setEnv({ DATABASE_PREPARED_STATEMENTS: 'true' })
    const sent = await textsSentDuring(() => bookAndRead('13:00'))
    expect(sent).toEqual(
      expect.arrayContaining([
        { name: FIND_SESSION.name, text: FIND_SESSION.text },
        { name: SERVICE_TERMS_AND_SLOTS.name, text: SERVICE_TERMS_AND_SLOTS.text },
      ]),
    )
    expect(sent.map((s) => s.text)).not.toContain(FIND_SESSION.pooled)
  })
})
