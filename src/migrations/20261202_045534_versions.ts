import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_service_listings_publication" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__service_listings_v_version_media_type" AS ENUM('cover', 'gallery');
  CREATE TYPE "public"."enum__service_listings_v_version_status" AS ENUM('draft', 'active', 'suspended', 'archived');
  CREATE TYPE "public"."enum__service_listings_v_version_price_type" AS ENUM('hourly', 'fixed', 'per_session', 'custom');
  CREATE TYPE "public"."enum__service_listings_v_version_publication" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__service_listings_v_published_locale" AS ENUM('en', 'fr', 'de', 'es', 'it', 'nl');
  CREATE TYPE "public"."enum_blog_posts_publication" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__blog_posts_v_version_status" AS ENUM('draft', 'published', 'archived');
  CREATE TYPE "public"."enum__blog_posts_v_version_publication" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__blog_posts_v_published_locale" AS ENUM('en', 'fr', 'de', 'es', 'it', 'nl');
  CREATE TYPE "public"."enum__reviews_v_version_status" AS ENUM('published', 'moderated', 'deleted');
  CREATE TYPE "public"."enum__comments_v_version_status" AS ENUM('published', 'moderated', 'deleted');
  CREATE TYPE "public"."enum__forum_threads_v_version_status" AS ENUM('published', 'closed', 'moderated', 'deleted');
  CREATE TYPE "public"."enum__forum_posts_v_version_status" AS ENUM('published', 'moderated', 'deleted');
  CREATE TYPE "public"."enum__classifieds_v_version_status" AS ENUM('pending_review', 'active', 'sold', 'expired', 'archived', 'rejected');
  CREATE TYPE "public"."enum__places_v_version_status" AS ENUM('pending_review', 'published', 'archived', 'rejected');
  CREATE TYPE "public"."enum_articles_publication" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__articles_v_version_status" AS ENUM('draft', 'pending_review', 'published', 'archived', 'rejected');
  CREATE TYPE "public"."enum__articles_v_version_publication" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__articles_v_published_locale" AS ENUM('en', 'fr', 'de', 'es', 'it', 'nl');
  CREATE TYPE "public"."enum__events_v_version_status" AS ENUM('published', 'moderated', 'deleted');
  CREATE TYPE "public"."enum__groups_v_version_status" AS ENUM('published', 'moderated', 'deleted');
  CREATE TYPE "public"."enum__galleries_v_version_status" AS ENUM('published', 'moderated', 'deleted');
  CREATE TYPE "public"."enum__products_v_version_status" AS ENUM('published', 'moderated', 'deleted');
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'schedulePublish';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'schedulePublish';
  CREATE TABLE "_service_listings_v_version_translations" (
  	"_order" integer NOT NULL,
  	"_parent_id" uuid NOT NULL,
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"in_language" varchar,
  	"title" varchar,
  	"short_description" varchar,
  	"description" varchar,
  	"seo_title" varchar,
  	"seo_description" varchar,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_service_listings_v_version_media" (
  	"_order" integer NOT NULL,
  	"_parent_id" uuid NOT NULL,
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"file_id" uuid,
  	"type" "enum__service_listings_v_version_media_type" DEFAULT 'gallery',
  	"position" numeric DEFAULT 0,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_service_listings_v" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"parent_id" uuid,
  	"version_title" varchar,
  	"version_slug" varchar,
  	"version_status" "enum__service_listings_v_version_status" DEFAULT 'draft',
  	"version_category_id" uuid,
  	"version_provider_id" uuid,
  	"version_organization_id" uuid,
  	"version_base_price" varchar,
  	"version_price_type" "enum__service_listings_v_version_price_type",
  	"version_currency" varchar DEFAULT 'EUR',
  	"version_duration_minutes" numeric,
  	"version_max_participants" numeric,
  	"version_booking_advance_hours" numeric,
  	"version_cancellation_hours" numeric,
  	"version_buffer_before_minutes" numeric DEFAULT 0,
  	"version_buffer_after_minutes" numeric DEFAULT 0,
  	"version_max_bookings_per_day" numeric,
  	"version_is_mobile" boolean DEFAULT false,
  	"version_is_featured" boolean DEFAULT false,
  	"version_display_in_home" boolean DEFAULT false,
  	"version_allow_reviews" boolean DEFAULT true,
  	"version_rating_count" numeric DEFAULT 0,
  	"version_rating_sum" numeric DEFAULT 0,
  	"version_in_language" varchar,
  	"version_search_text" varchar,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version__status" "enum__service_listings_v_version_publication" DEFAULT 'draft',
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"snapshot" boolean,
  	"published_locale" "enum__service_listings_v_published_locale",
  	"latest" boolean
  );
  
  CREATE TABLE "_service_categories_v" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"parent_id" uuid,
  	"version_slug" varchar NOT NULL,
  	"version_parent_id" uuid,
  	"version_icon" varchar,
  	"version_featured_image_id" uuid,
  	"version_sort_order" numeric DEFAULT 0 NOT NULL,
  	"version_is_active" boolean DEFAULT true NOT NULL,
  	"version_is_featured" boolean DEFAULT false NOT NULL,
  	"version_display_in_home" boolean DEFAULT false NOT NULL,
  	"version_display_in_menu" boolean DEFAULT true NOT NULL,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "_service_categories_v_locales" (
  	"version_name" varchar NOT NULL,
  	"version_description" varchar,
  	"version_seo_title" varchar,
  	"version_seo_description" varchar,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" uuid NOT NULL
  );
  
  CREATE TABLE "_blog_posts_v" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"parent_id" uuid,
  	"version_slug" varchar,
  	"version_author_id_id" uuid,
  	"version_status" "enum__blog_posts_v_version_status" DEFAULT 'draft',
  	"version_published_at" timestamp(3) with time zone,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version__status" "enum__blog_posts_v_version_publication" DEFAULT 'draft',
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"snapshot" boolean,
  	"published_locale" "enum__blog_posts_v_published_locale",
  	"latest" boolean
  );
  
  CREATE TABLE "_blog_posts_v_locales" (
  	"version_title" varchar,
  	"version_excerpt" varchar,
  	"version_body" jsonb,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" uuid NOT NULL
  );
  
  CREATE TABLE "_reviews_v" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"parent_id" uuid,
  	"version_author_id" uuid,
  	"version_author_name" varchar,
  	"version_service_id" uuid,
  	"version_booking_id" uuid NOT NULL,
  	"version_rating" numeric NOT NULL,
  	"version_body" varchar NOT NULL,
  	"version_status" "enum__reviews_v_version_status" DEFAULT 'published' NOT NULL,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "_comments_v" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"parent_id" uuid,
  	"version_author_id" uuid,
  	"version_author_name" varchar,
  	"version_body" varchar NOT NULL,
  	"version_status" "enum__comments_v_version_status" DEFAULT 'published' NOT NULL,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "_comments_v_rels" (
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
  
  CREATE TABLE "_forum_threads_v" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"parent_id" uuid,
  	"version_author_id" uuid,
  	"version_author_name" varchar,
  	"version_title" varchar NOT NULL,
  	"version_body" varchar NOT NULL,
  	"version_pinned" boolean DEFAULT false NOT NULL,
  	"version_post_count" numeric DEFAULT 0 NOT NULL,
  	"version_last_post_at" timestamp(3) with time zone,
  	"version_status" "enum__forum_threads_v_version_status" DEFAULT 'published' NOT NULL,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "_forum_posts_v" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"parent_id" uuid,
  	"version_author_id" uuid,
  	"version_author_name" varchar,
  	"version_thread_id" uuid NOT NULL,
  	"version_body" varchar NOT NULL,
  	"version_status" "enum__forum_posts_v_version_status" DEFAULT 'published' NOT NULL,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "_classifieds_v" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"parent_id" uuid,
  	"version_author_id" uuid,
  	"version_author_name" varchar,
  	"version_title" varchar NOT NULL,
  	"version_description" varchar,
  	"version_price" varchar,
  	"version_currency" varchar DEFAULT 'EUR' NOT NULL,
  	"version_location" varchar,
  	"version_expires_at" timestamp(3) with time zone,
  	"version_status" "enum__classifieds_v_version_status" DEFAULT 'pending_review' NOT NULL,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "_places_v" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"parent_id" uuid,
  	"version_author_id" uuid,
  	"version_author_name" varchar,
  	"version_name" varchar NOT NULL,
  	"version_description" varchar,
  	"version_address" varchar,
  	"version_latitude" numeric,
  	"version_longitude" numeric,
  	"version_status" "enum__places_v_version_status" DEFAULT 'pending_review' NOT NULL,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "_articles_v" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"parent_id" uuid,
  	"version_author_id" uuid,
  	"version_author_name" varchar,
  	"version_title" varchar,
  	"version_excerpt" varchar,
  	"version_body" jsonb,
  	"version_published_at" timestamp(3) with time zone,
  	"version_status" "enum__articles_v_version_status" DEFAULT 'draft',
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version__status" "enum__articles_v_version_publication" DEFAULT 'draft',
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"snapshot" boolean,
  	"published_locale" "enum__articles_v_published_locale",
  	"latest" boolean
  );
  
  CREATE TABLE "_events_v" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"parent_id" uuid,
  	"version_author_id" uuid,
  	"version_author_name" varchar,
  	"version_title" varchar NOT NULL,
  	"version_description" varchar,
  	"version_starts_at" timestamp(3) with time zone NOT NULL,
  	"version_ends_at" timestamp(3) with time zone,
  	"version_place_id" uuid,
  	"version_group_id" uuid,
  	"version_status" "enum__events_v_version_status" DEFAULT 'published' NOT NULL,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "_groups_v" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"parent_id" uuid,
  	"version_author_id" uuid,
  	"version_author_name" varchar,
  	"version_name" varchar NOT NULL,
  	"version_description" varchar,
  	"version_status" "enum__groups_v_version_status" DEFAULT 'published' NOT NULL,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "_galleries_v" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"parent_id" uuid,
  	"version_author_id" uuid,
  	"version_author_name" varchar,
  	"version_title" varchar NOT NULL,
  	"version_description" varchar,
  	"version_status" "enum__galleries_v_version_status" DEFAULT 'published' NOT NULL,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "_galleries_v_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" uuid NOT NULL,
  	"path" varchar NOT NULL,
  	"community_media_id" uuid
  );
  
  CREATE TABLE "_products_v" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"parent_id" uuid,
  	"version_author_id" uuid,
  	"version_author_name" varchar,
  	"version_title" varchar NOT NULL,
  	"version_description" varchar,
  	"version_price" varchar,
  	"version_currency" varchar DEFAULT 'EUR' NOT NULL,
  	"version_status" "enum__products_v_version_status" DEFAULT 'published' NOT NULL,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "service_listings_translations" ALTER COLUMN "in_language" DROP NOT NULL;
  ALTER TABLE "service_listings_translations" ALTER COLUMN "title" DROP NOT NULL;
  ALTER TABLE "service_listings_media" ALTER COLUMN "type" DROP NOT NULL;
  ALTER TABLE "service_listings_media" ALTER COLUMN "position" DROP NOT NULL;
  ALTER TABLE "service_listings" ALTER COLUMN "slug" DROP NOT NULL;
  ALTER TABLE "service_listings" ALTER COLUMN "status" DROP NOT NULL;
  ALTER TABLE "service_listings" ALTER COLUMN "provider_id" DROP NOT NULL;
  ALTER TABLE "service_listings" ALTER COLUMN "currency" DROP NOT NULL;
  ALTER TABLE "service_listings" ALTER COLUMN "buffer_before_minutes" DROP NOT NULL;
  ALTER TABLE "service_listings" ALTER COLUMN "buffer_after_minutes" DROP NOT NULL;
  ALTER TABLE "service_listings" ALTER COLUMN "is_mobile" DROP NOT NULL;
  ALTER TABLE "service_listings" ALTER COLUMN "is_featured" DROP NOT NULL;
  ALTER TABLE "service_listings" ALTER COLUMN "display_in_home" DROP NOT NULL;
  ALTER TABLE "service_listings" ALTER COLUMN "allow_reviews" DROP NOT NULL;
  ALTER TABLE "service_listings" ALTER COLUMN "rating_count" DROP NOT NULL;
  ALTER TABLE "service_listings" ALTER COLUMN "rating_sum" DROP NOT NULL;
  ALTER TABLE "blog_posts" ALTER COLUMN "slug" DROP NOT NULL;
  ALTER TABLE "blog_posts" ALTER COLUMN "status" DROP NOT NULL;
  ALTER TABLE "blog_posts_locales" ALTER COLUMN "title" DROP NOT NULL;
  ALTER TABLE "articles" ALTER COLUMN "title" DROP NOT NULL;
  ALTER TABLE "articles" ALTER COLUMN "status" DROP NOT NULL;
  ALTER TABLE "service_listings" ADD COLUMN "_status" "enum_service_listings_publication" DEFAULT 'draft';
  ALTER TABLE "blog_posts" ADD COLUMN "_status" "enum_blog_posts_publication" DEFAULT 'draft';
  ALTER TABLE "articles" ADD COLUMN "_status" "enum_articles_publication" DEFAULT 'draft';
  ALTER TABLE "_service_listings_v_version_translations" ADD CONSTRAINT "_service_listings_v_version_translations_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_service_listings_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_service_listings_v_version_media" ADD CONSTRAINT "_service_listings_v_version_media_file_id_service_media_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."service_media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_service_listings_v_version_media" ADD CONSTRAINT "_service_listings_v_version_media_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_service_listings_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_service_listings_v" ADD CONSTRAINT "_service_listings_v_parent_id_service_listings_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."service_listings"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_service_listings_v" ADD CONSTRAINT "_service_listings_v_version_category_id_service_categories_id_fk" FOREIGN KEY ("version_category_id") REFERENCES "public"."service_categories"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_service_listings_v" ADD CONSTRAINT "_service_listings_v_version_provider_id_users_id_fk" FOREIGN KEY ("version_provider_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_service_listings_v" ADD CONSTRAINT "_service_listings_v_version_organization_id_organizations_id_fk" FOREIGN KEY ("version_organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_service_categories_v" ADD CONSTRAINT "_service_categories_v_parent_id_service_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."service_categories"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_service_categories_v" ADD CONSTRAINT "_service_categories_v_version_parent_id_service_categories_id_fk" FOREIGN KEY ("version_parent_id") REFERENCES "public"."service_categories"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_service_categories_v" ADD CONSTRAINT "_service_categories_v_version_featured_image_id_service_media_id_fk" FOREIGN KEY ("version_featured_image_id") REFERENCES "public"."service_media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_service_categories_v_locales" ADD CONSTRAINT "_service_categories_v_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_service_categories_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_blog_posts_v" ADD CONSTRAINT "_blog_posts_v_parent_id_blog_posts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."blog_posts"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_blog_posts_v" ADD CONSTRAINT "_blog_posts_v_version_author_id_id_users_id_fk" FOREIGN KEY ("version_author_id_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_blog_posts_v_locales" ADD CONSTRAINT "_blog_posts_v_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_blog_posts_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_reviews_v" ADD CONSTRAINT "_reviews_v_parent_id_reviews_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."reviews"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_reviews_v" ADD CONSTRAINT "_reviews_v_version_author_id_users_id_fk" FOREIGN KEY ("version_author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_reviews_v" ADD CONSTRAINT "_reviews_v_version_service_id_service_listings_id_fk" FOREIGN KEY ("version_service_id") REFERENCES "public"."service_listings"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_reviews_v" ADD CONSTRAINT "_reviews_v_version_booking_id_bookings_id_fk" FOREIGN KEY ("version_booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_comments_v" ADD CONSTRAINT "_comments_v_parent_id_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."comments"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_comments_v" ADD CONSTRAINT "_comments_v_version_author_id_users_id_fk" FOREIGN KEY ("version_author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_comments_v_rels" ADD CONSTRAINT "_comments_v_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."_comments_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_comments_v_rels" ADD CONSTRAINT "_comments_v_rels_articles_fk" FOREIGN KEY ("articles_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_comments_v_rels" ADD CONSTRAINT "_comments_v_rels_events_fk" FOREIGN KEY ("events_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_comments_v_rels" ADD CONSTRAINT "_comments_v_rels_places_fk" FOREIGN KEY ("places_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_comments_v_rels" ADD CONSTRAINT "_comments_v_rels_galleries_fk" FOREIGN KEY ("galleries_id") REFERENCES "public"."galleries"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_comments_v_rels" ADD CONSTRAINT "_comments_v_rels_products_fk" FOREIGN KEY ("products_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_comments_v_rels" ADD CONSTRAINT "_comments_v_rels_classifieds_fk" FOREIGN KEY ("classifieds_id") REFERENCES "public"."classifieds"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_forum_threads_v" ADD CONSTRAINT "_forum_threads_v_parent_id_forum_threads_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."forum_threads"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_forum_threads_v" ADD CONSTRAINT "_forum_threads_v_version_author_id_users_id_fk" FOREIGN KEY ("version_author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_forum_posts_v" ADD CONSTRAINT "_forum_posts_v_parent_id_forum_posts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."forum_posts"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_forum_posts_v" ADD CONSTRAINT "_forum_posts_v_version_author_id_users_id_fk" FOREIGN KEY ("version_author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_forum_posts_v" ADD CONSTRAINT "_forum_posts_v_version_thread_id_forum_threads_id_fk" FOREIGN KEY ("version_thread_id") REFERENCES "public"."forum_threads"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_classifieds_v" ADD CONSTRAINT "_classifieds_v_parent_id_classifieds_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."classifieds"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_classifieds_v" ADD CONSTRAINT "_classifieds_v_version_author_id_users_id_fk" FOREIGN KEY ("version_author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_places_v" ADD CONSTRAINT "_places_v_parent_id_places_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."places"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_places_v" ADD CONSTRAINT "_places_v_version_author_id_users_id_fk" FOREIGN KEY ("version_author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_articles_v" ADD CONSTRAINT "_articles_v_parent_id_articles_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_articles_v" ADD CONSTRAINT "_articles_v_version_author_id_users_id_fk" FOREIGN KEY ("version_author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_events_v" ADD CONSTRAINT "_events_v_parent_id_events_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_events_v" ADD CONSTRAINT "_events_v_version_author_id_users_id_fk" FOREIGN KEY ("version_author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_events_v" ADD CONSTRAINT "_events_v_version_place_id_places_id_fk" FOREIGN KEY ("version_place_id") REFERENCES "public"."places"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_events_v" ADD CONSTRAINT "_events_v_version_group_id_groups_id_fk" FOREIGN KEY ("version_group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_groups_v" ADD CONSTRAINT "_groups_v_parent_id_groups_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_groups_v" ADD CONSTRAINT "_groups_v_version_author_id_users_id_fk" FOREIGN KEY ("version_author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_galleries_v" ADD CONSTRAINT "_galleries_v_parent_id_galleries_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."galleries"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_galleries_v" ADD CONSTRAINT "_galleries_v_version_author_id_users_id_fk" FOREIGN KEY ("version_author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_galleries_v_rels" ADD CONSTRAINT "_galleries_v_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."_galleries_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_galleries_v_rels" ADD CONSTRAINT "_galleries_v_rels_community_media_fk" FOREIGN KEY ("community_media_id") REFERENCES "public"."community_media"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_products_v" ADD CONSTRAINT "_products_v_parent_id_products_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_products_v" ADD CONSTRAINT "_products_v_version_author_id_users_id_fk" FOREIGN KEY ("version_author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "_service_listings_v_version_translations_order_idx" ON "_service_listings_v_version_translations" USING btree ("_order");
  CREATE INDEX "_service_listings_v_version_translations_parent_id_idx" ON "_service_listings_v_version_translations" USING btree ("_parent_id");
  CREATE INDEX "_service_listings_v_version_media_order_idx" ON "_service_listings_v_version_media" USING btree ("_order");
  CREATE INDEX "_service_listings_v_version_media_parent_id_idx" ON "_service_listings_v_version_media" USING btree ("_parent_id");
  CREATE INDEX "_service_listings_v_version_media_file_idx" ON "_service_listings_v_version_media" USING btree ("file_id");
  CREATE INDEX "_service_listings_v_parent_idx" ON "_service_listings_v" USING btree ("parent_id");
  CREATE INDEX "_service_listings_v_version_version_slug_idx" ON "_service_listings_v" USING btree ("version_slug");
  CREATE INDEX "_service_listings_v_version_version_category_idx" ON "_service_listings_v" USING btree ("version_category_id");
  CREATE INDEX "_service_listings_v_version_version_provider_idx" ON "_service_listings_v" USING btree ("version_provider_id");
  CREATE INDEX "_service_listings_v_version_version_organization_idx" ON "_service_listings_v" USING btree ("version_organization_id");
  CREATE INDEX "_service_listings_v_version_version_updated_at_idx" ON "_service_listings_v" USING btree ("version_updated_at");
  CREATE INDEX "_service_listings_v_version_version_created_at_idx" ON "_service_listings_v" USING btree ("version_created_at");
  CREATE INDEX "_service_listings_v_version_version__status_idx" ON "_service_listings_v" USING btree ("version__status");
  CREATE INDEX "_service_listings_v_created_at_idx" ON "_service_listings_v" USING btree ("created_at");
  CREATE INDEX "_service_listings_v_updated_at_idx" ON "_service_listings_v" USING btree ("updated_at");
  CREATE INDEX "_service_listings_v_snapshot_idx" ON "_service_listings_v" USING btree ("snapshot");
  CREATE INDEX "_service_listings_v_published_locale_idx" ON "_service_listings_v" USING btree ("published_locale");
  CREATE INDEX "_service_listings_v_latest_idx" ON "_service_listings_v" USING btree ("latest");
  CREATE INDEX "_service_categories_v_parent_idx" ON "_service_categories_v" USING btree ("parent_id");
  CREATE INDEX "_service_categories_v_version_version_slug_idx" ON "_service_categories_v" USING btree ("version_slug");
  CREATE INDEX "_service_categories_v_version_version_parent_idx" ON "_service_categories_v" USING btree ("version_parent_id");
  CREATE INDEX "_service_categories_v_version_version_featured_image_idx" ON "_service_categories_v" USING btree ("version_featured_image_id");
  CREATE INDEX "_service_categories_v_version_version_is_active_idx" ON "_service_categories_v" USING btree ("version_is_active");
  CREATE INDEX "_service_categories_v_version_version_is_featured_idx" ON "_service_categories_v" USING btree ("version_is_featured");
  CREATE INDEX "_service_categories_v_version_version_display_in_home_idx" ON "_service_categories_v" USING btree ("version_display_in_home");
  CREATE INDEX "_service_categories_v_version_version_display_in_menu_idx" ON "_service_categories_v" USING btree ("version_display_in_menu");
  CREATE INDEX "_service_categories_v_version_version_updated_at_idx" ON "_service_categories_v" USING btree ("version_updated_at");
  CREATE INDEX "_service_categories_v_version_version_created_at_idx" ON "_service_categories_v" USING btree ("version_created_at");
  CREATE INDEX "_service_categories_v_created_at_idx" ON "_service_categories_v" USING btree ("created_at");
  CREATE INDEX "_service_categories_v_updated_at_idx" ON "_service_categories_v" USING btree ("updated_at");
  CREATE UNIQUE INDEX "_service_categories_v_locales_locale_parent_id_unique" ON "_service_categories_v_locales" USING btree ("_locale","_parent_id");
  CREATE INDEX "_blog_posts_v_parent_idx" ON "_blog_posts_v" USING btree ("parent_id");
  CREATE INDEX "_blog_posts_v_version_version_slug_idx" ON "_blog_posts_v" USING btree ("version_slug");
  CREATE INDEX "_blog_posts_v_version_version_author_id_idx" ON "_blog_posts_v" USING btree ("version_author_id_id");
  CREATE INDEX "_blog_posts_v_version_version_status_idx" ON "_blog_posts_v" USING btree ("version_status");
  CREATE INDEX "_blog_posts_v_version_version_published_at_idx" ON "_blog_posts_v" USING btree ("version_published_at");
  CREATE INDEX "_blog_posts_v_version_version_updated_at_idx" ON "_blog_posts_v" USING btree ("version_updated_at");
  CREATE INDEX "_blog_posts_v_version_version_created_at_idx" ON "_blog_posts_v" USING btree ("version_created_at");
  CREATE INDEX "_blog_posts_v_version_version__status_idx" ON "_blog_posts_v" USING btree ("version__status");
  CREATE INDEX "_blog_posts_v_created_at_idx" ON "_blog_posts_v" USING btree ("created_at");
  CREATE INDEX "_blog_posts_v_updated_at_idx" ON "_blog_posts_v" USING btree ("updated_at");
  CREATE INDEX "_blog_posts_v_snapshot_idx" ON "_blog_posts_v" USING btree ("snapshot");
  CREATE INDEX "_blog_posts_v_published_locale_idx" ON "_blog_posts_v" USING btree ("published_locale");
  CREATE INDEX "_blog_posts_v_latest_idx" ON "_blog_posts_v" USING btree ("latest");
  CREATE UNIQUE INDEX "_blog_posts_v_locales_locale_parent_id_unique" ON "_blog_posts_v_locales" USING btree ("_locale","_parent_id");
  CREATE INDEX "_reviews_v_parent_idx" ON "_reviews_v" USING btree ("parent_id");
  CREATE INDEX "_reviews_v_version_version_author_idx" ON "_reviews_v" USING btree ("version_author_id");
  CREATE INDEX "_reviews_v_version_version_service_idx" ON "_reviews_v" USING btree ("version_service_id");
  CREATE INDEX "_reviews_v_version_version_booking_idx" ON "_reviews_v" USING btree ("version_booking_id");
  CREATE INDEX "_reviews_v_version_version_status_idx" ON "_reviews_v" USING btree ("version_status");
  CREATE INDEX "_reviews_v_version_version_updated_at_idx" ON "_reviews_v" USING btree ("version_updated_at");
  CREATE INDEX "_reviews_v_version_version_created_at_idx" ON "_reviews_v" USING btree ("version_created_at");
  CREATE INDEX "_reviews_v_created_at_idx" ON "_reviews_v" USING btree ("created_at");
  CREATE INDEX "_reviews_v_updated_at_idx" ON "_reviews_v" USING btree ("updated_at");
  CREATE INDEX "_comments_v_parent_idx" ON "_comments_v" USING btree ("parent_id");
  CREATE INDEX "_comments_v_version_version_author_idx" ON "_comments_v" USING btree ("version_author_id");
  CREATE INDEX "_comments_v_version_version_status_idx" ON "_comments_v" USING btree ("version_status");
  CREATE INDEX "_comments_v_version_version_updated_at_idx" ON "_comments_v" USING btree ("version_updated_at");
  CREATE INDEX "_comments_v_version_version_created_at_idx" ON "_comments_v" USING btree ("version_created_at");
  CREATE INDEX "_comments_v_created_at_idx" ON "_comments_v" USING btree ("created_at");
  CREATE INDEX "_comments_v_updated_at_idx" ON "_comments_v" USING btree ("updated_at");
  CREATE INDEX "_comments_v_rels_order_idx" ON "_comments_v_rels" USING btree ("order");
  CREATE INDEX "_comments_v_rels_parent_idx" ON "_comments_v_rels" USING btree ("parent_id");
  CREATE INDEX "_comments_v_rels_path_idx" ON "_comments_v_rels" USING btree ("path");
  CREATE INDEX "_comments_v_rels_articles_id_idx" ON "_comments_v_rels" USING btree ("articles_id");
  CREATE INDEX "_comments_v_rels_events_id_idx" ON "_comments_v_rels" USING btree ("events_id");
  CREATE INDEX "_comments_v_rels_places_id_idx" ON "_comments_v_rels" USING btree ("places_id");
  CREATE INDEX "_comments_v_rels_galleries_id_idx" ON "_comments_v_rels" USING btree ("galleries_id");
  CREATE INDEX "_comments_v_rels_products_id_idx" ON "_comments_v_rels" USING btree ("products_id");
  CREATE INDEX "_comments_v_rels_classifieds_id_idx" ON "_comments_v_rels" USING btree ("classifieds_id");
  CREATE INDEX "_forum_threads_v_parent_idx" ON "_forum_threads_v" USING btree ("parent_id");
  CREATE INDEX "_forum_threads_v_version_version_author_idx" ON "_forum_threads_v" USING btree ("version_author_id");
  CREATE INDEX "_forum_threads_v_version_version_status_idx" ON "_forum_threads_v" USING btree ("version_status");
  CREATE INDEX "_forum_threads_v_version_version_updated_at_idx" ON "_forum_threads_v" USING btree ("version_updated_at");
  CREATE INDEX "_forum_threads_v_version_version_created_at_idx" ON "_forum_threads_v" USING btree ("version_created_at");
  CREATE INDEX "_forum_threads_v_created_at_idx" ON "_forum_threads_v" USING btree ("created_at");
  CREATE INDEX "_forum_threads_v_updated_at_idx" ON "_forum_threads_v" USING btree ("updated_at");
  CREATE INDEX "version_pinned_version_lastPostAt_version_createdAt_idx" ON "_forum_threads_v" USING btree ("version_pinned","version_last_post_at","version_created_at");
  CREATE INDEX "_forum_posts_v_parent_idx" ON "_forum_posts_v" USING btree ("parent_id");
  CREATE INDEX "_forum_posts_v_version_version_author_idx" ON "_forum_posts_v" USING btree ("version_author_id");
  CREATE INDEX "_forum_posts_v_version_version_thread_idx" ON "_forum_posts_v" USING btree ("version_thread_id");
  CREATE INDEX "_forum_posts_v_version_version_status_idx" ON "_forum_posts_v" USING btree ("version_status");
  CREATE INDEX "_forum_posts_v_version_version_updated_at_idx" ON "_forum_posts_v" USING btree ("version_updated_at");
  CREATE INDEX "_forum_posts_v_version_version_created_at_idx" ON "_forum_posts_v" USING btree ("version_created_at");
  CREATE INDEX "_forum_posts_v_created_at_idx" ON "_forum_posts_v" USING btree ("created_at");
  CREATE INDEX "_forum_posts_v_updated_at_idx" ON "_forum_posts_v" USING btree ("updated_at");
  CREATE INDEX "version_thread_version_createdAt_idx" ON "_forum_posts_v" USING btree ("version_thread_id","version_created_at");
  CREATE INDEX "_classifieds_v_parent_idx" ON "_classifieds_v" USING btree ("parent_id");
  CREATE INDEX "_classifieds_v_version_version_author_idx" ON "_classifieds_v" USING btree ("version_author_id");
  CREATE INDEX "_classifieds_v_version_version_expires_at_idx" ON "_classifieds_v" USING btree ("version_expires_at");
  CREATE INDEX "_classifieds_v_version_version_status_idx" ON "_classifieds_v" USING btree ("version_status");
  CREATE INDEX "_classifieds_v_version_version_updated_at_idx" ON "_classifieds_v" USING btree ("version_updated_at");
  CREATE INDEX "_classifieds_v_version_version_created_at_idx" ON "_classifieds_v" USING btree ("version_created_at");
  CREATE INDEX "_classifieds_v_created_at_idx" ON "_classifieds_v" USING btree ("created_at");
  CREATE INDEX "_classifieds_v_updated_at_idx" ON "_classifieds_v" USING btree ("updated_at");
  CREATE INDEX "_places_v_parent_idx" ON "_places_v" USING btree ("parent_id");
  CREATE INDEX "_places_v_version_version_author_idx" ON "_places_v" USING btree ("version_author_id");
  CREATE INDEX "_places_v_version_version_status_idx" ON "_places_v" USING btree ("version_status");
  CREATE INDEX "_places_v_version_version_updated_at_idx" ON "_places_v" USING btree ("version_updated_at");
  CREATE INDEX "_places_v_version_version_created_at_idx" ON "_places_v" USING btree ("version_created_at");
  CREATE INDEX "_places_v_created_at_idx" ON "_places_v" USING btree ("created_at");
  CREATE INDEX "_places_v_updated_at_idx" ON "_places_v" USING btree ("updated_at");
  CREATE INDEX "_articles_v_parent_idx" ON "_articles_v" USING btree ("parent_id");
  CREATE INDEX "_articles_v_version_version_author_idx" ON "_articles_v" USING btree ("version_author_id");
  CREATE INDEX "_articles_v_version_version_published_at_idx" ON "_articles_v" USING btree ("version_published_at");
  CREATE INDEX "_articles_v_version_version_status_idx" ON "_articles_v" USING btree ("version_status");
  CREATE INDEX "_articles_v_version_version_updated_at_idx" ON "_articles_v" USING btree ("version_updated_at");
  CREATE INDEX "_articles_v_version_version_created_at_idx" ON "_articles_v" USING btree ("version_created_at");
  CREATE INDEX "_articles_v_version_version__status_idx" ON "_articles_v" USING btree ("version__status");
  CREATE INDEX "_articles_v_created_at_idx" ON "_articles_v" USING btree ("created_at");
  CREATE INDEX "_articles_v_updated_at_idx" ON "_articles_v" USING btree ("updated_at");
  CREATE INDEX "_articles_v_snapshot_idx" ON "_articles_v" USING btree ("snapshot");
  CREATE INDEX "_articles_v_published_locale_idx" ON "_articles_v" USING btree ("published_locale");
  CREATE INDEX "_articles_v_latest_idx" ON "_articles_v" USING btree ("latest");
  CREATE INDEX "_events_v_parent_idx" ON "_events_v" USING btree ("parent_id");
  CREATE INDEX "_events_v_version_version_author_idx" ON "_events_v" USING btree ("version_author_id");
  CREATE INDEX "_events_v_version_version_starts_at_idx" ON "_events_v" USING btree ("version_starts_at");
  CREATE INDEX "_events_v_version_version_place_idx" ON "_events_v" USING btree ("version_place_id");
  CREATE INDEX "_events_v_version_version_group_idx" ON "_events_v" USING btree ("version_group_id");
  CREATE INDEX "_events_v_version_version_status_idx" ON "_events_v" USING btree ("version_status");
  CREATE INDEX "_events_v_version_version_updated_at_idx" ON "_events_v" USING btree ("version_updated_at");
  CREATE INDEX "_events_v_version_version_created_at_idx" ON "_events_v" USING btree ("version_created_at");
  CREATE INDEX "_events_v_created_at_idx" ON "_events_v" USING btree ("created_at");
  CREATE INDEX "_events_v_updated_at_idx" ON "_events_v" USING btree ("updated_at");
  CREATE INDEX "_groups_v_parent_idx" ON "_groups_v" USING btree ("parent_id");
  CREATE INDEX "_groups_v_version_version_author_idx" ON "_groups_v" USING btree ("version_author_id");
  CREATE INDEX "_groups_v_version_version_status_idx" ON "_groups_v" USING btree ("version_status");
  CREATE INDEX "_groups_v_version_version_updated_at_idx" ON "_groups_v" USING btree ("version_updated_at");
  CREATE INDEX "_groups_v_version_version_created_at_idx" ON "_groups_v" USING btree ("version_created_at");
  CREATE INDEX "_groups_v_created_at_idx" ON "_groups_v" USING btree ("created_at");
  CREATE INDEX "_groups_v_updated_at_idx" ON "_groups_v" USING btree ("updated_at");
  CREATE INDEX "_galleries_v_parent_idx" ON "_galleries_v" USING btree ("parent_id");
  CREATE INDEX "_galleries_v_version_version_author_idx" ON "_galleries_v" USING btree ("version_author_id");
  CREATE INDEX "_galleries_v_version_version_status_idx" ON "_galleries_v" USING btree ("version_status");
  CREATE INDEX "_galleries_v_version_version_updated_at_idx" ON "_galleries_v" USING btree ("version_updated_at");
  CREATE INDEX "_galleries_v_version_version_created_at_idx" ON "_galleries_v" USING btree ("version_created_at");
  CREATE INDEX "_galleries_v_created_at_idx" ON "_galleries_v" USING btree ("created_at");
  CREATE INDEX "_galleries_v_updated_at_idx" ON "_galleries_v" USING btree ("updated_at");
  CREATE INDEX "_galleries_v_rels_order_idx" ON "_galleries_v_rels" USING btree ("order");
  CREATE INDEX "_galleries_v_rels_parent_idx" ON "_galleries_v_rels" USING btree ("parent_id");
  CREATE INDEX "_galleries_v_rels_path_idx" ON "_galleries_v_rels" USING btree ("path");
  CREATE INDEX "_galleries_v_rels_community_media_id_idx" ON "_galleries_v_rels" USING btree ("community_media_id");
  CREATE INDEX "_products_v_parent_idx" ON "_products_v" USING btree ("parent_id");
  CREATE INDEX "_products_v_version_version_author_idx" ON "_products_v" USING btree ("version_author_id");
  CREATE INDEX "_products_v_version_version_status_idx" ON "_products_v" USING btree ("version_status");
  CREATE INDEX "_products_v_version_version_updated_at_idx" ON "_products_v" USING btree ("version_updated_at");
  CREATE INDEX "_products_v_version_version_created_at_idx" ON "_products_v" USING btree ("version_created_at");
  CREATE INDEX "_products_v_created_at_idx" ON "_products_v" USING btree ("created_at");
  CREATE INDEX "_products_v_updated_at_idx" ON "_products_v" USING btree ("updated_at");
  CREATE INDEX "service_listings__status_idx" ON "service_listings" USING btree ("_status");
  CREATE INDEX "blog_posts__status_idx" ON "blog_posts" USING btree ("_status");
  CREATE INDEX "articles__status_idx" ON "articles" USING btree ("_status");`)
  // Hand-written: what exists was published, and the read cache's version triggers go on the new version tables.
  await db.execute(sql`
  UPDATE "service_listings" SET "_status" = 'published';
  UPDATE "blog_posts" SET "_status" = 'published';
  UPDATE "articles" SET "_status" = 'published';
  SELECT collection_versions_attach(slug) FROM unnest(ARRAY[
    'service-listings', 'service-categories', 'blog-posts', 'reviews', 'comments', 'forum-threads', 'forum-posts',
    'classifieds', 'places', 'articles', 'events', 'groups', 'galleries', 'products'
  ]) AS slug;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "_service_listings_v_version_translations" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_service_listings_v_version_media" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_service_listings_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_service_categories_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_service_categories_v_locales" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_blog_posts_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_blog_posts_v_locales" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_reviews_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_comments_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_comments_v_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_forum_threads_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_forum_posts_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_classifieds_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_places_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_articles_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_events_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_groups_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_galleries_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_galleries_v_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_products_v" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "_service_listings_v_version_translations" CASCADE;
  DROP TABLE "_service_listings_v_version_media" CASCADE;
  DROP TABLE "_service_listings_v" CASCADE;
  DROP TABLE "_service_categories_v" CASCADE;
  DROP TABLE "_service_categories_v_locales" CASCADE;
  DROP TABLE "_blog_posts_v" CASCADE;
  DROP TABLE "_blog_posts_v_locales" CASCADE;
  DROP TABLE "_reviews_v" CASCADE;
  DROP TABLE "_comments_v" CASCADE;
  DROP TABLE "_comments_v_rels" CASCADE;
  DROP TABLE "_forum_threads_v" CASCADE;
  DROP TABLE "_forum_posts_v" CASCADE;
  DROP TABLE "_classifieds_v" CASCADE;
  DROP TABLE "_places_v" CASCADE;
  DROP TABLE "_articles_v" CASCADE;
  DROP TABLE "_events_v" CASCADE;
  DROP TABLE "_groups_v" CASCADE;
  DROP TABLE "_galleries_v" CASCADE;
  DROP TABLE "_galleries_v_rels" CASCADE;
  DROP TABLE "_products_v" CASCADE;
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'send-mail', 'expire-classifieds');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'send-mail', 'expire-classifieds');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "service_listings__status_idx";
  DROP INDEX "blog_posts__status_idx";
  DROP INDEX "articles__status_idx";
  ALTER TABLE "service_listings_translations" ALTER COLUMN "in_language" SET NOT NULL;
  ALTER TABLE "service_listings_translations" ALTER COLUMN "title" SET NOT NULL;
  ALTER TABLE "service_listings_media" ALTER COLUMN "type" SET NOT NULL;
  ALTER TABLE "service_listings_media" ALTER COLUMN "position" SET NOT NULL;
  ALTER TABLE "service_listings" ALTER COLUMN "slug" SET NOT NULL;
  ALTER TABLE "service_listings" ALTER COLUMN "status" SET NOT NULL;
  ALTER TABLE "service_listings" ALTER COLUMN "provider_id" SET NOT NULL;
  ALTER TABLE "service_listings" ALTER COLUMN "currency" SET NOT NULL;
  ALTER TABLE "service_listings" ALTER COLUMN "buffer_before_minutes" SET NOT NULL;
  ALTER TABLE "service_listings" ALTER COLUMN "buffer_after_minutes" SET NOT NULL;
  ALTER TABLE "service_listings" ALTER COLUMN "is_mobile" SET NOT NULL;
  ALTER TABLE "service_listings" ALTER COLUMN "is_featured" SET NOT NULL;
  ALTER TABLE "service_listings" ALTER COLUMN "display_in_home" SET NOT NULL;
  ALTER TABLE "service_listings" ALTER COLUMN "allow_reviews" SET NOT NULL;
  ALTER TABLE "service_listings" ALTER COLUMN "rating_count" SET NOT NULL;
  ALTER TABLE "service_listings" ALTER COLUMN "rating_sum" SET NOT NULL;
  ALTER TABLE "blog_posts" ALTER COLUMN "slug" SET NOT NULL;
  ALTER TABLE "blog_posts" ALTER COLUMN "status" SET NOT NULL;
  ALTER TABLE "blog_posts_locales" ALTER COLUMN "title" SET NOT NULL;
  ALTER TABLE "articles" ALTER COLUMN "title" SET NOT NULL;
  ALTER TABLE "articles" ALTER COLUMN "status" SET NOT NULL;
  ALTER TABLE "service_listings" DROP COLUMN "_status";
  ALTER TABLE "blog_posts" DROP COLUMN "_status";
  ALTER TABLE "articles" DROP COLUMN "_status";
  DROP TYPE "public"."enum_service_listings_publication";
  DROP TYPE "public"."enum__service_listings_v_version_media_type";
  DROP TYPE "public"."enum__service_listings_v_version_status";
  DROP TYPE "public"."enum__service_listings_v_version_price_type";
  DROP TYPE "public"."enum__service_listings_v_version_publication";
  DROP TYPE "public"."enum__service_listings_v_published_locale";
  DROP TYPE "public"."enum_blog_posts_publication";
  DROP TYPE "public"."enum__blog_posts_v_version_status";
  DROP TYPE "public"."enum__blog_posts_v_version_publication";
  DROP TYPE "public"."enum__blog_posts_v_published_locale";
  DROP TYPE "public"."enum__reviews_v_version_status";
  DROP TYPE "public"."enum__comments_v_version_status";
  DROP TYPE "public"."enum__forum_threads_v_version_status";
  DROP TYPE "public"."enum__forum_posts_v_version_status";
  DROP TYPE "public"."enum__classifieds_v_version_status";
  DROP TYPE "public"."enum__places_v_version_status";
  DROP TYPE "public"."enum_articles_publication";
  DROP TYPE "public"."enum__articles_v_version_status";
  DROP TYPE "public"."enum__articles_v_version_publication";
  DROP TYPE "public"."enum__articles_v_published_locale";
  DROP TYPE "public"."enum__events_v_version_status";
  DROP TYPE "public"."enum__groups_v_version_status";
  DROP TYPE "public"."enum__galleries_v_version_status";
  DROP TYPE "public"."enum__products_v_version_status";`)
}
