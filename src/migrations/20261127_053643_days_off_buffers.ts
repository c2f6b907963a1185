import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "availability_exceptions" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"service_id" uuid NOT NULL,
  	"date" varchar NOT NULL,
  	"is_available" boolean DEFAULT false NOT NULL,
  	"start_time" varchar,
  	"end_time" varchar,
  	"reason" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "service_listings" ADD COLUMN "buffer_before_minutes" numeric DEFAULT 0 NOT NULL;
  ALTER TABLE "service_listings" ADD COLUMN "buffer_after_minutes" numeric DEFAULT 0 NOT NULL;
  ALTER TABLE "service_listings" ADD COLUMN "max_bookings_per_day" numeric;
  ALTER TABLE "bookings" ADD COLUMN "buffer_before_minutes" numeric DEFAULT 0;
  ALTER TABLE "bookings" ADD COLUMN "buffer_after_minutes" numeric DEFAULT 0;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "availability_exceptions_id" uuid;
  ALTER TABLE "availability_exceptions" ADD CONSTRAINT "availability_exceptions_service_id_service_listings_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."service_listings"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "availability_exceptions_service_idx" ON "availability_exceptions" USING btree ("service_id");
  CREATE INDEX "availability_exceptions_date_idx" ON "availability_exceptions" USING btree ("date");
  CREATE INDEX "availability_exceptions_updated_at_idx" ON "availability_exceptions" USING btree ("updated_at");
  CREATE INDEX "availability_exceptions_created_at_idx" ON "availability_exceptions" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_availability_exceptions_fk" FOREIGN KEY ("availability_exceptions_id") REFERENCES "public"."availability_exceptions"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_availability_exceptions_id_idx" ON "payload_locked_documents_rels" USING btree ("availability_exceptions_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "availability_exceptions" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "availability_exceptions" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_availability_exceptions_fk";
  
  DROP INDEX "payload_locked_documents_rels_availability_exceptions_id_idx";
  ALTER TABLE "service_listings" DROP COLUMN "buffer_before_minutes";
  ALTER TABLE "service_listings" DROP COLUMN "buffer_after_minutes";
  ALTER TABLE "service_listings" DROP COLUMN "max_bookings_per_day";
  ALTER TABLE "bookings" DROP COLUMN "buffer_before_minutes";
  ALTER TABLE "bookings" DROP COLUMN "buffer_after_minutes";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "availability_exceptions_id";`)
}
