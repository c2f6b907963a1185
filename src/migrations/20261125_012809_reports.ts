import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_content_reports_reason" AS ENUM('spam', 'harassment', 'hate', 'violence', 'sexual', 'illegal', 'misinformation', 'other');
  CREATE TYPE "public"."enum_content_reports_status" AS ENUM('open', 'actioned', 'dismissed');
  CREATE TYPE "public"."enum_report_queue_status" AS ENUM('open', 'closed');
  CREATE TYPE "public"."enum_moderation_decisions_outcome" AS ENUM('moderated', 'rejected', 'deleted', 'dismissed', 'approved');
  CREATE TYPE "public"."enum_content_appeals_status" AS ENUM('open', 'upheld', 'reversed');
  ALTER TYPE "public"."enum_notifications_type" ADD VALUE 'report_resolved';
  CREATE TABLE "content_reports" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"post_type" varchar NOT NULL,
  	"post_id" varchar NOT NULL,
  	"reporter_id" uuid,
  	"reason" "enum_content_reports_reason" NOT NULL,
  	"details" varchar,
  	"status" "enum_content_reports_status" DEFAULT 'open' NOT NULL,
  	"decision_id" uuid,
  	"resolved_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "report_queue" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"post_type" varchar NOT NULL,
  	"post_id" varchar NOT NULL,
  	"status" "enum_report_queue_status" DEFAULT 'open' NOT NULL,
  	"item_status" varchar,
  	"author_id" uuid,
  	"excerpt" varchar,
  	"reports" numeric DEFAULT 0 NOT NULL,
  	"reasons" jsonb NOT NULL,
  	"first_reported_at" timestamp(3) with time zone NOT NULL,
  	"closed_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "moderation_decisions" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"post_type" varchar NOT NULL,
  	"post_id" varchar NOT NULL,
  	"outcome" "enum_moderation_decisions_outcome" NOT NULL,
  	"previous_status" varchar,
  	"author_id" uuid,
  	"decided_by_id" uuid,
  	"reason" varchar,
  	"on_notice" boolean DEFAULT false NOT NULL,
  	"first_notice_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "content_appeals" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"decision_id" uuid,
  	"post_type" varchar NOT NULL,
  	"post_id" varchar NOT NULL,
  	"appellant_id" uuid,
  	"statement" varchar NOT NULL,
  	"status" "enum_content_appeals_status" DEFAULT 'open' NOT NULL,
  	"decided_by_id" uuid,
  	"decided_at" timestamp(3) with time zone,
  	"decision_reason" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "transparency_publications" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"period_from" varchar NOT NULL,
  	"period_to" varchar NOT NULL,
  	"figures" jsonb NOT NULL,
  	"published_by_id" uuid,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "content_reports_id" uuid;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "report_queue_id" uuid;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "moderation_decisions_id" uuid;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "content_appeals_id" uuid;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "transparency_publications_id" uuid;
  ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_decision_id_moderation_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."moderation_decisions"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "report_queue" ADD CONSTRAINT "report_queue_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "content_appeals" ADD CONSTRAINT "content_appeals_decision_id_moderation_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."moderation_decisions"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "content_appeals" ADD CONSTRAINT "content_appeals_appellant_id_users_id_fk" FOREIGN KEY ("appellant_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "content_appeals" ADD CONSTRAINT "content_appeals_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "transparency_publications" ADD CONSTRAINT "transparency_publications_published_by_id_users_id_fk" FOREIGN KEY ("published_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "content_reports_reporter_idx" ON "content_reports" USING btree ("reporter_id");
  CREATE INDEX "content_reports_decision_idx" ON "content_reports" USING btree ("decision_id");
  CREATE INDEX "content_reports_updated_at_idx" ON "content_reports" USING btree ("updated_at");
  CREATE INDEX "content_reports_created_at_idx" ON "content_reports" USING btree ("created_at");
  CREATE INDEX "report_queue_author_idx" ON "report_queue" USING btree ("author_id");
  CREATE INDEX "report_queue_updated_at_idx" ON "report_queue" USING btree ("updated_at");
  CREATE INDEX "report_queue_created_at_idx" ON "report_queue" USING btree ("created_at");
  CREATE INDEX "moderation_decisions_author_idx" ON "moderation_decisions" USING btree ("author_id");
  CREATE INDEX "moderation_decisions_decided_by_idx" ON "moderation_decisions" USING btree ("decided_by_id");
  CREATE INDEX "moderation_decisions_updated_at_idx" ON "moderation_decisions" USING btree ("updated_at");
  CREATE INDEX "moderation_decisions_created_at_idx" ON "moderation_decisions" USING btree ("created_at");
  CREATE INDEX "content_appeals_decision_idx" ON "content_appeals" USING btree ("decision_id");
  CREATE INDEX "content_appeals_appellant_idx" ON "content_appeals" USING btree ("appellant_id");
  CREATE INDEX "content_appeals_decided_by_idx" ON "content_appeals" USING btree ("decided_by_id");
  CREATE INDEX "content_appeals_updated_at_idx" ON "content_appeals" USING btree ("updated_at");
  CREATE INDEX "content_appeals_created_at_idx" ON "content_appeals" USING btree ("created_at");
  CREATE INDEX "transparency_publications_published_by_idx" ON "transparency_publications" USING btree ("published_by_id");
  CREATE INDEX "transparency_publications_updated_at_idx" ON "transparency_publications" USING btree ("updated_at");
  CREATE INDEX "transparency_publications_created_at_idx" ON "transparency_publications" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_content_reports_fk" FOREIGN KEY ("content_reports_id") REFERENCES "public"."content_reports"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_report_queue_fk" FOREIGN KEY ("report_queue_id") REFERENCES "public"."report_queue"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_moderation_decisions_fk" FOREIGN KEY ("moderation_decisions_id") REFERENCES "public"."moderation_decisions"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_content_appeals_fk" FOREIGN KEY ("content_appeals_id") REFERENCES "public"."content_appeals"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_transparency_publications_fk" FOREIGN KEY ("transparency_publications_id") REFERENCES "public"."transparency_publications"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_content_reports_id_idx" ON "payload_locked_documents_rels" USING btree ("content_reports_id");
  CREATE INDEX "payload_locked_documents_rels_report_queue_id_idx" ON "payload_locked_documents_rels" USING btree ("report_queue_id");
  CREATE INDEX "payload_locked_documents_rels_moderation_decisions_id_idx" ON "payload_locked_documents_rels" USING btree ("moderation_decisions_id");
  CREATE INDEX "payload_locked_documents_rels_content_appeals_id_idx" ON "payload_locked_documents_rels" USING btree ("content_appeals_id");
  CREATE INDEX "payload_locked_documents_rels_transparency_publications__idx" ON "payload_locked_documents_rels" USING btree ("transparency_publications_id");
  -- Hand-written (Payload cannot express partial indexes): the reports area's invariants and
  -- the indexes of its lists (src/operations/reports).
  -- One open report per reporter and item (409 report_exists), and one open queue row per item
  -- (the report operation's upsert targets it, so a storm of reports is one row).
  CREATE UNIQUE INDEX "content_reports_one_open" ON "content_reports" ("reporter_id", "post_type", "post_id") WHERE "status" = 'open';
  CREATE INDEX "content_reports_item_status" ON "content_reports" ("post_type", "post_id", "status");
  CREATE INDEX "content_reports_reporter_created" ON "content_reports" ("reporter_id", "created_at");
  CREATE UNIQUE INDEX "report_queue_one_open" ON "report_queue" ("post_type", "post_id") WHERE "status" = 'open';
  -- The queue page, oldest first report first, with and without a postType filter.
  CREATE INDEX "report_queue_open_order" ON "report_queue" ("first_reported_at", "id") WHERE "status" = 'open';
  CREATE INDEX "report_queue_open_type_order" ON "report_queue" ("post_type", "first_reported_at", "id") WHERE "status" = 'open';
  CREATE INDEX "moderation_decisions_item" ON "moderation_decisions" ("post_type", "post_id", "created_at");
  -- One appeal per decision (409 appeal_exists), and the appeals list by status.
  CREATE UNIQUE INDEX "content_appeals_one_per_decision" ON "content_appeals" ("decision_id");
  CREATE INDEX "content_appeals_status_created" ON "content_appeals" ("status", "created_at");
  -- The queue's total without counting its rows: the list_counts triggers (migration list_counts).
  CREATE TRIGGER "report_queue_count_insert" AFTER INSERT ON "report_queue" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_track();
  CREATE TRIGGER "report_queue_count_update" AFTER UPDATE ON "report_queue" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_track();
  CREATE TRIGGER "report_queue_count_delete" AFTER DELETE ON "report_queue" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_track();
  CREATE TRIGGER "report_queue_count_truncate" AFTER TRUNCATE ON "report_queue" FOR EACH STATEMENT EXECUTE FUNCTION list_counts_reset();`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DELETE FROM "list_counts" WHERE "list" = 'report_queue';
  ALTER TABLE "content_reports" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "report_queue" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "moderation_decisions" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "content_appeals" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "transparency_publications" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "content_reports" CASCADE;
  DROP TABLE "report_queue" CASCADE;
  DROP TABLE "moderation_decisions" CASCADE;
  DROP TABLE "content_appeals" CASCADE;
  DROP TABLE "transparency_publications" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_content_reports_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_report_queue_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_moderation_decisions_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_content_appeals_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_transparency_publications_fk";
  
  ALTER TABLE "notifications" ALTER COLUMN "type" SET DATA TYPE text;
  DROP TYPE "public"."enum_notifications_type";
  CREATE TYPE "public"."enum_notifications_type" AS ENUM('booking', 'moderation');
  ALTER TABLE "notifications" ALTER COLUMN "type" SET DATA TYPE "public"."enum_notifications_type" USING "type"::"public"."enum_notifications_type";
  DROP INDEX "payload_locked_documents_rels_content_reports_id_idx";
  DROP INDEX "payload_locked_documents_rels_report_queue_id_idx";
  DROP INDEX "payload_locked_documents_rels_moderation_decisions_id_idx";
  DROP INDEX "payload_locked_documents_rels_content_appeals_id_idx";
  DROP INDEX "payload_locked_documents_rels_transparency_publications__idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "content_reports_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "report_queue_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "moderation_decisions_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "content_appeals_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "transparency_publications_id";
  DROP TYPE "public"."enum_content_reports_reason";
  DROP TYPE "public"."enum_content_reports_status";
  DROP TYPE "public"."enum_report_queue_status";
  DROP TYPE "public"."enum_moderation_decisions_outcome";
  DROP TYPE "public"."enum_content_appeals_status";`)
}
