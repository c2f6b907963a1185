import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

// Generated: the webhook event. Hand-written: the outdated texts, tables of the service's own SQL (no collection of
// Payload's). A row is one outdated text, a language's value whose source changed after it was last saved; no row
// is a current text. The documents' deletes take their rows with them.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_webhooks_events" ADD VALUE 'translation.outdated' BEFORE 'webhook.test';
  CREATE TABLE "service_translations_outdated" (
    "service_id" uuid NOT NULL REFERENCES "service_listings"("id") ON DELETE CASCADE,
    "lang" varchar NOT NULL,
    "text" varchar NOT NULL,
    "source_changed_at" timestamp(3) with time zone NOT NULL,
    PRIMARY KEY ("service_id", "lang", "text")
  );
  CREATE INDEX "service_translations_outdated_lang_idx" ON "service_translations_outdated" ("lang", "service_id");
  CREATE TABLE "category_translations_outdated" (
    "category_id" uuid NOT NULL REFERENCES "service_categories"("id") ON DELETE CASCADE,
    "lang" varchar NOT NULL,
    "text" varchar NOT NULL,
    "source_changed_at" timestamp(3) with time zone NOT NULL,
    PRIMARY KEY ("category_id", "lang", "text")
  );
  CREATE INDEX "category_translations_outdated_lang_idx" ON "category_translations_outdated" ("lang", "category_id");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  // Subscriptions to the event go with it: the old type has no such value.
  await db.execute(sql`
   DROP TABLE IF EXISTS "category_translations_outdated";
   DROP TABLE IF EXISTS "service_translations_outdated";
   DELETE FROM "webhooks_events" WHERE "value" = 'translation.outdated';
   ALTER TABLE "webhooks_events" ALTER COLUMN "value" SET DATA TYPE text;
  DROP TYPE "public"."enum_webhooks_events";
  CREATE TYPE "public"."enum_webhooks_events" AS ENUM('*', 'booking.created', 'booking.confirmed', 'booking.cancelled', 'booking.completed', 'booking.no_show', 'booking.responded', 'booking.rescheduled', 'content.created', 'content.moderated', 'content.approved', 'content.rejected', 'report.created', 'report.resolved', 'appeal.created', 'appeal.decided', 'service.created', 'service.updated', 'service.deleted', 'user.created', 'webhook.test');
  ALTER TABLE "webhooks_events" ALTER COLUMN "value" SET DATA TYPE "public"."enum_webhooks_events" USING "value"::"public"."enum_webhooks_events";`)
}
