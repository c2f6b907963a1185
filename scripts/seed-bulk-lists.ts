// `npm run seed -- --classifieds C --events E`: two more community lists for scale runs, one INSERT … SELECT
// per table and chunk, the rows as the hooks would leave them, in a realistic mix of statuses.
import { randomBytes } from 'node:crypto'

import type { PoolClient } from 'pg'

import { progress } from './seed-bulk-people'

const CHUNK = 100_000
const AUTHORS = 10_000

const CLASSIFIED_STATUS = `(CASE WHEN i % 100 < 80 THEN 'active' WHEN i % 100 < 85 THEN 'sold' WHEN i % 100 < 90 THEN 'pending_review'
  WHEN i % 100 < 94 THEN 'expired' WHEN i % 100 < 97 THEN 'archived' ELSE 'rejected' END)`
const EVENT_STATUS = `(CASE WHEN i % 100 < 94 THEN 'published' WHEN i % 100 < 97 THEN 'moderated' ELSE 'deleted' END)`

const TABLES = {
  classifieds: {
    label: 'classifieds',
    insert: (run: string, authors: number) =>
      `INSERT INTO classifieds (id, author_id, author_name, title, description, price, currency, location, expires_at, status, created_at, updated_at)
       SELECT gen_random_uuid(), a.id, a.name, 'Generated classified ' || '${run}' || ' ' || i, 'Item ' || i || ', good condition.', (5 + i % 500) || '.00', 'EUR', 'Town ' || i % 100,
              CASE WHEN ${CLASSIFIED_STATUS} = 'pending_review' THEN NULL WHEN ${CLASSIFIED_STATUS} = 'expired' THEN now() - (1 + i % 30) * interval '1 day'
                   ELSE now() + (1 + i % 90) * interval '1 day' END,
              ${CLASSIFIED_STATUS}::enum_classifieds_status, now() - i * interval '1 second', now() - i * interval '1 second'
       FROM generate_series($1::int, $2::int) i JOIN seed_list_authors a ON a.n = i % ${authors}`,
  },
  events: {
    label: 'events',
    insert: (run: string, authors: number) =>
      `INSERT INTO events (id, author_id, author_name, title, description, starts_at, ends_at, status, created_at, updated_at)
       SELECT gen_random_uuid(), a.id, a.name, 'Generated event ' || '${run}' || ' ' || i, 'Meet-up number ' || i || '.',
              date_trunc('hour', now()) - interval '365 days' + (i % 730) * interval '1 day', date_trunc('hour', now()) - interval '365 days' + (i % 730) * interval '1 day' + interval '2 hours',
              ${EVENT_STATUS}::enum_events_status, now() - i * interval '1 second', now() - i * interval '1 second'
       FROM generate_series($1::int, $2::int) i JOIN seed_list_authors a ON a.n = i % ${authors}`,
  },
} as const

export type ListCounts = Partial<Record<keyof typeof TABLES, number>>

/** The rows asked for, table by table; returns how many of each were written. */
export async function seedLists(client: PoolClient, counts: ListCounts): Promise<ListCounts> {
  const run = randomBytes(3).toString('hex')
  await client.query(`DROP TABLE IF EXISTS seed_list_authors; CREATE TEMP TABLE seed_list_authors AS
    SELECT (row_number() OVER (ORDER BY id) - 1)::int AS n, id, name FROM (SELECT id, name FROM users ORDER BY id LIMIT ${AUTHORS}) u`)
  const { rows } = await client.query<{ authors: number }>('SELECT count(*)::int AS authors FROM seed_list_authors')
  const authors = rows[0]!.authors
  if (!authors) throw new Error('--classifieds and --events need at least one user to write them')
  await client.query('CREATE UNIQUE INDEX ON seed_list_authors (n)')
  const written: ListCounts = {}
  for (const [name, table] of Object.entries(TABLES) as Array<
    [keyof typeof TABLES, (typeof TABLES)[keyof typeof TABLES]]
  >) {
    const total = counts[name] ?? 0
    if (!total) continue
    const report = progress(table.label, total)
    for (let from = 1; from <= total; from += CHUNK) {
      const to = Math.min(from + CHUNK - 1, total)
      await client.query(table.insert(run, authors), [from, to])
      report(to)
    }
    written[name] = total
  }
  await client.query('DROP TABLE seed_list_authors')
  return written
}
