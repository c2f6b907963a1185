// `npm run seed -- --users U --bookings M`: customers and bookings for scale runs, in
// set-based INSERTs of BATCH rows (the Local API would take hours for a million bookings).
// Rows are what the collection hooks would store, so a seeded database passes the invariants
// of tests/helpers/invariants.ts: every user with one profile, one wallet and the audit entry
// of its creation; no two pending/confirmed bookings of a service overlapping.
import { randomBytes } from 'node:crypto'

import type { PoolClient } from 'pg'

const BATCH = 20_000

/** A progress bar on a terminal, a line per batch elsewhere (CI logs, pipes). */
export function progress(label: string, total: number): (done: number) => void {
  const started = Date.now()
  return (done) => {
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    const text = `${done.toLocaleString('en')}/${total.toLocaleString('en')} ${label} (${seconds} s)`
    if (!process.stdout.isTTY) return void console.log(`seed: ${text}`)
    const width = 30
    const filled = Math.round((done / total) * width)
    process.stdout.write(
      `\rseed: [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.floor((done / total) * 100)}% ${text}`,
    )
    if (done === total) process.stdout.write('\n')
  }
}

/**
 * U customers, each with the profile, wallet and `user.create` audit entry the users hooks
 * would write. No password: seeded people never sign in (the column may be empty, as for
 * users who only ever had a magic link).
 */
export async function seedUsers(client: PoolClient, total: number): Promise<number> {
  // A large seed is one transaction: the search indexes are dropped, the rows written, and
  // the indexes rebuilt from their own definitions before it commits (all or nothing).
  const rebuild = total >= REBUILD_SEARCH_INDEXES_AT
  if (rebuild) await client.query('BEGIN')
  try {
    const indexes = rebuild ? await dropSearchIndexes(client) : []
    const inserted = await insertUsers(client, total)
    if (indexes.length) {
      const started = Date.now()
      await client.query(`SET LOCAL maintenance_work_mem = '256MB'`)
      for (const index of indexes) await client.query(index.indexdef)
      console.log(
        `seed: rebuilt ${indexes.map((index) => index.indexname).join(', ')} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      )
    }
    if (rebuild) await client.query('COMMIT')
    return inserted
  } catch (error) {
    if (rebuild) await client.query('ROLLBACK').catch(() => undefined)
    throw error
  }
}

/**
 * The trigram GIN indexes on users (admin/list-users' search, docs/decisions.md "Listing
 * users as Better Auth does") are built once at the end of a large seed (31–49 s for a
 * million users here) rather than kept up row by row (652 s for 990,000 users with them
 * kept up, 333–573 s with the rebuild, on the shared machine: docs/performance.md). Below
 * this many rows they are simply kept up.
 */
const REBUILD_SEARCH_INDEXES_AT = 100_000

async function dropSearchIndexes(client: PoolClient): Promise<Array<{ indexname: string; indexdef: string }>> {
  const { rows } = await client.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'users' AND indexdef ILIKE '%USING gin%'`,
  )
  for (const index of rows) await client.query(`DROP INDEX "${index.indexname}"`)
  return rows
}

async function insertUsers(client: PoolClient, total: number): Promise<number> {
  const run = randomBytes(3).toString('hex')
  const report = progress('users', total)
  let inserted = 0
  for (let from = 1; from <= total; from += BATCH) {
    const to = Math.min(from + BATCH - 1, total)
    const result = await client.query(
      `WITH people AS (
         INSERT INTO users (id, name, username, email, email_verified, created_at, updated_at)
         SELECT gen_random_uuid(), 'Customer ' || i, 'customer_' || $1 || '_' || i, 'customer.' || $1 || '.' || i || '@example.com', true,
                now() - i * interval '1 minute', now()
         FROM generate_series($2::int, $3::int) AS i
         RETURNING id, username, email
       ), roles AS (
         INSERT INTO users_roles ("order", parent_id, value) SELECT 1, id, 'citizen' FROM people
       ), profiles AS (
         INSERT INTO profiles (user_id, username) SELECT id, username FROM people
       ), wallets AS (
         INSERT INTO wallets (user_id, balance, currency) SELECT id, '0.00', 'EUR' FROM people
       )
       INSERT INTO audit_logs (action, target_type, target_id, data)
       SELECT 'user.create', 'users', id::text, jsonb_build_object('email', email, 'username', username, 'seeded', true) FROM people`,
      [run, from, to],
    )
    inserted += result.rowCount ?? 0
    report(to)
  }
  return inserted
}

/**
 * M bookings spread over every service with a provider and every user but that provider.
 * Booking k goes to service k mod S, in that service's slot k div S: slot s of a service is
 * day (s div 6)·2 after the service's first day (from 60 days ago to 60 days ahead), at
 * 12:00 + (s mod 6) h, for 60 min — no two of a service ever overlap, nor the --services and
 * demo bookings (mornings). A previous run's may: those are skipped (ON CONFLICT DO NOTHING on
 * the exclusion constraint), and the count says how many were written.
 */
export async function seedBookings(client: PoolClient, total: number): Promise<number> {
  await client.query(`DROP TABLE IF EXISTS seed_services; CREATE TEMP TABLE seed_services AS
    SELECT (row_number() OVER (ORDER BY id) - 1)::int AS n, id, provider_id, base_price FROM service_listings WHERE provider_id IS NOT NULL`)
  await client.query(`DROP TABLE IF EXISTS seed_customers; CREATE TEMP TABLE seed_customers AS
    SELECT (row_number() OVER (ORDER BY id) - 1)::int AS n, id FROM users`)
  const { rows } = await client.query<{ services: number; customers: number }>(
    'SELECT (SELECT count(*) FROM seed_services)::int AS services, (SELECT count(*) FROM seed_customers)::int AS customers',
  )
  const { services, customers } = rows[0]!
  if (!services || customers < 2)
    throw new Error('--bookings needs services with providers and at least two users (add --services and --users)')
  await client.query('CREATE UNIQUE INDEX ON seed_services (n); CREATE UNIQUE INDEX ON seed_customers (n)')
  const report = progress('bookings', total)
  let inserted = 0
  for (let from = 0; from < total; from += BATCH) {
    const to = Math.min(from + BATCH, total) - 1
    const result = await client.query(
      // One statement per batch: the bookings and their creation audit entries (an invariant,
      // tests/helpers/invariants.ts); its row count is the bookings written.
      `WITH booked AS (
       INSERT INTO bookings (service_id, provider_id, customer_id, booking_date, booking_time, end_time, duration_minutes, total_price, currency,
                             status, start_minute, end_minute, created_at, updated_at)
       SELECT s.id, s.provider_id, c.id, to_char(b.day, 'YYYY-MM-DD'), to_char(b.start_at, 'HH24:MI'), to_char(b.start_at + interval '60 minutes', 'HH24:MI'),
              60, round(s.base_price::numeric * 100), 'EUR',
              CASE WHEN b.day < current_date
                   THEN (ARRAY['completed','completed','completed','completed','completed','completed','no_show','cancelled_by_customer','cancelled_by_customer','cancelled_by_provider'])[1 + b.k % 10]
                   ELSE (ARRAY['pending','pending','confirmed','confirmed','confirmed','cancelled_by_customer'])[1 + b.k % 6] END::enum_bookings_status,
              -- The wall-clock minute range the no-overlap constraint compares (src/lib/wall-clock.ts).
              (b.day - DATE '1970-01-01') * 1440 + b.minute, (b.day - DATE '1970-01-01') * 1440 + b.minute + 60,
              now() - (b.k % 1000) * interval '1 hour', now()
       FROM (SELECT k, k % $3 AS service_n, k / $3 AS slot,
                    current_date - 60 + ((k % $3) % 120) + (k / $3 / 6) * 2 AS day,
                    720 + (k / $3 % 6) * 60 AS minute,
                    (current_date - 60 + ((k % $3) % 120) + (k / $3 / 6) * 2) + (720 + (k / $3 % 6) * 60) * interval '1 minute' AS start_at
             FROM generate_series($1::int, $2::int) AS k) AS b
       JOIN seed_services s ON s.n = b.service_n
       -- Any user but the service's provider: the next one along when the pick is the provider.
       JOIN seed_customers c0 ON c0.n = (b.k::bigint * 7919) % $4
       JOIN seed_customers c ON c.n = CASE WHEN c0.id = s.provider_id THEN (c0.n + 1) % $4 ELSE c0.n END
       ON CONFLICT DO NOTHING
       RETURNING id
       )
       INSERT INTO audit_logs (action, target_type, target_id, data)
       SELECT 'booking.create', 'bookings', id::text, '{"seeded":true}'::jsonb FROM booked`,
      [from, to, services, customers],
    )
    inserted += result.rowCount ?? 0
    report(to + 1)
  }
  await client.query('DROP TABLE seed_services, seed_customers')
  return inserted
}
