import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

// The author's username beside each comment, for moderators (docs/decisions.md "Author
// names are denormalised for moderators"; collections/authorName.ts). Generated, plus the
// backfill: comments written before it get their author's current username, the ones of a
// deleted account stay without one.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "blog_comments" ADD COLUMN "author_name" varchar;
   UPDATE "blog_comments" SET "author_name" = "users"."username" FROM "users" WHERE "users"."id" = "blog_comments"."author_id_id";`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "blog_comments" DROP COLUMN "author_name";`)
}
