import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_verification_tokens_purpose" ADD VALUE 'email_change';
  ALTER TABLE "users" ADD COLUMN "image" varchar;
  ALTER TABLE "users" ADD COLUMN "banned" boolean DEFAULT false NOT NULL;
  ALTER TABLE "users" ADD COLUMN "ban_reason" varchar;
  ALTER TABLE "users" ADD COLUMN "ban_expires" timestamp(3) with time zone;
  ALTER TABLE "verification_tokens" ADD COLUMN "new_email" varchar;
  CREATE INDEX "users_banned_idx" ON "users" USING btree ("banned");
  -- admin/list-users searches (contains, starts_with, ends_with: ILIKE) on email and name.
  CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);
  CREATE INDEX IF NOT EXISTS "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "verification_tokens" ALTER COLUMN "purpose" SET DATA TYPE text;
  DROP TYPE "public"."enum_verification_tokens_purpose";
  CREATE TYPE "public"."enum_verification_tokens_purpose" AS ENUM('email_verification', 'password_reset');
  ALTER TABLE "verification_tokens" ALTER COLUMN "purpose" SET DATA TYPE "public"."enum_verification_tokens_purpose" USING "purpose"::"public"."enum_verification_tokens_purpose";
  DROP INDEX "users_banned_idx";
  DROP INDEX IF EXISTS "users_email_trgm_idx";
  DROP INDEX IF EXISTS "users_name_trgm_idx";
  ALTER TABLE "users" DROP COLUMN "image";
  ALTER TABLE "users" DROP COLUMN "banned";
  ALTER TABLE "users" DROP COLUMN "ban_reason";
  ALTER TABLE "users" DROP COLUMN "ban_expires";
  ALTER TABLE "verification_tokens" DROP COLUMN "new_email";`)
}
