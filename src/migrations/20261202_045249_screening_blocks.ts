import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

// Generated for the signup-screening collection; then by hand: the tables of blocking between members and of
// accounts waiting for approval (the service's own SQL, no collection of Payload's). A block bumps the read cache's
// version under `member-blocks`, which the community lists depend on (a blocker's lists change with it).
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_signup_screening_kind" AS ENUM('email_domain', 'email', 'ip');
  CREATE TYPE "public"."enum_signup_screening_effect" AS ENUM('block', 'require_approval');
  CREATE TABLE "signup_screening" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"kind" "enum_signup_screening_kind" NOT NULL,
  	"value" varchar NOT NULL,
  	"effect" "enum_signup_screening_effect" NOT NULL,
  	"note" varchar,
  	"expires_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "signup_screening_id" uuid;
  CREATE INDEX "signup_screening_expires_at_idx" ON "signup_screening" USING btree ("expires_at");
  CREATE INDEX "signup_screening_updated_at_idx" ON "signup_screening" USING btree ("updated_at");
  CREATE INDEX "signup_screening_created_at_idx" ON "signup_screening" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_signup_screening_fk" FOREIGN KEY ("signup_screening_id") REFERENCES "public"."signup_screening"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_signup_screening_id_idx" ON "payload_locked_documents_rels" USING btree ("signup_screening_id");`)
  await db.execute(sql`
  CREATE TABLE "member_blocks" (
    "blocker_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
    "blocked_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
    "created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
    PRIMARY KEY ("blocker_id", "blocked_id"),
    CHECK ("blocker_id" <> "blocked_id")
  );
  CREATE INDEX "member_blocks_blocked_idx" ON "member_blocks" USING btree ("blocked_id");
  CREATE TABLE "pending_accounts" (
    "user_id" uuid PRIMARY KEY REFERENCES "users"("id") ON DELETE CASCADE,
    "screening_id" uuid,
    "created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  SELECT collection_versions_attach('member-blocks');`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE IF EXISTS "pending_accounts";
   DROP TABLE IF EXISTS "member_blocks";
   ALTER TABLE "signup_screening" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "signup_screening" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_signup_screening_fk";
  
  DROP INDEX "payload_locked_documents_rels_signup_screening_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "signup_screening_id";
  DROP TYPE "public"."enum_signup_screening_kind";
  DROP TYPE "public"."enum_signup_screening_effect";`)
}
