import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "galleries_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" uuid NOT NULL,
  	"path" varchar NOT NULL,
  	"community_media_id" uuid
  );
  
  CREATE TABLE "community_media" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"uploader_id" uuid,
  	"author_name" varchar,
  	"alt" varchar,
  	"caption" varchar,
  	"encoding_format" varchar,
  	"prefix" varchar DEFAULT '',
  	"_objectkey" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"url" varchar,
  	"thumbnail_u_r_l" varchar,
  	"filename" varchar,
  	"mime_type" varchar,
  	"filesize" numeric,
  	"width" numeric,
  	"height" numeric,
  	"focal_x" numeric,
  	"focal_y" numeric,
  	"sizes_thumbnail_url" varchar,
  	"sizes_thumbnail_width" numeric,
  	"sizes_thumbnail_height" numeric,
  	"sizes_thumbnail_mime_type" varchar,
  	"sizes_thumbnail_filesize" numeric,
  	"sizes_thumbnail_filename" varchar
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "community_media_id" uuid;
  ALTER TABLE "galleries_rels" ADD CONSTRAINT "galleries_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."galleries"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "galleries_rels" ADD CONSTRAINT "galleries_rels_community_media_fk" FOREIGN KEY ("community_media_id") REFERENCES "public"."community_media"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "community_media" ADD CONSTRAINT "community_media_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "galleries_rels_order_idx" ON "galleries_rels" USING btree ("order");
  CREATE INDEX "galleries_rels_parent_idx" ON "galleries_rels" USING btree ("parent_id");
  CREATE INDEX "galleries_rels_path_idx" ON "galleries_rels" USING btree ("path");
  CREATE INDEX "galleries_rels_community_media_id_idx" ON "galleries_rels" USING btree ("community_media_id");
  CREATE INDEX "community_media_uploader_idx" ON "community_media" USING btree ("uploader_id");
  CREATE INDEX "community_media_updated_at_idx" ON "community_media" USING btree ("updated_at");
  CREATE INDEX "community_media_created_at_idx" ON "community_media" USING btree ("created_at");
  CREATE UNIQUE INDEX "community_media_filename_idx" ON "community_media" USING btree ("filename");
  CREATE INDEX "community_media_sizes_thumbnail_sizes_thumbnail_filename_idx" ON "community_media" USING btree ("sizes_thumbnail_filename");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_community_media_fk" FOREIGN KEY ("community_media_id") REFERENCES "public"."community_media"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_community_media_id_idx" ON "payload_locked_documents_rels" USING btree ("community_media_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "galleries_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "community_media" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "galleries_rels" CASCADE;
  DROP TABLE "community_media" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_community_media_fk";
  
  DROP INDEX "payload_locked_documents_rels_community_media_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "community_media_id";`)
}
