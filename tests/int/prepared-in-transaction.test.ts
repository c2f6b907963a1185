// The prepared INSERTs of audit entries and notifications run on the request's transaction connection
// (src/lib/prepared.ts `runIn`, which reaches into db-postgres's internals): this pins that they commit and
// roll back with the use case.
import { randomUUID } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { PayloadRequest } from 'payload'
import pg from 'pg'

import type { AuditAction } from '../../domain/audit-actions'
import { writeAudit } from '../../hooks/shared/audit'
import { type Connection, runOn, statement } from '../../src/lib/prepared'
import { execute, sql } from '../../src/lib/sql'
import { afterCommit, inOneStatement, inTransaction, isRetryableConflict } from '../../src/lib/transaction'
import { notify } from '../../src/operations/notifications/notify'
import { book, bookableService, customerActor, localDate } from '../helpers/bookings'
import { type Actor, adminActor, audits, count } from '../helpers/catalogue'
import { withEnv } from '../helpers/env'
import { statementsDuring } from '../helpers/statements'
import { startTestApp, type TestApp } from '../helpers/test-app'

let app: TestApp
let admin: Actor

beforeAll(async () => {
  app = await startTestApp()
  admin = await adminActor(app)
})

afterAll(async () => {
  await app.stop()
})

async function localReq(): Promise<PayloadRequest> {
  const { createLocalReq } = await import('payload')
  const req = await createLocalReq({ user: { ...admin.user, collection: 'users' } as never }, app.payload)
  // No socket behind a local request, so no client address (the HTTP path's ip is checked in bookings-public).
  req.headers = new Headers({ 'user-agent': 'writer-tests/1.0' })
  return req
}

// `test.write` is declared nowhere, so only this file's rows carry it (the test-app's audit check skips `test.*`).
const write = (req: PayloadRequest, targetId: string) =>
  Promise.all([
    writeAudit(req, {
      action: 'test.write' as AuditAction,
      targetType: 'tests',
      targetId,
      data: { list: [1, 2], nested: { at: new Date(0) } },
    }),
    notify(req, {
      userId: admin.user.id,
      type: 'booking',
      title: 'A title',
      body: 'A body',
      targetType: 'tests',
      targetId,
    }),
  ])

describe('the audit and notification writers', () => {
  it('roll back with the transaction they were written in', async () => {
    const targetId = randomUUID()
    const req = await localReq()
    await expect(
      inTransaction(req, async () => {
        await write(req, targetId)
        // Visible inside the transaction: the same connection.
        const { rows } = await (app.payload.db as any).sessions[
          String(await req.transactionID)
        ].db.session.client.query('SELECT count(*)::int AS n FROM audit_logs WHERE target_id = $1', [targetId])
        expect(rows[0].n).toBe(1)
        throw new Error('use case failed')
      }),
    ).rejects.toThrow('use case failed')
    expect(await count(app, 'audit_logs', 'target_id = $1', [targetId])).toBe(0)
    expect(await count(app, 'notifications', 'target_id = $1', [targetId])).toBe(0)
  })

  it('commit with it, every field stored', async () => {
    const targetId = randomUUID()
    const req = await localReq()
    await inTransaction(req, () => write(req, targetId))
    const [entry] = await audits(app, 'test.write', targetId)
    expect(entry).toEqual({
      action: 'test.write',
      user_id: admin.user.id,
      target_type: 'tests',
      target_id: targetId,
      ip: null,
      user_agent: 'writer-tests/1.0',
      data: { list: [1, 2], nested: { at: '1970-01-01T00:00:00.000Z' } },
    })
    const notices = await (
      await import('../helpers/test-app')
    ).sql(
      app,
      'SELECT user_id_id, type, title, body, target_type, read_at, created_at FROM notifications WHERE target_id = $1',
      [targetId],
    )
    expect(notices).toEqual([
      {
        user_id_id: admin.user.id,
        type: 'booking',
        title: 'A title',
        body: 'A body',
        target_type: 'tests',
        read_at: null,
        created_at: expect.any(Date),
      },
    ])
  })

  it('write on their own outside a transaction, and an anonymous entry has no user', async () => {
    const targetId = randomUUID()
    const req = await localReq()
    await writeAudit(req, { action: 'test.write' as AuditAction, targetId, userId: null })
    const [entry] = await audits(app, 'test.write', targetId)
    expect(entry).toMatchObject({ user_id: null, target_type: null, data: {} })
  })
})

describe('a transaction the adapter no longer has', () => {
  it('fails both raw SQL paths instead of writing outside it (it would survive the rollback)', async () => {
    const targetId = randomUUID()
    const req = await localReq()
    req.transactionID = 'lost-transaction'
    await expect(writeAudit(req, { action: 'test.write' as AuditAction, targetId })).rejects.toThrow(/transaction/)
    await expect(execute(req, sql`SELECT 1`)).rejects.toThrow(/transaction/)
    expect(await audits(app, 'test.write', targetId)).toHaveLength(0)
  })
})

describe('a public booking', () => {
  it('makes 3 statements: session, service with slots and whether its provider blocks the customer, and one write (the PL/pgSQL function: insert judged by the booking rule, audit, notification, mail job, webhook outbox) (and now and then the limit)', async () => {
    const day = localDate(20)
    const service = await bookableService(admin, day)
    const customer = await customerActor(app)
    const { result: reply, statements } = await statementsDuring(() =>
      book(customer, { serviceId: service.id, bookingDate: day.date, bookingTime: '10:00' }),
    )
    expect(reply.status).toBe(201)
    // The request's own statements end with its write; the mail runner it wakes works after.
    const write = statements.findIndex((text) => /community_create_booking\(/.test(text))
    expect(write).toBeGreaterThan(0)
    const request = statements.slice(0, write + 1)
    // The global limit's counter is leased a few units at a time (rate-limit-lease.ts): a
    // request takes its unit from memory or, once in a while, reserves more.
    const limit = request.filter((text) => /^\s*INSERT INTO rate_limits/.test(text))
    expect(limit.length).toBeLessThanOrEqual(1)
    // The block is read by the service read itself (service-terms.ts), no statement of its own.
    expect(request.filter((text) => /FROM member_blocks/.test(text))).toHaveLength(1)
    expect(request.filter((text) => /FROM member_blocks/.test(text) && !/FROM service_listings s/.test(text))).toEqual(
      [],
    )
    expect(request.length - limit.length).toBe(3)
    // One statement is atomic on its own: no BEGIN and COMMIT round trips (docs/decisions.md "The
    // public booking is one statement").
    expect(request.filter((text) => /^(begin|commit)$/i.test(text.trim()))).toHaveLength(0)
    // The row is written once, by the function, and never read back (insert-booking.ts).
    expect(statements.filter((text) => /INSERT INTO bookings|FROM "?bookings"? /i.test(text))).toHaveLength(0)
    // What the function wrote: the row, its audit entry and notification (the mail: bookings-public).
    const [row] = await (
      await import('../helpers/test-app')
    ).sql<{ id: string }>(app, 'SELECT id FROM bookings WHERE service_id = $1', [service.id])
    const id = (reply.body as { booking: { id: string } }).booking.id
    expect(row?.id).toBe(id)
    expect(await count(app, 'audit_logs', `action = 'booking.create' AND target_id = $1`, [id])).toBe(1)
    expect(await count(app, 'notifications', 'target_id = $1', [id])).toBe(1)
  })
})

describe("a session of its own (the mail runner's lock connection on DATABASE_DIRECT_URL)", () => {
  it('keeps its statements named with DATABASE_PREPARED_STATEMENTS=false; a pooled connection sends them unnamed', async () => {
    const client = new pg.Client({ connectionString: app.databaseUrl })
    await client.connect()
    try {
      const probe = statement(`session-probe-${randomUUID()}`, 'SELECT $1::int + 1 AS n')
      const prepared = async () =>
        (await client.query<{ name: string }>('SELECT name FROM pg_prepared_statements WHERE name = $1', [probe.name]))
          .rows.length
      await withEnv({ DATABASE_PREPARED_STATEMENTS: 'false' }, async () => {
        const pooled: Connection = { query: (config) => client.query(config) }
        expect((await runOn<{ n: number }>(pooled, probe, [1])).rows[0]!.n).toBe(2)
        expect(await prepared()).toBe(0)
        const own: Connection = { query: (config) => client.query(config), keepsPreparedStatements: true }
        expect((await runOn<{ n: number }>(own, probe, [2])).rows[0]!.n).toBe(3)
        expect(await prepared()).toBe(1)
      })
    } finally {
      await client.end()
    }
  })
})

describe("a use case written in one statement (inOneStatement, the public booking's write)", () => {
  it('runs again when PostgreSQL aborts its statement as a deadlock (40P01); its after-commit callbacks run once, after the commit', async () => {
    await (
      await import('../helpers/test-app')
    ).sql(app, `CREATE TABLE one_statement_retry (id text PRIMARY KEY, n int NOT NULL)`)
    await (await import('../helpers/test-app')).sql(app, `INSERT INTO one_statement_retry VALUES ('a', 0), ('b', 0)`)
    // One statement that locks its first row, waits, then asks for the other's: two of them
    // in opposite order make a lock cycle, which PostgreSQL breaks by aborting one.
    await (
      await import('../helpers/test-app')
    ).sql(
      app,
      `CREATE FUNCTION one_statement_both(first_id text, second_id text) RETURNS void LANGUAGE plpgsql AS $$
       BEGIN
         UPDATE one_statement_retry SET n = n + 1 WHERE id = first_id;
         PERFORM pg_sleep(0.3);
         UPDATE one_statement_retry SET n = n + 1 WHERE id = second_id;
       END $$`,
    )
    const attempts: Record<string, number> = { a: 0, b: 0 }
    const failures: unknown[] = []
    const woken: string[] = []
    const useCase = async (first: string, second: string) => {
      const req = await localReq()
      return inOneStatement(req, async () => {
        attempts[first]!++
        afterCommit(req, () => woken.push(first))
        try {
          await execute(req, sql`SELECT one_statement_both(${first}, ${second})`)
        } catch (error) {
          failures.push(error)
          throw error
        }
        return first
      })
    }
    expect(await Promise.all([useCase('a', 'b'), useCase('b', 'a')])).toEqual(['a', 'b'])
    expect(failures).toHaveLength(1)
    expect(isRetryableConflict(failures[0])).toBe(true)
    expect(attempts.a! + attempts.b!).toBe(3)
    // The aborted attempt's callback was dropped: each use case woke its workers once.
    expect(woken.sort()).toEqual(['a', 'b'])
    const rows = await (
      await import('../helpers/test-app')
    ).sql<{ id: string; n: number }>(app, `SELECT id, n FROM one_statement_retry ORDER BY id`)
    expect(rows.map((row) => [row.id, row.n])).toEqual([
      ['a', 2],
      ['b', 2],
    ])
  }, 60_000)
})
