// Exact list totals from list_counts (src/lib/list-query.ts, migration
// 20261124_001500_list_counts): the triggers keep the per-status counts equal to the rows
// through every kind of write, and the unfiltered and status-filtered lists read their total
// there, while any other filter still counts rows.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { ADMIN_BOOKINGS, book, bookableService, customerActor, localDate } from '../helpers/bookings'
import { type Actor, adminActor, SERVICES } from '../helpers/catalogue'
import { INVARIANTS } from '../helpers/invariants'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

let app: TestApp
let admin: Actor

beforeAll(async () => {
  app = await startTestApp()
  admin = await adminActor(app)
})

afterAll(async () => {
  await app?.stop()
})

const COUNTS = INVARIANTS.find((invariant) => invariant.name.startsWith('list_counts'))!
const mismatches = async () => (await sql<{ row: string }>(app, COUNTS.query)).map((row) => row.row)
const rows = async (table: string, status?: string) =>
  Number(
    (
      await sql<{ n: number }>(
        app,
        `SELECT count(*)::int AS n FROM ${table}${status ? ' WHERE status = $1' : ''}`,
        status ? [status] : [],
      )
    )[0]!.n,
  )

describe('the counts follow every write', () => {
  it('through the API: bookings made and moved, services created and suspended', async () => {
    const date = localDate(30)
    const service = await bookableService(admin, date)
    const customer = await customerActor(app)
    const made = []
    for (const time of ['09:00', '10:00', '11:00'])
      made.push(
        (await book(customer, { serviceId: service.id, bookingDate: date.date, bookingTime: time })).body.booking.id,
      )
    expect((await admin.send(ADMIN_BOOKINGS, { id: made[0], action: 'confirm' }, 'PATCH')).status).toBe(200)
    expect((await admin.send(ADMIN_BOOKINGS, { id: made[1], action: 'cancel' }, 'PATCH')).status).toBe(200)
    expect((await admin.send(SERVICES, { action: 'update', id: service.id, status: 'suspended' })).status).toBe(200)
    expect(await mismatches()).toEqual([])
  })

  it('through raw SQL: a bulk insert, an update of many rows, a delete and a truncate', async () => {
    const [{ id: provider }] = await sql<{ id: string }>(app, `SELECT id FROM users LIMIT 1`)
    await sql(
      app,
      `INSERT INTO service_listings (slug, status, currency, provider_id, in_language)
                    SELECT 'counted-' || i, (ARRAY['draft','active'])[1 + i % 2]::enum_service_listings_status, 'EUR', $1, 'en' FROM generate_series(1, 50) i`,
      [provider],
    )
    expect(await mismatches()).toEqual([])
    await sql(app, `UPDATE service_listings SET status = 'archived' WHERE slug LIKE 'counted-%' AND status = 'draft'`)
    expect(await mismatches()).toEqual([])
    await sql(app, `DELETE FROM service_listings WHERE slug LIKE 'counted-%'`)
    expect(await mismatches()).toEqual([])
    // Inside a transaction that is rolled back: the counts roll back with the rows.
    const pool = (app.payload.db as unknown as { pool: import('pg').Pool }).pool
    const client = await pool.connect()
    try {
      await client.query('BEGIN')
      await client.query('TRUNCATE bookings CASCADE')
      expect((await client.query(`SELECT count(*)::int AS n FROM list_counts WHERE list = 'bookings'`)).rows[0].n).toBe(
        0,
      )
      await client.query('ROLLBACK')
    } finally {
      client.release()
    }
    expect(await mismatches()).toEqual([])
  })
})

describe('the lists read their total from the counts', () => {
  // A deliberate drift shows which total a list reads; the counts are put back afterwards.
  async function withDrift<T>(fn: () => Promise<T>): Promise<T> {
    await sql(
      app,
      `INSERT INTO list_counts (list, status, shard, n) VALUES ('bookings', 'pending', 99, 1000), ('service_listings', 'active', 99, 1000)`,
    )
    try {
      return await fn()
    } finally {
      await sql(app, `DELETE FROM list_counts WHERE shard = 99`)
    }
  }

  it('unfiltered and by status: from list_counts; by any other filter: counted', async () => {
    const date = localDate(31)
    const service = await bookableService(admin, date)
    await book(await customerActor(app), { serviceId: service.id, bookingDate: date.date, bookingTime: '09:00' })
    const exact = {
      bookings: await rows('bookings'),
      pending: await rows('bookings', 'pending'),
      services: await rows('service_listings'),
      active: await rows('service_listings', 'active'),
    }
    await withDrift(async () => {
      expect((await admin.get(ADMIN_BOOKINGS)).body.total).toBe(exact.bookings + 1000)
      expect((await admin.get(ADMIN_BOOKINGS, { status: 'pending' })).body.total).toBe(exact.pending + 1000)
      expect((await admin.get(ADMIN_BOOKINGS, { status: 'confirmed' })).body.total).toBe(
        await rows('bookings', 'confirmed'),
      )
      expect((await admin.get(ADMIN_BOOKINGS, { serviceId: service.id })).body.total).toBe(1)
      expect((await admin.get(SERVICES)).body.total).toBe(exact.services + 1000)
      expect((await admin.get(SERVICES, { status: 'active' })).body.total).toBe(exact.active + 1000)
      expect((await admin.get(SERVICES, { status: 'active', featured: 'false' })).body.total).toBeLessThanOrEqual(
        exact.active,
      )
    })
    expect((await admin.get(ADMIN_BOOKINGS)).body.total).toBe(exact.bookings)
    expect((await admin.get(SERVICES, { status: 'active' })).body.total).toBe(exact.active)
  })
})
