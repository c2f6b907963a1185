import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

// The author's username on every community content type, for moderators (docs/decisions.md
// "Author names are denormalised for moderators", docs/decisions.md "The community panel";
// collections/authorName.ts through collections/community/contentCollection.ts). Generated,
// plus the backfill: items written before it get their author's current username, those of a
// deleted account stay without one.
const TABLES = [
  'reviews',
  'comments',
  'forum_threads',
  'forum_posts',
  'classifieds',
  'places',
  'articles',
  'events',
  'groups',
  'galleries',
  'products',
] as const

export async function up({ db }: MigrateUpArgs): Promise<void> {
  for (const table of TABLES) {
    const name = sql.identifier(table)
    await db.execute(sql`
     ALTER TABLE ${name} ADD COLUMN "author_name" varchar;
     UPDATE ${name} SET "author_name" = "users"."username" FROM "users" WHERE "users"."id" = ${name}."author_id";`)
  }
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  for (const table of TABLES) await db.execute(sql`ALTER TABLE ${sql.identifier(table)} DROP COLUMN "author_name";`)
}
