import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

// Hand-written (Payload cannot generate it): no double booking, enforced by PostgreSQL.
// Two pending or confirmed bookings of one service may not share a minute: an exclusion
// constraint over the half-open range [start_minute, end_minute), so back-to-back bookings
// (10:00–11:00, 11:00–12:00) both fit. The range comes from real columns set by the
// collection hook (wall-clock minute numbers), not from an expression over the date and time
// text, which would depend on the session's time zone and DateStyle.
// Rows from before this migration get their minutes from their date and time; the CHECK then
// makes sure no booking escapes the constraint with an empty or missing range. If existing
// open bookings already overlap, this migration fails and names the constraint: resolve
// them first (cancel one), then migrate again.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE EXTENSION IF NOT EXISTS btree_gist;
  UPDATE "bookings" SET
    "start_minute" = ((make_date(substr("booking_date", 1, 4)::int, substr("booking_date", 6, 2)::int, substr("booking_date", 9, 2)::int) - DATE '1970-01-01') * 1440
      + substr("booking_time", 1, 2)::int * 60 + substr("booking_time", 4, 2)::int)
  WHERE "start_minute" IS NULL AND "booking_date" ~ '^\\d{4}-\\d{2}-\\d{2}$' AND "booking_time" ~ '^([01]\\d|2[0-3]):[0-5]\\d$';
  UPDATE "bookings" SET "end_minute" = "start_minute" + COALESCE(NULLIF("duration_minutes", 0), 1) WHERE "end_minute" IS NULL;
  ALTER TABLE "bookings" ADD CONSTRAINT "bookings_time_range_valid" CHECK ("start_minute" IS NOT NULL AND "end_minute" > "start_minute");
  ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist (
    "service_id" WITH =,
    numrange("start_minute", "end_minute", '[)') WITH &&
  ) WHERE ("status" IN ('pending', 'confirmed'));`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "bookings" DROP CONSTRAINT IF EXISTS "bookings_no_overlap";
  ALTER TABLE "bookings" DROP CONSTRAINT IF EXISTS "bookings_time_range_valid";`)
}
