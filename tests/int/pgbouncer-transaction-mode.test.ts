// Behind a real PgBouncer in transaction mode (Debian's 1.18, installed by .ci/run like
// chromium): with DATABASE_PREPARED_STATEMENTS=false (docs/decisions.md "Prepared statements
// can be turned off") a booking (a transaction with its audit entry) and hot reads work,
// again and again, while PgBouncer hands each transaction whichever of its two server
// connections is free (scripts/cluster/pgbouncer.ts, as `npm run cluster` starts it).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { type PgBouncer, startPgBouncer } from '../../scripts/cluster/pgbouncer'
import { book, bookableService, customerActor, localDate } from '../helpers/bookings'
import { type Actor, adminActor } from '../helpers/catalogue'
import { setEnv } from '../helpers/env'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { createTestDatabase } from '../helpers/test-database'

let bouncer: PgBouncer | undefined
let database: { url: string; drop: () => Promise<void> }
let app: TestApp
let admin: Actor
let customer: Actor

beforeAll(async () => {
  database = await createTestDatabase()
  // Two server connections for a pool of up to ten clients: transactions keep changing connection.
  bouncer = await startPgBouncer({ target: database.url, poolSize: 2 })
  const viaBouncer = bouncer.via(database.url)
  app = await startTestApp({ databaseUrl: viaBouncer, env: { DATABASE_PREPARED_STATEMENTS: 'false' } })
  admin = await adminActor(app)
  customer = await customerActor(app)
}, 120_000)

afterAll(async () => {
  setEnv({ DATABASE_PREPARED_STATEMENTS: undefined })
  await app?.stop({ drop: false })
  await bouncer?.stop()
  await database?.drop()
})

describe('behind PgBouncer in transaction mode, prepared statements off', () => {
  it('bookings and hot reads work, request after request', async () => {
    expect(app.databaseUrl).not.toBe(database.url)
    const day = localDate(4)
    const service = await bookableService(admin, day)
    for (const hour of ['09:00', '10:00', '11:00', '12:00']) {
      const booking = await book(customer, { serviceId: service.id, bookingDate: day.date, bookingTime: hour })
      expect(booking.status).toBe(201)
      for (let i = 0; i < 3; i++) {
        const threads = await app.request('/api/forum-threads?limit=20')
        expect(threads.status).toBe(200)
        const session = await app.request('/api/auth/get-session', { headers: customer.headers })
        expect(session.status).toBe(200)
        expect((await session.json()).user.email).toBe(customer.user.email)
      }
    }
    // The same slot twice: the overlap rule still holds through the pooler.
    const again = await book(customer, { serviceId: service.id, bookingDate: day.date, bookingTime: '09:00' })
    expect(again.status).toBe(409)
  })
})
