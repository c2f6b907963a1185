import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Generated: the customer's cancel (when, why) and the count of moves the calendar file's SEQUENCE follows.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "bookings" ADD COLUMN "cancelled_at" timestamp(3) with time zone;
  ALTER TABLE "bookings" ADD COLUMN "cancellation_reason" varchar;
  ALTER TABLE "bookings" ADD COLUMN "reschedule_count" numeric DEFAULT 0;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "bookings" DROP COLUMN "cancelled_at";
  ALTER TABLE "bookings" DROP COLUMN "cancellation_reason";
  ALTER TABLE "bookings" DROP COLUMN "reschedule_count";`)
}
