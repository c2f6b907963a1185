import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_service_media_type" AS ENUM('image', 'video', 'audio');
  ALTER TABLE "service_media" ADD COLUMN "license" varchar;
  ALTER TABLE "service_media" ADD COLUMN "copyright_holder" varchar;
  ALTER TABLE "service_media" ADD COLUMN "duration" varchar;
  ALTER TABLE "service_media" ADD COLUMN "type" "enum_service_media_type" DEFAULT 'image' NOT NULL;
  ALTER TABLE "service_media" ADD COLUMN "encoding_format" varchar;
  ALTER TABLE "service_media" ADD COLUMN "prefix" varchar DEFAULT '';
  ALTER TABLE "service_media" ADD COLUMN "_objectkey" varchar;
  ALTER TABLE "service_media" ADD COLUMN "sizes_thumbnail_url" varchar;
  ALTER TABLE "service_media" ADD COLUMN "sizes_thumbnail_width" numeric;
  ALTER TABLE "service_media" ADD COLUMN "sizes_thumbnail_height" numeric;
  ALTER TABLE "service_media" ADD COLUMN "sizes_thumbnail_mime_type" varchar;
  ALTER TABLE "service_media" ADD COLUMN "sizes_thumbnail_filesize" numeric;
  ALTER TABLE "service_media" ADD COLUMN "sizes_thumbnail_filename" varchar;
  ALTER TABLE "service_media_locales" ADD COLUMN "description" varchar;
  CREATE INDEX "service_media_type_idx" ON "service_media" USING btree ("type");
  CREATE INDEX "service_media_sizes_thumbnail_sizes_thumbnail_filename_idx" ON "service_media" USING btree ("sizes_thumbnail_filename");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "service_media_type_idx";
  DROP INDEX "service_media_sizes_thumbnail_sizes_thumbnail_filename_idx";
  ALTER TABLE "service_media" DROP COLUMN "license";
  ALTER TABLE "service_media" DROP COLUMN "copyright_holder";
  ALTER TABLE "service_media" DROP COLUMN "duration";
  ALTER TABLE "service_media" DROP COLUMN "type";
  ALTER TABLE "service_media" DROP COLUMN "encoding_format";
  ALTER TABLE "service_media" DROP COLUMN "prefix";
  ALTER TABLE "service_media" DROP COLUMN "_objectkey";
  ALTER TABLE "service_media" DROP COLUMN "sizes_thumbnail_url";
  ALTER TABLE "service_media" DROP COLUMN "sizes_thumbnail_width";
  ALTER TABLE "service_media" DROP COLUMN "sizes_thumbnail_height";
  ALTER TABLE "service_media" DROP COLUMN "sizes_thumbnail_mime_type";
  ALTER TABLE "service_media" DROP COLUMN "sizes_thumbnail_filesize";
  ALTER TABLE "service_media" DROP COLUMN "sizes_thumbnail_filename";
  ALTER TABLE "service_media_locales" DROP COLUMN "description";
  DROP TYPE "public"."enum_service_media_type";`)
}
