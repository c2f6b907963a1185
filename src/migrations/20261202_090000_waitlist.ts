import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

import { createFunction } from '../lib/postgres/required-objects'
import { createWaitlistTrigger, WAITLIST_BOOKED } from '../operations/bookings/waitlist-objects'

// Generated: the webhook event. Hand-written: the waitlist (docs/api.md "Waitlist"), a table of the service's own
// SQL. The open entries' partial index is all the offer sweep reads when nobody waits; the unique one makes a
// member's second wait for one start a conflict under races; the trigger marks a wait `booked`.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_webhooks_events" ADD VALUE 'waitlist.offered' BEFORE 'content.created';`)
  await db.execute(
    sql.raw(`
  CREATE TABLE "booking_waitlist" (
    "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
    "service_id" uuid NOT NULL REFERENCES "service_listings" ("id") ON DELETE CASCADE,
    "customer_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
    "booking_date" varchar NOT NULL,
    "booking_time" varchar NOT NULL,
    "start_minute" numeric NOT NULL,
    "participants" integer DEFAULT 1 NOT NULL CHECK ("participants" BETWEEN 1 AND 1000),
    "status" varchar DEFAULT 'waiting' NOT NULL
      CHECK ("status" IN ('waiting', 'offered', 'booked', 'expired', 'cancelled')),
    "hold_id" uuid,
    "expires_at" timestamp(3) with time zone,
    "offered_at" timestamp(3) with time zone,
    "created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
    "updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
    CHECK ("status" <> 'offered' OR ("hold_id" IS NOT NULL AND "expires_at" IS NOT NULL))
  );
  CREATE INDEX "booking_waitlist_open_idx" ON "booking_waitlist" USING btree ("service_id", "start_minute", "created_at")
    WHERE "status" IN ('waiting', 'offered');
  CREATE UNIQUE INDEX "booking_waitlist_member_start_idx" ON "booking_waitlist"
    USING btree ("customer_id", "service_id", "start_minute") WHERE "status" IN ('waiting', 'offered');
  CREATE INDEX "booking_waitlist_customer_idx" ON "booking_waitlist" USING btree ("customer_id", "created_at");
  ${createFunction(WAITLIST_BOOKED)}
  ${createWaitlistTrigger()}`),
  )
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  // Subscriptions to the event go with it: the old type has no such value.
  await db.execute(sql`
   DROP TRIGGER IF EXISTS "bookings_waitlist_booked" ON "bookings";
   DROP FUNCTION IF EXISTS "community_waitlist_booked"();
   DROP TABLE IF EXISTS "booking_waitlist";
   DELETE FROM "webhooks_events" WHERE "value" = 'waitlist.offered';
   ALTER TABLE "webhooks_events" ALTER COLUMN "value" SET DATA TYPE text;
  DROP TYPE "public"."enum_webhooks_events";
  CREATE TYPE "public"."enum_webhooks_events" AS ENUM('*', 'booking.created', 'booking.confirmed', 'booking.cancelled', 'booking.completed', 'booking.no_show', 'booking.responded', 'booking.rescheduled', 'content.created', 'content.moderated', 'content.approved', 'content.rejected', 'report.created', 'report.resolved', 'appeal.created', 'appeal.decided', 'service.created', 'service.updated', 'service.deleted', 'user.created', 'translation.outdated', 'webhook.test');
  ALTER TABLE "webhooks_events" ALTER COLUMN "value" SET DATA TYPE "public"."enum_webhooks_events" USING "value"::"public"."enum_webhooks_events";`)
}
