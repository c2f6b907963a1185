import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

// Generated: the customer's cancel (when, why), the count of moves the calendar file's SEQUENCE follows, and
// the webhook event of a move.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_webhooks_events" ADD VALUE 'booking.rescheduled' BEFORE 'content.created';
  ALTER TABLE "bookings" ADD COLUMN "cancelled_at" timestamp(3) with time zone;
  ALTER TABLE "bookings" ADD COLUMN "cancellation_reason" varchar;
  ALTER TABLE "bookings" ADD COLUMN "reschedule_count" numeric DEFAULT 0;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  // Subscriptions to the event go with it: the old type has no such value.
  await db.execute(sql`
   DELETE FROM "webhooks_events" WHERE "value" = 'booking.rescheduled';
   ALTER TABLE "webhooks_events" ALTER COLUMN "value" SET DATA TYPE text;
  DROP TYPE "public"."enum_webhooks_events";
  CREATE TYPE "public"."enum_webhooks_events" AS ENUM('*', 'booking.created', 'booking.confirmed', 'booking.cancelled', 'booking.completed', 'booking.no_show', 'booking.responded', 'content.created', 'content.moderated', 'content.approved', 'content.rejected', 'report.created', 'report.resolved', 'appeal.created', 'appeal.decided', 'service.created', 'service.updated', 'service.deleted', 'user.created', 'webhook.test');
  ALTER TABLE "webhooks_events" ALTER COLUMN "value" SET DATA TYPE "public"."enum_webhooks_events" USING "value"::"public"."enum_webhooks_events";
  ALTER TABLE "bookings" DROP COLUMN "cancelled_at";
  ALTER TABLE "bookings" DROP COLUMN "cancellation_reason";
  ALTER TABLE "bookings" DROP COLUMN "reschedule_count";`)
}
