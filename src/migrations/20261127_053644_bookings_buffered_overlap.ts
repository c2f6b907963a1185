import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

// Hand-written (Payload cannot generate it): buffers in the no-double-booking guarantee
// (docs/api.md "Exceptions: days off and extra hours", docs/decisions.md "Days off, extra
// hours, buffers and daily caps"). For conflicts a booking occupies [start_minute −
// buffer_before_minutes, end_minute + buffer_after_minutes), with the buffers the booking was
// made with (copied from its service by the collection hook), so changing a service's buffers
// later neither rewrites nor retroactively clashes with older bookings. Same constraint name
// as before, so the code that turns a violation into 409 booking_conflict
// (src/operations/bookings/errors.ts) is unchanged. Existing bookings get buffers 0: their
// ranges are the ones the old constraint already admitted.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  UPDATE "bookings" SET "buffer_before_minutes" = 0 WHERE "buffer_before_minutes" IS NULL;
  UPDATE "bookings" SET "buffer_after_minutes" = 0 WHERE "buffer_after_minutes" IS NULL;
  ALTER TABLE "bookings" ADD CONSTRAINT "bookings_buffers_valid" CHECK (
    coalesce("buffer_before_minutes", 0) BETWEEN 0 AND 240 AND coalesce("buffer_after_minutes", 0) BETWEEN 0 AND 240);
  ALTER TABLE "bookings" DROP CONSTRAINT "bookings_no_overlap";
  ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist (
    "service_id" WITH =,
    numrange("start_minute" - coalesce("buffer_before_minutes", 0), "end_minute" + coalesce("buffer_after_minutes", 0), '[)') WITH &&
  ) WHERE ("status" IN ('pending', 'confirmed'));
  CREATE INDEX "availability_exceptions_service_date_idx" ON "availability_exceptions" USING btree ("service_id", "date");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP INDEX IF EXISTS "availability_exceptions_service_date_idx";
  ALTER TABLE "bookings" DROP CONSTRAINT IF EXISTS "bookings_no_overlap";
  ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist (
    "service_id" WITH =,
    numrange("start_minute", "end_minute", '[)') WITH &&
  ) WHERE ("status" IN ('pending', 'confirmed'));
  ALTER TABLE "bookings" DROP CONSTRAINT IF EXISTS "bookings_buffers_valid";`)
}
