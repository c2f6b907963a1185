import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

// Hand-written: the public classifieds whose end has passed, as one range of one index the
// count-free totals can use and no other index can (src/lib/read-cache/count-free.ts,
// docs/decisions.md "Passed public classifieds are one range of a partial expression index").
// Payload's `expiresAt > T` leaves out a passed end and a NULL one; with NULL as -infinity
// both are `<= T`. The partial index on `expires_at` of the previous migration served the two
// ranges only in the planner's eyes: at a million classifieds it took Payload's full
// `classifieds_expires_at_idx` instead (its estimate for `<= now()` the same fraction of
// either index), fetched every expired and pending row's heap page (~22,000 buffers) and
// filtered them out: 79 ms a miss. Being an expression index, this one also gets statistics of
// its own rows at ANALYZE (the passed range is near empty). The previous partial index stays:
// the expiry job (operations/community/expire-classifieds.ts) walks its range.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(
    sql.raw(
      `CREATE INDEX "classifieds_public_passed_idx" ON "classifieds" USING btree (coalesce("expires_at", '-infinity'::timestamptz)) WHERE status IN ('active', 'sold');`,
    ),
  )
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql.raw(`DROP INDEX IF EXISTS "classifieds_public_passed_idx";`))
}
