import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "blog_posts_locales" ADD COLUMN "excerpt" varchar;
  ALTER TABLE "profiles" ADD COLUMN "display_name" varchar;
  ALTER TABLE "profiles" ADD COLUMN "bio" varchar;
  ALTER TABLE "profiles" ADD COLUMN "avatar_id" uuid;
  ALTER TABLE "profiles" ADD COLUMN "locale" varchar;
  ALTER TABLE "profiles" ADD CONSTRAINT "profiles_avatar_id_community_media_id_fk" FOREIGN KEY ("avatar_id") REFERENCES "public"."community_media"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "profiles_avatar_idx" ON "profiles" USING btree ("avatar_id");
  -- Usernames are looked up and kept unique ignoring case (GET /api/profile/<username>).
  CREATE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "profiles" DROP CONSTRAINT "profiles_avatar_id_community_media_id_fk";
  
  DROP INDEX "profiles_avatar_idx";
  DROP INDEX "users_username_lower_idx";
  ALTER TABLE "blog_posts_locales" DROP COLUMN "excerpt";
  ALTER TABLE "profiles" DROP COLUMN "display_name";
  ALTER TABLE "profiles" DROP COLUMN "bio";
  ALTER TABLE "profiles" DROP COLUMN "avatar_id";
  ALTER TABLE "profiles" DROP COLUMN "locale";`)
}
