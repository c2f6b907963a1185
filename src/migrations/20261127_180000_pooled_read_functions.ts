import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

// Hand-written (Payload cannot generate it): the two reads a public booking still sent as
// statements of their own behind PgBouncer, as PL/pgSQL functions (docs/decisions.md "With
// prepared statements off, hot reads call PL/pgSQL functions"; the booking's write is one
// already, 20261127_150000_booking_write_function). With DATABASE_PREPARED_STATEMENTS=false
// PostgreSQL parsed and planned each again on every request (≈ 0.4 ms of its CPU each,
// docs/performance.md "Behind PgBouncer"); PL/pgSQL keeps the plan of its RETURN QUERY per
// server connection, which a pooler keeps open, and the call is a tiny statement to parse.
// src/lib/prepared.ts sends the call instead of the statement only when statements go unnamed
// (`pooled` of src/lib/auth/sessions.ts FIND_SESSION and
// src/operations/bookings/service-terms.ts SERVICE_TERMS_AND_SLOTS); named, the statement
// itself is kept prepared as before. Each body is that statement's text, column for column:
// tests/int/prepared-statements-off compares the two answers row for row (a column added to one
// and not the other fails there). Enum columns come back as text (pg hands both to JavaScript
// as the same string), so that a later migration may drop and recreate an enum type without
// this function in its way. #variable_conflict use_column: the output columns are PL/pgSQL
// variables named like the tables' columns; in the query the names mean the columns.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE FUNCTION "community_find_session"(wanted_hash varchar)
  RETURNS TABLE (
    id uuid, expires_at timestamptz, refreshed_at timestamptz, created_at timestamptz, active_organization_id uuid,
    user_id uuid, email varchar, name varchar, username varchar, email_verified boolean, image varchar,
    banned boolean, ban_reason varchar, ban_expires timestamptz,
    user_created_at timestamptz, user_updated_at timestamptz, roles text[]
  ) LANGUAGE plpgsql STABLE AS $$
  #variable_conflict use_column
  BEGIN
    RETURN QUERY
    SELECT s.id, s.expires_at, s.refreshed_at, s.created_at, s.active_organization_id,
           u.id AS user_id, u.email, u.name, u.username, u.email_verified, u.image,
           u.banned, u.ban_reason, u.ban_expires,
           u.created_at AS user_created_at, u.updated_at AS user_updated_at,
           ARRAY(SELECT r.value::text FROM users_roles r WHERE r.parent_id = u.id ORDER BY r."order") AS roles
      FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = wanted_hash;
  END $$;`)
  await db.execute(sql`
  CREATE FUNCTION "community_service_terms_and_slots"(wanted_service uuid, wanted_day numeric, wanted_date varchar)
  RETURNS TABLE (
    id uuid, slug varchar, title varchar, status text, provider_id uuid, base_price varchar, price_type text,
    currency varchar, duration_minutes numeric, booking_advance_hours numeric,
    buffer_before_minutes numeric, buffer_after_minutes numeric, max_bookings_per_day numeric,
    open_slots json, exceptions json
  ) LANGUAGE plpgsql STABLE AS $$
  #variable_conflict use_column
  BEGIN
    RETURN QUERY
    SELECT s.id, s.slug, s.title, s.status::text, s.provider_id, s.base_price, s.price_type::text, s.currency, s.duration_minutes, s.booking_advance_hours,
      s.buffer_before_minutes, s.buffer_after_minutes, s.max_bookings_per_day, (
       SELECT coalesce(json_agg(json_build_object('startTime', a.start_time, 'endTime', a.end_time)), '[]'::json)
       FROM service_availability a WHERE a.service_id = s.id AND a.day_of_week = wanted_day AND a.is_available
     ) AS open_slots, (
       SELECT coalesce(json_agg(json_build_object('isAvailable', e.is_available, 'startTime', e.start_time, 'endTime', e.end_time)), '[]'::json)
       FROM availability_exceptions e WHERE e.service_id = s.id AND e.date = wanted_date
     ) AS exceptions
     FROM service_listings s WHERE s.id = wanted_service;
  END $$;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP FUNCTION IF EXISTS "community_service_terms_and_slots"(uuid, numeric, varchar);`)
  await db.execute(sql`DROP FUNCTION IF EXISTS "community_find_session"(varchar);`)
}
