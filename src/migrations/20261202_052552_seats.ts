import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

import { createFunction } from '../lib/postgres/required-objects'
import { bookingFunction } from '../operations/bookings/booking-function'

// Seats (docs/api.md "Seats"): the service's `seatsPerSlot` and a booking's `participants` (generated), then by
// hand the seats a booking was made with (`seats_per_slot`, not a field: only the constraint reads it) and the
// no-overlap constraint that lets bookings of one start share it when that was more than one: the last column
// is equal for such bookings of one start and differs for any other pair, so every other overlap is refused as
// before. The seats of a start are counted under the service's lock (the booking function, holds and moves).
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "service_listings" ADD COLUMN "seats_per_slot" numeric DEFAULT 1 NOT NULL;
  ALTER TABLE "bookings" ADD COLUMN "participants" numeric DEFAULT 1;
  ALTER TABLE "bookings" ADD COLUMN "seats_per_slot" numeric DEFAULT 1 NOT NULL;
  ALTER TABLE "service_listings" ADD CONSTRAINT "service_listings_seats_valid" CHECK ("seats_per_slot" BETWEEN 1 AND 1000);
  ALTER TABLE "bookings" ADD CONSTRAINT "bookings_participants_valid" CHECK ("participants" IS NULL OR "participants" BETWEEN 1 AND 1000);
  ALTER TABLE "bookings" DROP CONSTRAINT "bookings_no_overlap";
  ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist (
    "service_id" WITH =,
    numrange("start_minute" - coalesce("buffer_before_minutes", 0), "end_minute" + coalesce("buffer_after_minutes", 0), '[)') WITH &&,
    (CASE WHEN "seats_per_slot" > 1 THEN "start_minute"::text ELSE "id"::text END) WITH <>
  ) WHERE ("status" IN ('pending', 'confirmed'));`)
  await db.execute(sql.raw(createFunction(bookingFunction(true))))
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql.raw(createFunction(bookingFunction(false))))
  await db.execute(sql`
  ALTER TABLE "bookings" DROP CONSTRAINT IF EXISTS "bookings_no_overlap";
  ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist (
    "service_id" WITH =,
    numrange("start_minute" - coalesce("buffer_before_minutes", 0), "end_minute" + coalesce("buffer_after_minutes", 0), '[)') WITH &&
  ) WHERE ("status" IN ('pending', 'confirmed'));
  ALTER TABLE "bookings" DROP COLUMN "seats_per_slot";
  ALTER TABLE "bookings" DROP COLUMN "participants";
  ALTER TABLE "service_listings" DROP COLUMN "seats_per_slot";`)
}
