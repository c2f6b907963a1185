import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

// Hand-written (not a collection: holds are short-lived rows only the booking rule reads, docs/api.md
// "Holds"). A hold keeps the span and buffers it was made with, as a booking does, so the rule compares
// the same widened ranges; `expires_at` alone ends it, no job deletes it first. The booking function that reads
// holds is made by the seats migration, which comes next.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TABLE "booking_holds" (
    "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
    "service_id" uuid NOT NULL REFERENCES "service_listings" ("id") ON DELETE CASCADE,
    "customer_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
    "booking_date" varchar NOT NULL,
    "booking_time" varchar NOT NULL,
    "end_time" varchar,
    "start_minute" numeric NOT NULL,
    "end_minute" numeric NOT NULL,
    "buffer_before_minutes" numeric DEFAULT 0 NOT NULL,
    "buffer_after_minutes" numeric DEFAULT 0 NOT NULL,
    "participants" integer DEFAULT 1 NOT NULL CHECK ("participants" BETWEEN 1 AND 1000),
    "expires_at" timestamp(3) with time zone NOT NULL,
    "created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
    CHECK ("end_minute" > "start_minute")
  );
  CREATE INDEX "booking_holds_service_idx" ON "booking_holds" USING btree ("service_id", "start_minute");
  CREATE INDEX "booking_holds_customer_idx" ON "booking_holds" USING btree ("customer_id", "expires_at");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE IF EXISTS "booking_holds";`)
}
