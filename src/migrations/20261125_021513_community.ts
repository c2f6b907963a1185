import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_reviews_status" AS ENUM('published', 'moderated', 'deleted');
  CREATE TYPE "public"."enum_comments_status" AS ENUM('published', 'moderated', 'deleted');
  CREATE TYPE "public"."enum_forum_threads_status" AS ENUM('published', 'closed', 'moderated', 'deleted');
  CREATE TYPE "public"."enum_forum_posts_status" AS ENUM('published', 'moderated', 'deleted');
  CREATE TYPE "public"."enum_classifieds_status" AS ENUM('pending_review', 'active', 'sold', 'expired', 'archived', 'rejected');
  CREATE TYPE "public"."enum_places_status" AS ENUM('pending_review', 'published', 'archived', 'rejected');
  CREATE TYPE "public"."enum_articles_status" AS ENUM('draft', 'pending_review', 'published', 'archived', 'rejected');
  CREATE TYPE "public"."enum_events_status" AS ENUM('published', 'moderated', 'deleted');
  CREATE TYPE "public"."enum_groups_status" AS ENUM('published', 'moderated', 'deleted');
  CREATE TYPE "public"."enum_galleries_status" AS ENUM('published', 'moderated', 'deleted');
  CREATE TYPE "public"."enum_products_status" AS ENUM('published', 'moderated', 'deleted');
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'expire-classifieds';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'expire-classifieds';
  CREATE TABLE "reviews" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"author_id" uuid,
  	"service_id" uuid,
  	"booking_id" uuid NOT NULL,
  	"rating" numeric NOT NULL,
  	"body" varchar NOT NULL,
  	"status" "enum_reviews_status" DEFAULT 'published' NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "comments" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"author_id" uuid,
  	"body" varchar NOT NULL,
  	"status" "enum_comments_status" DEFAULT 'published' NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "comments_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" uuid NOT NULL,
  	"path" varchar NOT NULL,
  	"articles_id" uuid,
  	"events_id" uuid,
  	"places_id" uuid,
  	"galleries_id" uuid,
  	"products_id" uuid,
  	"classifieds_id" uuid
  );
  
  CREATE TABLE "forum_threads" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"author_id" uuid,
  	"title" varchar NOT NULL,
  	"body" varchar NOT NULL,
  	"pinned" boolean DEFAULT false NOT NULL,
  	"post_count" numeric DEFAULT 0 NOT NULL,
  	"last_post_at" timestamp(3) with time zone,
  	"status" "enum_forum_threads_status" DEFAULT 'published' NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "forum_posts" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"author_id" uuid,
  	"thread_id" uuid NOT NULL,
  	"body" varchar NOT NULL,
  	"status" "enum_forum_posts_status" DEFAULT 'published' NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "classifieds" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"author_id" uuid,
  	"title" varchar NOT NULL,
  	"description" varchar,
  	"price" varchar,
  	"currency" varchar DEFAULT 'EUR' NOT NULL,
  	"location" varchar,
  	"expires_at" timestamp(3) with time zone,
  	"status" "enum_classifieds_status" DEFAULT 'pending_review' NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "places" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"author_id" uuid,
  	"name" varchar NOT NULL,
  	"description" varchar,
  	"address" varchar,
  	"latitude" numeric,
  	"longitude" numeric,
  	"status" "enum_places_status" DEFAULT 'pending_review' NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "articles" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"author_id" uuid,
  	"title" varchar NOT NULL,
  	"excerpt" varchar,
  	"body" jsonb,
  	"published_at" timestamp(3) with time zone,
  	"status" "enum_articles_status" DEFAULT 'draft' NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "events" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"author_id" uuid,
  	"title" varchar NOT NULL,
  	"description" varchar,
  	"starts_at" timestamp(3) with time zone NOT NULL,
  	"ends_at" timestamp(3) with time zone,
  	"place_id" uuid,
  	"group_id" uuid,
  	"status" "enum_events_status" DEFAULT 'published' NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "groups" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"author_id" uuid,
  	"name" varchar NOT NULL,
  	"description" varchar,
  	"status" "enum_groups_status" DEFAULT 'published' NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "galleries" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"author_id" uuid,
  	"title" varchar NOT NULL,
  	"description" varchar,
  	"status" "enum_galleries_status" DEFAULT 'published' NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "products" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"author_id" uuid,
  	"title" varchar NOT NULL,
  	"description" varchar,
  	"price" varchar,
  	"currency" varchar DEFAULT 'EUR' NOT NULL,
  	"status" "enum_products_status" DEFAULT 'published' NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "service_listings" ADD COLUMN "rating_count" numeric DEFAULT 0 NOT NULL;
  ALTER TABLE "service_listings" ADD COLUMN "rating_sum" numeric DEFAULT 0 NOT NULL;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "reviews_id" uuid;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "comments_id" uuid;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "forum_threads_id" uuid;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "forum_posts_id" uuid;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "classifieds_id" uuid;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "places_id" uuid;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "articles_id" uuid;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "events_id" uuid;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "groups_id" uuid;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "galleries_id" uuid;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "products_id" uuid;
  ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "reviews" ADD CONSTRAINT "reviews_service_id_service_listings_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."service_listings"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "comments" ADD CONSTRAINT "comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "comments_rels" ADD CONSTRAINT "comments_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "comments_rels" ADD CONSTRAINT "comments_rels_articles_fk" FOREIGN KEY ("articles_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "comments_rels" ADD CONSTRAINT "comments_rels_events_fk" FOREIGN KEY ("events_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "comments_rels" ADD CONSTRAINT "comments_rels_places_fk" FOREIGN KEY ("places_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "comments_rels" ADD CONSTRAINT "comments_rels_galleries_fk" FOREIGN KEY ("galleries_id") REFERENCES "public"."galleries"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "comments_rels" ADD CONSTRAINT "comments_rels_products_fk" FOREIGN KEY ("products_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "comments_rels" ADD CONSTRAINT "comments_rels_classifieds_fk" FOREIGN KEY ("classifieds_id") REFERENCES "public"."classifieds"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "forum_threads" ADD CONSTRAINT "forum_threads_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "forum_posts" ADD CONSTRAINT "forum_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "forum_posts" ADD CONSTRAINT "forum_posts_thread_id_forum_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."forum_threads"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "classifieds" ADD CONSTRAINT "classifieds_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "places" ADD CONSTRAINT "places_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "articles" ADD CONSTRAINT "articles_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "events" ADD CONSTRAINT "events_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "events" ADD CONSTRAINT "events_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "events" ADD CONSTRAINT "events_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "groups" ADD CONSTRAINT "groups_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "galleries" ADD CONSTRAINT "galleries_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "products" ADD CONSTRAINT "products_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "reviews_author_idx" ON "reviews" USING btree ("author_id");
  CREATE INDEX "reviews_service_idx" ON "reviews" USING btree ("service_id");
  CREATE UNIQUE INDEX "reviews_booking_idx" ON "reviews" USING btree ("booking_id");
  CREATE INDEX "reviews_status_idx" ON "reviews" USING btree ("status");
  CREATE INDEX "reviews_updated_at_idx" ON "reviews" USING btree ("updated_at");
  CREATE INDEX "reviews_created_at_idx" ON "reviews" USING btree ("created_at");
  CREATE INDEX "comments_author_idx" ON "comments" USING btree ("author_id");
  CREATE INDEX "comments_status_idx" ON "comments" USING btree ("status");
  CREATE INDEX "comments_updated_at_idx" ON "comments" USING btree ("updated_at");
  CREATE INDEX "comments_created_at_idx" ON "comments" USING btree ("created_at");
  CREATE INDEX "comments_rels_order_idx" ON "comments_rels" USING btree ("order");
  CREATE INDEX "comments_rels_parent_idx" ON "comments_rels" USING btree ("parent_id");
  CREATE INDEX "comments_rels_path_idx" ON "comments_rels" USING btree ("path");
  CREATE INDEX "comments_rels_articles_id_idx" ON "comments_rels" USING btree ("articles_id");
  CREATE INDEX "comments_rels_events_id_idx" ON "comments_rels" USING btree ("events_id");
  CREATE INDEX "comments_rels_places_id_idx" ON "comments_rels" USING btree ("places_id");
  CREATE INDEX "comments_rels_galleries_id_idx" ON "comments_rels" USING btree ("galleries_id");
  CREATE INDEX "comments_rels_products_id_idx" ON "comments_rels" USING btree ("products_id");
  CREATE INDEX "comments_rels_classifieds_id_idx" ON "comments_rels" USING btree ("classifieds_id");
  CREATE INDEX "forum_threads_author_idx" ON "forum_threads" USING btree ("author_id");
  CREATE INDEX "forum_threads_status_idx" ON "forum_threads" USING btree ("status");
  CREATE INDEX "forum_threads_updated_at_idx" ON "forum_threads" USING btree ("updated_at");
  CREATE INDEX "forum_threads_created_at_idx" ON "forum_threads" USING btree ("created_at");
  CREATE INDEX "pinned_lastPostAt_idx" ON "forum_threads" USING btree ("pinned","last_post_at");
  CREATE INDEX "forum_posts_author_idx" ON "forum_posts" USING btree ("author_id");
  CREATE INDEX "forum_posts_thread_idx" ON "forum_posts" USING btree ("thread_id");
  CREATE INDEX "forum_posts_status_idx" ON "forum_posts" USING btree ("status");
  CREATE INDEX "forum_posts_updated_at_idx" ON "forum_posts" USING btree ("updated_at");
  CREATE INDEX "forum_posts_created_at_idx" ON "forum_posts" USING btree ("created_at");
  CREATE INDEX "thread_createdAt_idx" ON "forum_posts" USING btree ("thread_id","created_at");
  CREATE INDEX "classifieds_author_idx" ON "classifieds" USING btree ("author_id");
  CREATE INDEX "classifieds_expires_at_idx" ON "classifieds" USING btree ("expires_at");
  CREATE INDEX "classifieds_status_idx" ON "classifieds" USING btree ("status");
  CREATE INDEX "classifieds_updated_at_idx" ON "classifieds" USING btree ("updated_at");
  CREATE INDEX "classifieds_created_at_idx" ON "classifieds" USING btree ("created_at");
  CREATE INDEX "places_author_idx" ON "places" USING btree ("author_id");
  CREATE INDEX "places_status_idx" ON "places" USING btree ("status");
  CREATE INDEX "places_updated_at_idx" ON "places" USING btree ("updated_at");
  CREATE INDEX "places_created_at_idx" ON "places" USING btree ("created_at");
  CREATE INDEX "articles_author_idx" ON "articles" USING btree ("author_id");
  CREATE INDEX "articles_published_at_idx" ON "articles" USING btree ("published_at");
  CREATE INDEX "articles_status_idx" ON "articles" USING btree ("status");
  CREATE INDEX "articles_updated_at_idx" ON "articles" USING btree ("updated_at");
  CREATE INDEX "articles_created_at_idx" ON "articles" USING btree ("created_at");
  CREATE INDEX "events_author_idx" ON "events" USING btree ("author_id");
  CREATE INDEX "events_starts_at_idx" ON "events" USING btree ("starts_at");
  CREATE INDEX "events_place_idx" ON "events" USING btree ("place_id");
  CREATE INDEX "events_group_idx" ON "events" USING btree ("group_id");
  CREATE INDEX "events_status_idx" ON "events" USING btree ("status");
  CREATE INDEX "events_updated_at_idx" ON "events" USING btree ("updated_at");
  CREATE INDEX "events_created_at_idx" ON "events" USING btree ("created_at");
  CREATE INDEX "groups_author_idx" ON "groups" USING btree ("author_id");
  CREATE INDEX "groups_status_idx" ON "groups" USING btree ("status");
  CREATE INDEX "groups_updated_at_idx" ON "groups" USING btree ("updated_at");
  CREATE INDEX "groups_created_at_idx" ON "groups" USING btree ("created_at");
  CREATE INDEX "galleries_author_idx" ON "galleries" USING btree ("author_id");
  CREATE INDEX "galleries_status_idx" ON "galleries" USING btree ("status");
  CREATE INDEX "galleries_updated_at_idx" ON "galleries" USING btree ("updated_at");
  CREATE INDEX "galleries_created_at_idx" ON "galleries" USING btree ("created_at");
  CREATE INDEX "products_author_idx" ON "products" USING btree ("author_id");
  CREATE INDEX "products_status_idx" ON "products" USING btree ("status");
  CREATE INDEX "products_updated_at_idx" ON "products" USING btree ("updated_at");
  CREATE INDEX "products_created_at_idx" ON "products" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_reviews_fk" FOREIGN KEY ("reviews_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_comments_fk" FOREIGN KEY ("comments_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_forum_threads_fk" FOREIGN KEY ("forum_threads_id") REFERENCES "public"."forum_threads"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_forum_posts_fk" FOREIGN KEY ("forum_posts_id") REFERENCES "public"."forum_posts"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_classifieds_fk" FOREIGN KEY ("classifieds_id") REFERENCES "public"."classifieds"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_places_fk" FOREIGN KEY ("places_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_articles_fk" FOREIGN KEY ("articles_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_events_fk" FOREIGN KEY ("events_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_groups_fk" FOREIGN KEY ("groups_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_galleries_fk" FOREIGN KEY ("galleries_id") REFERENCES "public"."galleries"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_products_fk" FOREIGN KEY ("products_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_reviews_id_idx" ON "payload_locked_documents_rels" USING btree ("reviews_id");
  CREATE INDEX "payload_locked_documents_rels_comments_id_idx" ON "payload_locked_documents_rels" USING btree ("comments_id");
  CREATE INDEX "payload_locked_documents_rels_forum_threads_id_idx" ON "payload_locked_documents_rels" USING btree ("forum_threads_id");
  CREATE INDEX "payload_locked_documents_rels_forum_posts_id_idx" ON "payload_locked_documents_rels" USING btree ("forum_posts_id");
  CREATE INDEX "payload_locked_documents_rels_classifieds_id_idx" ON "payload_locked_documents_rels" USING btree ("classifieds_id");
  CREATE INDEX "payload_locked_documents_rels_places_id_idx" ON "payload_locked_documents_rels" USING btree ("places_id");
  CREATE INDEX "payload_locked_documents_rels_articles_id_idx" ON "payload_locked_documents_rels" USING btree ("articles_id");
  CREATE INDEX "payload_locked_documents_rels_events_id_idx" ON "payload_locked_documents_rels" USING btree ("events_id");
  CREATE INDEX "payload_locked_documents_rels_groups_id_idx" ON "payload_locked_documents_rels" USING btree ("groups_id");
  CREATE INDEX "payload_locked_documents_rels_galleries_id_idx" ON "payload_locked_documents_rels" USING btree ("galleries_id");
  CREATE INDEX "payload_locked_documents_rels_products_id_idx" ON "payload_locked_documents_rels" USING btree ("products_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "reviews" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "comments" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "comments_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "forum_threads" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "forum_posts" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "classifieds" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "places" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "articles" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "events" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "groups" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "galleries" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "products" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "reviews" CASCADE;
  DROP TABLE "comments" CASCADE;
  DROP TABLE "comments_rels" CASCADE;
  DROP TABLE "forum_threads" CASCADE;
  DROP TABLE "forum_posts" CASCADE;
  DROP TABLE "classifieds" CASCADE;
  DROP TABLE "places" CASCADE;
  DROP TABLE "articles" CASCADE;
  DROP TABLE "events" CASCADE;
  DROP TABLE "groups" CASCADE;
  DROP TABLE "galleries" CASCADE;
  DROP TABLE "products" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_reviews_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_comments_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_forum_threads_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_forum_posts_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_classifieds_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_places_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_articles_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_events_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_groups_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_galleries_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_products_fk";
  
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'send-mail');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'send-mail');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "payload_locked_documents_rels_reviews_id_idx";
  DROP INDEX "payload_locked_documents_rels_comments_id_idx";
  DROP INDEX "payload_locked_documents_rels_forum_threads_id_idx";
  DROP INDEX "payload_locked_documents_rels_forum_posts_id_idx";
  DROP INDEX "payload_locked_documents_rels_classifieds_id_idx";
  DROP INDEX "payload_locked_documents_rels_places_id_idx";
  DROP INDEX "payload_locked_documents_rels_articles_id_idx";
  DROP INDEX "payload_locked_documents_rels_events_id_idx";
  DROP INDEX "payload_locked_documents_rels_groups_id_idx";
  DROP INDEX "payload_locked_documents_rels_galleries_id_idx";
  DROP INDEX "payload_locked_documents_rels_products_id_idx";
  ALTER TABLE "service_listings" DROP COLUMN "rating_count";
  ALTER TABLE "service_listings" DROP COLUMN "rating_sum";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "reviews_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "comments_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "forum_threads_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "forum_posts_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "classifieds_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "places_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "articles_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "events_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "groups_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "galleries_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "products_id";
  DROP TYPE "public"."enum_reviews_status";
  DROP TYPE "public"."enum_comments_status";
  DROP TYPE "public"."enum_forum_threads_status";
  DROP TYPE "public"."enum_forum_posts_status";
  DROP TYPE "public"."enum_classifieds_status";
  DROP TYPE "public"."enum_places_status";
  DROP TYPE "public"."enum_articles_status";
  DROP TYPE "public"."enum_events_status";
  DROP TYPE "public"."enum_groups_status";
  DROP TYPE "public"."enum_galleries_status";
  DROP TYPE "public"."enum_products_status";`)
}
