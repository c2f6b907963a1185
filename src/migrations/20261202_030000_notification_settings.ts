import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

import { createFunction } from '../lib/postgres/required-objects'
import { CREATE_BOOKING_FUNCTION } from '../operations/bookings/booking-function'
import { up as generatedFunctions } from './20261202_014500_generated_functions'

// Hand-written: tables of the service's own SQL, no collection of Payload's (its schema has
// nothing to compare them with). A member's row exists only for a type they changed (the rest
// is the default), keyed so the notification and mail writers' check is one primary-key
// lookup; the digests' row per member and cadence is what claims a period once.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(
    sql.raw(`
  CREATE TABLE "notification_settings" (
    "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
    "type" varchar NOT NULL,
    "inbox" boolean NOT NULL DEFAULT true,
    "email" varchar NOT NULL DEFAULT 'instant' CHECK ("email" IN ('instant', 'daily', 'weekly', 'off')),
    "updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
    PRIMARY KEY ("user_id", "type")
  );
  CREATE TABLE "notification_digests" (
    "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
    "cadence" varchar NOT NULL CHECK ("cadence" IN ('daily', 'weekly')),
    "period" varchar NOT NULL,
    "sent_at" timestamp(3) with time zone NOT NULL,
    "previous_sent_at" timestamp(3) with time zone,
    PRIMARY KEY ("user_id", "cadence")
  );
  ${createFunction(CREATE_BOOKING_FUNCTION)}`),
  )
}

export async function down(args: MigrateDownArgs): Promise<void> {
  await args.db.execute(
    sql.raw(`DROP TABLE IF EXISTS "notification_digests"; DROP TABLE IF EXISTS "notification_settings";`),
  )
  await generatedFunctions(args)
}
