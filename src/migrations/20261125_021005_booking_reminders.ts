import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

// Generated, plus a hand-written partial index (Payload cannot express one): the reminder
// sweep (src/operations/bookings/reminders.ts) looks for confirmed bookings not yet reminded
// whose start is near, so it reads only those rows however many bookings there are.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "bookings" ADD COLUMN "reminder_queued_at" timestamp(3) with time zone;
   CREATE INDEX "bookings_reminder_due_idx" ON "bookings" ("start_minute") WHERE "status" = 'confirmed' AND "reminder_queued_at" IS NULL;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX IF EXISTS "bookings_reminder_due_idx";
   ALTER TABLE "bookings" DROP COLUMN "reminder_queued_at";`)
}
