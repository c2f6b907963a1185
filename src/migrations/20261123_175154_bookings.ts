import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "bookings_date_time_idx";
  ALTER TABLE "bookings" ADD COLUMN "start_minute" numeric;
  ALTER TABLE "bookings" ADD COLUMN "end_minute" numeric;
  CREATE INDEX "bookings_status_date_time_idx" ON "bookings" USING btree ("status","booking_date","booking_time","id");
  CREATE INDEX "bookings_service_date_time_idx" ON "bookings" USING btree ("service_id","booking_date","booking_time","id");
  CREATE INDEX "bookings_customer_message_trgm_idx" ON "bookings" USING gin ("customer_message" gin_trgm_ops);
  CREATE INDEX "bookings_date_time_idx" ON "bookings" USING btree ("booking_date","booking_time","id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "bookings_status_date_time_idx";
  DROP INDEX "bookings_service_date_time_idx";
  DROP INDEX "bookings_customer_message_trgm_idx";
  DROP INDEX "bookings_date_time_idx";
  CREATE INDEX "bookings_date_time_idx" ON "bookings" USING btree ("booking_date","booking_time");
  ALTER TABLE "bookings" DROP COLUMN "start_minute";
  ALTER TABLE "bookings" DROP COLUMN "end_minute";`)
}
