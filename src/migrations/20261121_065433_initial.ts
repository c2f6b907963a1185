import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   -- The services list's q search uses a trigram index (collections/ServiceListings/catalogue-indexes.ts).
   CREATE EXTENSION IF NOT EXISTS pg_trgm;
   CREATE TYPE "public"."_locales" AS ENUM('en', 'fr', 'de', 'es', 'it', 'nl');
  CREATE TYPE "public"."enum_users_roles" AS ENUM('citizen', 'moderator', 'admin');
  CREATE TYPE "public"."enum_memberships_role" AS ENUM('owner', 'admin', 'member');
  CREATE TYPE "public"."enum_verification_tokens_purpose" AS ENUM('email_verification', 'password_reset');
  CREATE TYPE "public"."enum_service_listings_media_type" AS ENUM('cover', 'gallery');
  CREATE TYPE "public"."enum_service_listings_status" AS ENUM('draft', 'active', 'suspended', 'archived');
  CREATE TYPE "public"."enum_service_listings_price_type" AS ENUM('hourly', 'fixed', 'per_session', 'custom');
  CREATE TYPE "public"."enum_bookings_status" AS ENUM('pending', 'confirmed', 'cancelled_by_customer', 'cancelled_by_provider', 'completed', 'no_show');
  CREATE TABLE "users_roles" (
  	"order" integer NOT NULL,
  	"parent_id" uuid NOT NULL,
  	"value" "enum_users_roles",
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL
  );
  
  CREATE TABLE "users" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"name" varchar,
  	"username" varchar,
  	"email_verified" boolean DEFAULT false NOT NULL,
  	"password_hash" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"email" varchar NOT NULL,
  	"reset_password_token" varchar,
  	"reset_password_expiration" timestamp(3) with time zone,
  	"salt" varchar,
  	"hash" varchar,
  	"reset_password_requested_at" timestamp(3) with time zone
  );
  
  CREATE TABLE "profiles" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"user_id" uuid NOT NULL,
  	"username" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "wallets" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"user_id" uuid NOT NULL,
  	"balance" varchar DEFAULT '0.00' NOT NULL,
  	"currency" varchar DEFAULT 'EUR' NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "organizations" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"name" varchar NOT NULL,
  	"slug" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "memberships" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"organization_id" uuid NOT NULL,
  	"user_id" uuid NOT NULL,
  	"role" "enum_memberships_role" DEFAULT 'member' NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "sessions" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"user_id" uuid NOT NULL,
  	"token_hash" varchar NOT NULL,
  	"expires_at" timestamp(3) with time zone NOT NULL,
  	"refreshed_at" timestamp(3) with time zone NOT NULL,
  	"active_organization_id" uuid,
  	"ip" varchar,
  	"user_agent" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "verification_tokens" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"user_id" uuid NOT NULL,
  	"purpose" "enum_verification_tokens_purpose" NOT NULL,
  	"token_hash" varchar NOT NULL,
  	"expires_at" timestamp(3) with time zone NOT NULL,
  	"used_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "service_listings_translations" (
  	"_order" integer NOT NULL,
  	"_parent_id" uuid NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"in_language" varchar NOT NULL,
  	"title" varchar NOT NULL,
  	"short_description" varchar,
  	"description" varchar,
  	"seo_title" varchar,
  	"seo_description" varchar
  );
  
  CREATE TABLE "service_listings_media" (
  	"_order" integer NOT NULL,
  	"_parent_id" uuid NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"file_id" uuid,
  	"type" "enum_service_listings_media_type" DEFAULT 'gallery' NOT NULL,
  	"position" numeric DEFAULT 0 NOT NULL
  );
  
  CREATE TABLE "service_listings" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"title" varchar,
  	"slug" varchar NOT NULL,
  	"status" "enum_service_listings_status" DEFAULT 'draft' NOT NULL,
  	"category_id" uuid,
  	"provider_id" uuid NOT NULL,
  	"organization_id" uuid,
  	"base_price" varchar,
  	"price_type" "enum_service_listings_price_type",
  	"currency" varchar DEFAULT 'EUR' NOT NULL,
  	"duration_minutes" numeric,
  	"max_participants" numeric,
  	"booking_advance_hours" numeric,
  	"cancellation_hours" numeric,
  	"is_mobile" boolean DEFAULT false NOT NULL,
  	"is_featured" boolean DEFAULT false NOT NULL,
  	"display_in_home" boolean DEFAULT false NOT NULL,
  	"allow_reviews" boolean DEFAULT true NOT NULL,
  	"in_language" varchar,
  	"search_text" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "service_categories" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"slug" varchar NOT NULL,
  	"parent_id" uuid,
  	"icon" varchar,
  	"featured_image_id" uuid,
  	"sort_order" numeric DEFAULT 0 NOT NULL,
  	"is_active" boolean DEFAULT true NOT NULL,
  	"is_featured" boolean DEFAULT false NOT NULL,
  	"display_in_home" boolean DEFAULT false NOT NULL,
  	"display_in_menu" boolean DEFAULT true NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "service_categories_locales" (
  	"name" varchar NOT NULL,
  	"description" varchar,
  	"seo_title" varchar,
  	"seo_description" varchar,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" uuid NOT NULL
  );
  
  CREATE TABLE "service_availability" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"service_id" uuid NOT NULL,
  	"day_of_week" numeric NOT NULL,
  	"start_time" varchar NOT NULL,
  	"end_time" varchar NOT NULL,
  	"is_available" boolean DEFAULT true NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "service_media" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
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
  	"focal_y" numeric
  );
  
  CREATE TABLE "service_media_locales" (
  	"alt" varchar,
  	"caption" varchar,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" uuid NOT NULL
  );
  
  CREATE TABLE "bookings" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"service_id" uuid,
  	"provider_id" uuid,
  	"customer_id" uuid,
  	"booking_date" varchar NOT NULL,
  	"booking_time" varchar NOT NULL,
  	"end_time" varchar,
  	"duration_minutes" numeric,
  	"total_price" numeric,
  	"currency" varchar,
  	"status" "enum_bookings_status" DEFAULT 'pending' NOT NULL,
  	"customer_message" varchar,
  	"provider_response" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "audit_logs" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"action" varchar NOT NULL,
  	"user_id" varchar,
  	"target_type" varchar,
  	"target_id" varchar,
  	"ip" varchar,
  	"user_agent" varchar,
  	"data" jsonb,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "rate_limits" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"key" varchar NOT NULL,
  	"count" numeric DEFAULT 0 NOT NULL,
  	"expires_at" timestamp(3) with time zone NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "payload_kv" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"key" varchar NOT NULL,
  	"data" jsonb NOT NULL
  );
  
  CREATE TABLE "payload_locked_documents" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"global_slug" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "payload_locked_documents_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" uuid NOT NULL,
  	"path" varchar NOT NULL,
  	"users_id" uuid,
  	"profiles_id" uuid,
  	"wallets_id" uuid,
  	"organizations_id" uuid,
  	"memberships_id" uuid,
  	"sessions_id" uuid,
  	"verification_tokens_id" uuid,
  	"service_listings_id" uuid,
  	"service_categories_id" uuid,
  	"service_availability_id" uuid,
  	"service_media_id" uuid,
  	"bookings_id" uuid,
  	"audit_logs_id" uuid,
  	"rate_limits_id" uuid
  );
  
  CREATE TABLE "payload_preferences" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"key" varchar,
  	"value" jsonb,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "payload_preferences_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" uuid NOT NULL,
  	"path" varchar NOT NULL,
  	"users_id" uuid
  );
  
  CREATE TABLE "payload_migrations" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"name" varchar,
  	"batch" numeric,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "users_roles" ADD CONSTRAINT "users_roles_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "memberships" ADD CONSTRAINT "memberships_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "sessions" ADD CONSTRAINT "sessions_active_organization_id_organizations_id_fk" FOREIGN KEY ("active_organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "verification_tokens" ADD CONSTRAINT "verification_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "service_listings_translations" ADD CONSTRAINT "service_listings_translations_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."service_listings"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "service_listings_media" ADD CONSTRAINT "service_listings_media_file_id_service_media_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."service_media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "service_listings_media" ADD CONSTRAINT "service_listings_media_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."service_listings"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "service_listings" ADD CONSTRAINT "service_listings_category_id_service_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."service_categories"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "service_listings" ADD CONSTRAINT "service_listings_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "service_listings" ADD CONSTRAINT "service_listings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "service_categories" ADD CONSTRAINT "service_categories_parent_id_service_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."service_categories"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "service_categories" ADD CONSTRAINT "service_categories_featured_image_id_service_media_id_fk" FOREIGN KEY ("featured_image_id") REFERENCES "public"."service_media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "service_categories_locales" ADD CONSTRAINT "service_categories_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."service_categories"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "service_availability" ADD CONSTRAINT "service_availability_service_id_service_listings_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."service_listings"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "service_media_locales" ADD CONSTRAINT "service_media_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."service_media"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "bookings" ADD CONSTRAINT "bookings_service_id_service_listings_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."service_listings"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "bookings" ADD CONSTRAINT "bookings_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "bookings" ADD CONSTRAINT "bookings_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."payload_locked_documents"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_users_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_profiles_fk" FOREIGN KEY ("profiles_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_wallets_fk" FOREIGN KEY ("wallets_id") REFERENCES "public"."wallets"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_organizations_fk" FOREIGN KEY ("organizations_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_memberships_fk" FOREIGN KEY ("memberships_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_sessions_fk" FOREIGN KEY ("sessions_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_verification_tokens_fk" FOREIGN KEY ("verification_tokens_id") REFERENCES "public"."verification_tokens"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_service_listings_fk" FOREIGN KEY ("service_listings_id") REFERENCES "public"."service_listings"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_service_categories_fk" FOREIGN KEY ("service_categories_id") REFERENCES "public"."service_categories"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_service_availability_fk" FOREIGN KEY ("service_availability_id") REFERENCES "public"."service_availability"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_service_media_fk" FOREIGN KEY ("service_media_id") REFERENCES "public"."service_media"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_bookings_fk" FOREIGN KEY ("bookings_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_audit_logs_fk" FOREIGN KEY ("audit_logs_id") REFERENCES "public"."audit_logs"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_rate_limits_fk" FOREIGN KEY ("rate_limits_id") REFERENCES "public"."rate_limits"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_preferences_rels" ADD CONSTRAINT "payload_preferences_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."payload_preferences"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_preferences_rels" ADD CONSTRAINT "payload_preferences_rels_users_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "users_roles_order_idx" ON "users_roles" USING btree ("order");
  CREATE INDEX "users_roles_parent_idx" ON "users_roles" USING btree ("parent_id");
  CREATE UNIQUE INDEX "users_username_idx" ON "users" USING btree ("username");
  CREATE INDEX "users_updated_at_idx" ON "users" USING btree ("updated_at");
  CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");
  CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree ("email");
  CREATE UNIQUE INDEX "profiles_user_idx" ON "profiles" USING btree ("user_id");
  CREATE UNIQUE INDEX "profiles_username_idx" ON "profiles" USING btree ("username");
  CREATE INDEX "profiles_updated_at_idx" ON "profiles" USING btree ("updated_at");
  CREATE INDEX "profiles_created_at_idx" ON "profiles" USING btree ("created_at");
  CREATE UNIQUE INDEX "wallets_user_idx" ON "wallets" USING btree ("user_id");
  CREATE INDEX "wallets_updated_at_idx" ON "wallets" USING btree ("updated_at");
  CREATE INDEX "wallets_created_at_idx" ON "wallets" USING btree ("created_at");
  CREATE UNIQUE INDEX "organizations_slug_idx" ON "organizations" USING btree ("slug");
  CREATE INDEX "organizations_updated_at_idx" ON "organizations" USING btree ("updated_at");
  CREATE INDEX "organizations_created_at_idx" ON "organizations" USING btree ("created_at");
  CREATE INDEX "memberships_organization_idx" ON "memberships" USING btree ("organization_id");
  CREATE INDEX "memberships_user_idx" ON "memberships" USING btree ("user_id");
  CREATE INDEX "memberships_updated_at_idx" ON "memberships" USING btree ("updated_at");
  CREATE INDEX "memberships_created_at_idx" ON "memberships" USING btree ("created_at");
  CREATE UNIQUE INDEX "organization_user_idx" ON "memberships" USING btree ("organization_id","user_id");
  CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");
  CREATE UNIQUE INDEX "sessions_token_hash_idx" ON "sessions" USING btree ("token_hash");
  CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");
  CREATE INDEX "sessions_active_organization_idx" ON "sessions" USING btree ("active_organization_id");
  CREATE INDEX "sessions_updated_at_idx" ON "sessions" USING btree ("updated_at");
  CREATE INDEX "sessions_created_at_idx" ON "sessions" USING btree ("created_at");
  CREATE INDEX "verification_tokens_user_idx" ON "verification_tokens" USING btree ("user_id");
  CREATE UNIQUE INDEX "verification_tokens_token_hash_idx" ON "verification_tokens" USING btree ("token_hash");
  CREATE INDEX "verification_tokens_updated_at_idx" ON "verification_tokens" USING btree ("updated_at");
  CREATE INDEX "verification_tokens_created_at_idx" ON "verification_tokens" USING btree ("created_at");
  CREATE INDEX "service_listings_translations_order_idx" ON "service_listings_translations" USING btree ("_order");
  CREATE INDEX "service_listings_translations_parent_id_idx" ON "service_listings_translations" USING btree ("_parent_id");
  CREATE INDEX "service_listings_media_order_idx" ON "service_listings_media" USING btree ("_order");
  CREATE INDEX "service_listings_media_parent_id_idx" ON "service_listings_media" USING btree ("_parent_id");
  CREATE INDEX "service_listings_media_file_idx" ON "service_listings_media" USING btree ("file_id");
  CREATE UNIQUE INDEX "service_listings_slug_idx" ON "service_listings" USING btree ("slug");
  CREATE INDEX "service_listings_category_idx" ON "service_listings" USING btree ("category_id");
  CREATE INDEX "service_listings_provider_idx" ON "service_listings" USING btree ("provider_id");
  CREATE INDEX "service_listings_organization_idx" ON "service_listings" USING btree ("organization_id");
  CREATE INDEX "service_listings_updated_at_idx" ON "service_listings" USING btree ("updated_at");
  CREATE INDEX "service_listings_created_at_idx" ON "service_listings" USING btree ("created_at");
  CREATE INDEX "service_listings_search_text_trgm_idx" ON "service_listings" USING gin ("search_text" gin_trgm_ops);
  CREATE INDEX "service_listings_status_created_at_idx" ON "service_listings" USING btree ("status","created_at");
  CREATE INDEX "service_listings_category_created_at_idx" ON "service_listings" USING btree ("category_id","created_at");
  CREATE INDEX "service_listings_organization_created_at_idx" ON "service_listings" USING btree ("organization_id","created_at");
  CREATE INDEX "service_listings_is_featured_created_at_idx" ON "service_listings" USING btree ("is_featured","created_at");
  CREATE INDEX "service_listings_display_in_home_created_at_idx" ON "service_listings" USING btree ("display_in_home","created_at");
  CREATE UNIQUE INDEX "service_categories_slug_idx" ON "service_categories" USING btree ("slug");
  CREATE INDEX "service_categories_parent_idx" ON "service_categories" USING btree ("parent_id");
  CREATE INDEX "service_categories_featured_image_idx" ON "service_categories" USING btree ("featured_image_id");
  CREATE INDEX "service_categories_is_active_idx" ON "service_categories" USING btree ("is_active");
  CREATE INDEX "service_categories_is_featured_idx" ON "service_categories" USING btree ("is_featured");
  CREATE INDEX "service_categories_display_in_home_idx" ON "service_categories" USING btree ("display_in_home");
  CREATE INDEX "service_categories_display_in_menu_idx" ON "service_categories" USING btree ("display_in_menu");
  CREATE INDEX "service_categories_updated_at_idx" ON "service_categories" USING btree ("updated_at");
  CREATE INDEX "service_categories_created_at_idx" ON "service_categories" USING btree ("created_at");
  CREATE INDEX "service_categories_sort_order_slug_idx" ON "service_categories" USING btree ("sort_order","slug");
  CREATE UNIQUE INDEX "service_categories_locales_locale_parent_id_unique" ON "service_categories_locales" USING btree ("_locale","_parent_id");
  CREATE INDEX "service_availability_service_idx" ON "service_availability" USING btree ("service_id");
  CREATE INDEX "service_availability_updated_at_idx" ON "service_availability" USING btree ("updated_at");
  CREATE INDEX "service_availability_created_at_idx" ON "service_availability" USING btree ("created_at");
  CREATE INDEX "service_availability_service_day_start_idx" ON "service_availability" USING btree ("service_id","day_of_week","start_time");
  CREATE INDEX "service_media_updated_at_idx" ON "service_media" USING btree ("updated_at");
  CREATE INDEX "service_media_created_at_idx" ON "service_media" USING btree ("created_at");
  CREATE UNIQUE INDEX "service_media_filename_idx" ON "service_media" USING btree ("filename");
  CREATE UNIQUE INDEX "service_media_locales_locale_parent_id_unique" ON "service_media_locales" USING btree ("_locale","_parent_id");
  CREATE INDEX "bookings_service_idx" ON "bookings" USING btree ("service_id");
  CREATE INDEX "bookings_provider_idx" ON "bookings" USING btree ("provider_id");
  CREATE INDEX "bookings_customer_idx" ON "bookings" USING btree ("customer_id");
  CREATE INDEX "bookings_status_idx" ON "bookings" USING btree ("status");
  CREATE INDEX "bookings_updated_at_idx" ON "bookings" USING btree ("updated_at");
  CREATE INDEX "bookings_created_at_idx" ON "bookings" USING btree ("created_at");
  CREATE INDEX "bookings_service_status_idx" ON "bookings" USING btree ("service_id","status");
  CREATE INDEX "bookings_date_time_idx" ON "bookings" USING btree ("booking_date","booking_time");
  CREATE INDEX "audit_logs_action_idx" ON "audit_logs" USING btree ("action");
  CREATE INDEX "audit_logs_user_id_idx" ON "audit_logs" USING btree ("user_id");
  CREATE INDEX "audit_logs_target_type_idx" ON "audit_logs" USING btree ("target_type");
  CREATE INDEX "audit_logs_target_id_idx" ON "audit_logs" USING btree ("target_id");
  CREATE INDEX "audit_logs_updated_at_idx" ON "audit_logs" USING btree ("updated_at");
  CREATE INDEX "audit_logs_created_at_idx" ON "audit_logs" USING btree ("created_at");
  CREATE UNIQUE INDEX "rate_limits_key_idx" ON "rate_limits" USING btree ("key");
  CREATE INDEX "rate_limits_expires_at_idx" ON "rate_limits" USING btree ("expires_at");
  CREATE INDEX "rate_limits_updated_at_idx" ON "rate_limits" USING btree ("updated_at");
  CREATE INDEX "rate_limits_created_at_idx" ON "rate_limits" USING btree ("created_at");
  CREATE UNIQUE INDEX "payload_kv_key_idx" ON "payload_kv" USING btree ("key");
  CREATE INDEX "payload_locked_documents_global_slug_idx" ON "payload_locked_documents" USING btree ("global_slug");
  CREATE INDEX "payload_locked_documents_updated_at_idx" ON "payload_locked_documents" USING btree ("updated_at");
  CREATE INDEX "payload_locked_documents_created_at_idx" ON "payload_locked_documents" USING btree ("created_at");
  CREATE INDEX "payload_locked_documents_rels_order_idx" ON "payload_locked_documents_rels" USING btree ("order");
  CREATE INDEX "payload_locked_documents_rels_parent_idx" ON "payload_locked_documents_rels" USING btree ("parent_id");
  CREATE INDEX "payload_locked_documents_rels_path_idx" ON "payload_locked_documents_rels" USING btree ("path");
  CREATE INDEX "payload_locked_documents_rels_users_id_idx" ON "payload_locked_documents_rels" USING btree ("users_id");
  CREATE INDEX "payload_locked_documents_rels_profiles_id_idx" ON "payload_locked_documents_rels" USING btree ("profiles_id");
  CREATE INDEX "payload_locked_documents_rels_wallets_id_idx" ON "payload_locked_documents_rels" USING btree ("wallets_id");
  CREATE INDEX "payload_locked_documents_rels_organizations_id_idx" ON "payload_locked_documents_rels" USING btree ("organizations_id");
  CREATE INDEX "payload_locked_documents_rels_memberships_id_idx" ON "payload_locked_documents_rels" USING btree ("memberships_id");
  CREATE INDEX "payload_locked_documents_rels_sessions_id_idx" ON "payload_locked_documents_rels" USING btree ("sessions_id");
  CREATE INDEX "payload_locked_documents_rels_verification_tokens_id_idx" ON "payload_locked_documents_rels" USING btree ("verification_tokens_id");
  CREATE INDEX "payload_locked_documents_rels_service_listings_id_idx" ON "payload_locked_documents_rels" USING btree ("service_listings_id");
  CREATE INDEX "payload_locked_documents_rels_service_categories_id_idx" ON "payload_locked_documents_rels" USING btree ("service_categories_id");
  CREATE INDEX "payload_locked_documents_rels_service_availability_id_idx" ON "payload_locked_documents_rels" USING btree ("service_availability_id");
  CREATE INDEX "payload_locked_documents_rels_service_media_id_idx" ON "payload_locked_documents_rels" USING btree ("service_media_id");
  CREATE INDEX "payload_locked_documents_rels_bookings_id_idx" ON "payload_locked_documents_rels" USING btree ("bookings_id");
  CREATE INDEX "payload_locked_documents_rels_audit_logs_id_idx" ON "payload_locked_documents_rels" USING btree ("audit_logs_id");
  CREATE INDEX "payload_locked_documents_rels_rate_limits_id_idx" ON "payload_locked_documents_rels" USING btree ("rate_limits_id");
  CREATE INDEX "payload_preferences_key_idx" ON "payload_preferences" USING btree ("key");
  CREATE INDEX "payload_preferences_updated_at_idx" ON "payload_preferences" USING btree ("updated_at");
  CREATE INDEX "payload_preferences_created_at_idx" ON "payload_preferences" USING btree ("created_at");
  CREATE INDEX "payload_preferences_rels_order_idx" ON "payload_preferences_rels" USING btree ("order");
  CREATE INDEX "payload_preferences_rels_parent_idx" ON "payload_preferences_rels" USING btree ("parent_id");
  CREATE INDEX "payload_preferences_rels_path_idx" ON "payload_preferences_rels" USING btree ("path");
  CREATE INDEX "payload_preferences_rels_users_id_idx" ON "payload_preferences_rels" USING btree ("users_id");
  CREATE INDEX "payload_migrations_updated_at_idx" ON "payload_migrations" USING btree ("updated_at");
  CREATE INDEX "payload_migrations_created_at_idx" ON "payload_migrations" USING btree ("created_at");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "users_roles" CASCADE;
  DROP TABLE "users" CASCADE;
  DROP TABLE "profiles" CASCADE;
  DROP TABLE "wallets" CASCADE;
  DROP TABLE "organizations" CASCADE;
  DROP TABLE "memberships" CASCADE;
  DROP TABLE "sessions" CASCADE;
  DROP TABLE "verification_tokens" CASCADE;
  DROP TABLE "service_listings_translations" CASCADE;
  DROP TABLE "service_listings_media" CASCADE;
  DROP TABLE "service_listings" CASCADE;
  DROP TABLE "service_categories" CASCADE;
  DROP TABLE "service_categories_locales" CASCADE;
  DROP TABLE "service_availability" CASCADE;
  DROP TABLE "service_media" CASCADE;
  DROP TABLE "service_media_locales" CASCADE;
  DROP TABLE "bookings" CASCADE;
  DROP TABLE "audit_logs" CASCADE;
  DROP TABLE "rate_limits" CASCADE;
  DROP TABLE "payload_kv" CASCADE;
  DROP TABLE "payload_locked_documents" CASCADE;
  DROP TABLE "payload_locked_documents_rels" CASCADE;
  DROP TABLE "payload_preferences" CASCADE;
  DROP TABLE "payload_preferences_rels" CASCADE;
  DROP TABLE "payload_migrations" CASCADE;
  DROP TYPE "public"."_locales";
  DROP TYPE "public"."enum_users_roles";
  DROP TYPE "public"."enum_memberships_role";
  DROP TYPE "public"."enum_verification_tokens_purpose";
  DROP TYPE "public"."enum_service_listings_media_type";
  DROP TYPE "public"."enum_service_listings_status";
  DROP TYPE "public"."enum_service_listings_price_type";
  DROP TYPE "public"."enum_bookings_status";`)
}
