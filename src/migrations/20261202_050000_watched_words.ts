import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

// Hand-written: tables of the service's own SQL, no collection of Payload's. One watched word per
// folded pattern and language (NULL: every language, hence the COALESCE in the unique index); the
// settings are one row whose `version` every change of the list or the settings counts up, which
// each instance compares at most once a second; a held item's row says which words held it.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(
    sql.raw(`
  CREATE TABLE "watched_words" (
    "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    "pattern" varchar(100) NOT NULL,
    "folded" varchar NOT NULL,
    "locale" varchar,
    "effect" varchar NOT NULL CHECK ("effect" IN ('block', 'require_approval', 'flag', 'censor')),
    "replacement" varchar(100),
    "updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
    "created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  CREATE UNIQUE INDEX "watched_words_folded_locale_idx" ON "watched_words" ("folded", COALESCE("locale", ''));
  CREATE INDEX "watched_words_created_at_idx" ON "watched_words" ("created_at");
  CREATE TABLE "moderation_settings" (
    "id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
    "new_member_days" integer NOT NULL DEFAULT 0,
    "new_member_daily_items" integer NOT NULL DEFAULT 0,
    "new_member_max_links" integer NOT NULL DEFAULT 0,
    "new_member_first_approved" integer NOT NULL DEFAULT 0,
    "version" bigint NOT NULL DEFAULT 0,
    "updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  INSERT INTO "moderation_settings" ("id") VALUES (1);
  CREATE TABLE "watched_word_holds" (
    "post_type" varchar NOT NULL,
    "post_id" uuid NOT NULL,
    "held_as" varchar NOT NULL CHECK ("held_as" IN ('pending_review', 'moderated')),
    "words" jsonb NOT NULL,
    "created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
    PRIMARY KEY ("post_type", "post_id")
  );`),
  )
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(
    sql.raw(
      `DROP TABLE IF EXISTS "watched_word_holds"; DROP TABLE IF EXISTS "moderation_settings"; DROP TABLE IF EXISTS "watched_words";`,
    ),
  )
}
