import pg from 'pg'
import { withDatabase } from '/work/wt-perf/scripts/with-database'
import { INVARIANTS } from '/work/wt-perf/tests/helpers/invariants'
await withDatabase(async () => {
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL }); await c.connect()
  for (const inv of INVARIANTS) { const r = await c.query(inv.query); console.log(r.rowCount ? `FAIL ${inv.name}: ${r.rowCount}` : `ok   ${inv.name}`) }
  console.log((await c.query(`SELECT status, count(*) FROM bookings GROUP BY 1 ORDER BY 1`)).rows)
  console.log((await c.query(`SELECT (SELECT count(*) FROM users) users, (SELECT count(*) FROM service_listings) services, (SELECT count(*) FROM bookings) bookings`)).rows)
  await c.end()
})
process.exit(0)
