// A deadlock or a serialization failure inside a use case is not a server
// error. Many simultaneous bookings of one slot, round after round while other services are
// booked beside them: never a 5xx, exactly one 201 each round (the others 409
// booking_conflict). And the retry itself, shown on a real PostgreSQL deadlock: two use-case
// transactions locking two rows in opposite order, one of which PostgreSQL aborts (40P01)
// and `inTransaction` runs again.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createLocalReq } from 'payload'

import { execute, sql as query } from '../../src/lib/sql'
import { inTransaction, isRetryableConflict, TRANSACTION_ATTEMPTS } from '../../src/lib/transaction'
import { book, bookableService, localDate } from '../helpers/bookings'
import { type Actor, adminActor, count, type Reply } from '../helpers/catalogue'
import { captureLogs } from '../helpers/logs'
import { bulkCitizens } from '../helpers/reports'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

let app: TestApp
let admin: Actor
let customers: Actor[]
let others: Actor[]
const CLIENTS = 50
const ROUNDS = 20

beforeAll(async () => {
  app = await startTestApp()
  admin = await adminActor(app)
  customers = await bulkCitizens(app, CLIENTS)
  others = await bulkCitizens(app, 8)
}, 120_000)

afterAll(async () => {
  await app.stop()
})

const tally = (replies: Reply[]) =>
  replies.reduce<Record<string, number>>((acc, reply) => ({ ...acc, [reply.status]: (acc[reply.status] ?? 0) + 1 }), {})
const pad = (n: number) => String(n).padStart(2, '0')

describe('the booking race, round after round', () => {
  it(`${CLIENTS} simultaneous bookings of one slot, ${ROUNDS} times, beside bookings of other services: never a 5xx, one 201 each time`, async () => {
    const date = localDate(40)
    // The bookings beside the race: other services, random times, each of them sent with every round's race, so
    // their count is the rounds' and not the machine's speed (a loop "all the while" booked more the slower it ran).
    const elsewhere = await Promise.all(
      [0, 1, 2].map(() => bookableService(admin, date, {}, { startTime: '08:00', endTime: '20:00' })),
    )
    const besideStatuses: number[] = []
    const bookBeside = () =>
      Promise.all(
        others.map(async (customer, i) => {
          const reply = await book(customer, {
            serviceId: elsewhere[i % elsewhere.length]!.id,
            bookingDate: date.date,
            bookingTime: `${pad(8 + Math.floor(Math.random() * 11))}:${Math.random() < 0.5 ? '00' : '30'}`,
          })
          besideStatuses.push(reply.status)
        }),
      )

    const logged = captureLogs(app.payload)
    const rounds: Array<Record<string, number>> = []
    const fiveXX: unknown[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const service = await bookableService(admin, date)
      const [replies] = await Promise.all([
        Promise.all(
          customers.map((customer) =>
            book(customer, { serviceId: service.id, bookingDate: date.date, bookingTime: '14:00' }),
          ),
        ),
        bookBeside(),
      ])
      rounds.push(tally(replies))
      fiveXX.push(...replies.filter((reply) => reply.status >= 500).map((reply) => reply.body))
      expect(
        replies.filter((reply) => reply.status === 409).every((reply) => reply.body.error === 'booking_conflict'),
      ).toBe(true)
      expect(await count(app, 'bookings', 'service_id = $1', [service.id])).toBe(1)
    }
    expect(fiveXX).toEqual([])
    // The cause is gone, not only its symptom: bookings of one service queue on the service
    // row, so their inserts never wait for each other (no deadlock for the retry to undo).
    expect(logged.filter((line) => line.includes('running the use case again'))).toEqual([])
    expect(rounds).toEqual(Array(ROUNDS).fill({ 201: 1, 409: CLIENTS - 1 }))
    expect(besideStatuses).toHaveLength(ROUNDS * others.length)
    expect(besideStatuses.filter((status) => status !== 201 && status !== 409)).toEqual([])
  }, 600_000)
})

describe('the retry of a use-case transaction', () => {
  it('runs a transaction PostgreSQL aborted as a deadlock (40P01) again, and both use cases commit', async () => {
    await sql(app, `CREATE TABLE retry_test (id text PRIMARY KEY, n int NOT NULL)`)
    await sql(app, `INSERT INTO retry_test VALUES ('a', 0), ('b', 0)`)
    // Each use case locks its first row, waits until the other holds its first too, then
    // asks for the other's: a lock cycle, which PostgreSQL breaks by aborting one of them.
    let bothHoldFirst!: () => void
    const barrier = new Promise<void>((resolve) => (bothHoldFirst = resolve))
    let holding = 0
    const attempts: Record<string, number> = { a: 0, b: 0 }
    const failures: unknown[] = []
    const runs: Record<string, Promise<string>> = {}
    const useCase = async (first: string, second: string) => {
      const req = await createLocalReq({}, app.payload)
      return inTransaction(req, async () => {
        attempts[first]!++
        // The aborted one runs again once the other has committed. PostgreSQL does not hand a
        // released row to the transaction that waited for it: on a loaded machine the retry
        // could lock the row first and meet the other in a second cycle (two
        // deadlocks), which the retry also survives, but then this test counts another attempt.
        if (attempts[first]! > 1) await runs[second]
        await execute(req, query`UPDATE retry_test SET n = n + 1 WHERE id = ${first}`)
        if (attempts[first] === 1) {
          if (++holding === 2) bothHoldFirst()
          await barrier
        }
        try {
          await execute(req, query`UPDATE retry_test SET n = n + 1 WHERE id = ${second}`)
        } catch (error) {
          failures.push(error)
          throw error
        }
        return first
      })
    }
    runs.a = useCase('a', 'b')
    runs.b = useCase('b', 'a')
    const results = await Promise.all([runs.a, runs.b])

    expect(results).toEqual(['a', 'b'])
    // PostgreSQL aborted one of the two (40P01); that one ran again and committed.
    expect(failures).toHaveLength(1)
    expect(isRetryableConflict(failures[0])).toBe(true)
    expect(attempts.a! + attempts.b!).toBe(3)
    // Both committed, the retried one once: each row counted twice, never three times.
    const rows = await sql<{ id: string; n: number }>(app, `SELECT id, n FROM retry_test ORDER BY id`)
    expect(rows.map((row) => [row.id, row.n])).toEqual([
      ['a', 2],
      ['b', 2],
    ])
  }, 60_000)

  it('gives up after its bounded number of attempts: the conflict then reaches the caller', async () => {
    const req = await createLocalReq({}, app.payload)
    let attempts = 0
    const serializationFailure = Object.assign(new Error('could not serialize access due to concurrent update'), {
      code: '40001',
    })
    await expect(
      inTransaction(req, async () => {
        attempts++
        throw new Error('wrapped', { cause: serializationFailure })
      }),
    ).rejects.toThrow('wrapped')
    expect(attempts).toBe(TRANSACTION_ATTEMPTS)
    expect(req.transactionID).toBeUndefined()
  })

  it('does not run again what failed for any other reason', async () => {
    const req = await createLocalReq({}, app.payload)
    let attempts = 0
    await expect(
      inTransaction(req, async () => {
        attempts++
        throw Object.assign(new Error('duplicate key'), { code: '23505' })
      }),
    ).rejects.toThrow('duplicate key')
    expect(attempts).toBe(1)
  })
})
