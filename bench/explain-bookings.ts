// `npx tsx bench/explain-bookings.ts [bookings]`: EXPLAIN ANALYZE of the booking conflict
// check and the admin booking list at scale (default 1,000,000 bookings over 100,000
// services and 100,000 customers, the catalogue's scale), in a throw-away embedded
// PostgreSQL. Prints the plans for docs/performance.md (the growth run, `npm run bench -- growth`,
// EXPLAINs the unfiltered list among the other hot reads).
import type { Pool } from 'pg'

import type { Pagination } from '../src/lib/http/pagination'
import { up as noOverlap } from '../src/migrations/20261123_175155_bookings_no_overlap'
import { type BookingFilters, bookingPageQuery } from '../src/operations/bookings/admin-bookings'
import { log, startBenchApp } from './harness'

const TOTAL = Number(process.argv[2] ?? 1_000_000)
const SERVICES = 100_000
const CUSTOMERS = 100_000

async function explain(pool: Pool, title: string, text: string, values: unknown[] = [], warm = true): Promise<void> {
  if (warm) await pool.query(text, values) // warm the cache: the plans below are the steady state
  const { rows } = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`, values)
  console.log(
    `\n-- ${title}\n${text.replace(/\s+/g, ' ').trim()}\n-- with ${JSON.stringify(values)}\n${rows.map((row) => row['QUERY PLAN']).join('\n')}`,
  )
}

async function main() {
  const app = await startBenchApp()
  try {
    const pool = app.payload.db.pool
    await noOverlap({ db: app.payload.db.drizzle, payload: app.payload, req: {} } as never)
    const provider = await app.payload.create({
      collection: 'users',
      data: {
        email: 'explain@example.test',
        password: 'Explain-Passw0rd!',
        roles: ['citizen'],
        emailVerified: true,
      } as never,
      overrideAccess: true,
    })
    const started = Date.now()
    await pool.query(
      `INSERT INTO service_listings (id, slug, title, search_text, status, currency, duration_minutes, provider_id, in_language, is_mobile, is_featured, display_in_home, allow_reviews)
       SELECT gen_random_uuid(), 'explain-' || i, 'Service ' || i, 'explain-' || i, 'active', 'EUR', 60, $1, 'en', false, false, false, true
       FROM generate_series(1, $2::int) AS i`,
      [provider.id, SERVICES],
    )
    await pool.query(
      `INSERT INTO users (email, name) SELECT 'customer-' || i || '@example.test', 'Customer ' || i FROM generate_series(1, $1::int) AS i`,
      [CUSTOMERS],
    )
    // Booking i: service k = i % SERVICES, customer i % CUSTOMERS, its j-th booking (j = i / SERVICES)
    // on day 3j from 2026-01-01 at (k % 12):00 for an hour (no two of one service overlap);
    // a mix of statuses; a message on every tenth.
    await pool.query(
      `WITH s AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM service_listings WHERE slug LIKE 'explain-%'),
            b AS (SELECT i, i % $2 AS k, i / $2 AS j FROM generate_series(0, $1::int - 1) AS i),
            c AS (SELECT id AS customer_id, row_number() OVER (ORDER BY id) - 1 AS m FROM users WHERE email LIKE 'customer-%'),
            t AS (SELECT b.*, s.id AS service_id, c.customer_id, (DATE '2026-01-01' - DATE '1970-01-01') * 1440 + b.j * 3 * 1440 + (b.k % 12) * 60 AS start_minute
                  FROM b JOIN s USING (k) JOIN c ON c.m = b.i % $4)
       INSERT INTO bookings (service_id, provider_id, customer_id, booking_date, booking_time, end_time, duration_minutes, total_price, currency, status,
                             customer_message, start_minute, end_minute)
       SELECT service_id, $3, customer_id, to_char(DATE '1970-01-01' + (start_minute / 1440)::int, 'YYYY-MM-DD'),
              to_char(make_time(((start_minute % 1440) / 60)::int, 0, 0), 'HH24:MI'), to_char(make_time(((start_minute % 1440) / 60 + 1)::int % 24, 0, 0), 'HH24:MI'),
              60, 2500, 'EUR',
              (ARRAY['pending','confirmed','completed','cancelled_by_customer','cancelled_by_provider','no_show'])[1 + i % 6]::enum_bookings_status,
              CASE WHEN i % 10 = 0 THEN 'Message number ' || i || ' about parking' END, start_minute, start_minute + 60
       FROM t`,
      [TOTAL, SERVICES, provider.id, CUSTOMERS],
    )
    await pool.query('VACUUM ANALYZE bookings, service_listings, users')
    log(
      `${TOTAL.toLocaleString('en')} bookings over ${SERVICES} services and ${CUSTOMERS} customers in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    )

    const [{ id: serviceId }] = (await pool.query(`SELECT id FROM service_listings WHERE slug = 'explain-50000'`)).rows
    const [{ start_minute: busy }] = (
      await pool.query(
        `SELECT start_minute FROM bookings WHERE service_id = $1 AND status = 'pending' ORDER BY start_minute DESC LIMIT 1`,
        [serviceId],
      )
    ).rows
    const start = Number(busy) + 30
    await explain(
      pool,
      'Conflict check: what the exclusion constraint probes on insert (an overlapping pending booking exists)',
      `SELECT 1 FROM bookings WHERE service_id = $1 AND status IN ('pending', 'confirmed') AND numrange(start_minute, end_minute, '[)') && numrange($2, $3, '[)') LIMIT 1`,
      [serviceId, start, start + 60],
    )
    await pool.query('BEGIN')
    await explain(
      pool,
      'The insert itself, constraint included (a free hour; rolled back)',
      `INSERT INTO bookings (service_id, booking_date, booking_time, status, start_minute, end_minute) VALUES ($1, '2030-01-01', '10:00', 'pending', $2, $3)`,
      [serviceId, 100_000_000, 100_000_060],
      false,
    )
    await pool.query('ROLLBACK')

    // Exactly the statements the endpoint sends (src/operations/bookings/admin-bookings.ts).
    const cases: Array<[string, BookingFilters, Pagination]> = [
      ['page 1 of 20, no filter', {}, { page: 1, perPage: 20 }],
      ['page 1 of 20, status=confirmed', { status: 'confirmed' }, { page: 1, perPage: 20 }],
      ['page 1 of 20, serviceId', { serviceId }, { page: 1, perPage: 20 }],
      ['page 1 of 20, from/to (one week)', { from: '2026-01-10', to: '2026-01-16' }, { page: 1, perPage: 20 }],
      ['page 1 of 20, q="number 12340 "', { q: 'number 12340 ' }, { page: 1, perPage: 20 }],
      ['page 1 of 100, status=pending, serviceId', { status: 'pending', serviceId }, { page: 1, perPage: 100 }],
      ['page 500 of 20, no filter', {}, { page: 500, perPage: 20 }],
    ]
    for (const [label, filters, page] of cases) {
      const { statement, values } = bookingPageQuery(filters, page)
      await explain(pool, `Admin list (count and page), ${label}`, statement.text, values)
    }
  } finally {
    await app.stop()
  }
  process.exit(0)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
