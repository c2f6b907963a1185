import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

import { createFunction } from '../lib/postgres/required-objects'
import { CREATE_BOOKING_FUNCTION } from '../operations/bookings/booking-function'

// Seats (docs/api.md "Seats"): the service's `seatsPerSlot` and a booking's `participants` (generated), then by
// hand the seats a booking was made with (`seats_per_slot`, not a field: only the constraint reads it) and the
// no-overlap constraint that lets bookings of one start share it when that was more than one: the last column
// is equal for such bookings of one start and differs for any other pair, so every other overlap is refused as
// before. The seats of a start are counted under the service's lock (the booking function, holds and moves).
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "service_listings" ADD COLUMN "seats_per_slot" numeric DEFAULT 1 NOT NULL;
  ALTER TABLE "bookings" ADD COLUMN "participants" numeric DEFAULT 1;
  ALTER TABLE "bookings" ADD COLUMN "seats_per_slot" numeric DEFAULT 1 NOT NULL;
  ALTER TABLE "service_listings" ADD CONSTRAINT "service_listings_seats_valid" CHECK ("seats_per_slot" BETWEEN 1 AND 1000);
  ALTER TABLE "bookings" ADD CONSTRAINT "bookings_participants_valid" CHECK ("participants" IS NULL OR "participants" BETWEEN 1 AND 1000);
  ALTER TABLE "bookings" DROP CONSTRAINT "bookings_no_overlap";
  ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist (
    "service_id" WITH =,
    numrange("start_minute" - coalesce("buffer_before_minutes", 0), "end_minute" + coalesce("buffer_after_minutes", 0), '[)') WITH &&,
    (CASE WHEN "seats_per_slot" > 1 THEN "start_minute"::text ELSE "id"::text END) WITH <>
  ) WHERE ("status" IN ('pending', 'confirmed'));`)
  await db.execute(sql.raw(createFunction(CREATE_BOOKING_FUNCTION)))
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql.raw(BOOKING_FUNCTION_BEFORE_SEATS))
  await db.execute(sql`
  ALTER TABLE "bookings" DROP CONSTRAINT IF EXISTS "bookings_no_overlap";
  ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist (
    "service_id" WITH =,
    numrange("start_minute" - coalesce("buffer_before_minutes", 0), "end_minute" + coalesce("buffer_after_minutes", 0), '[)') WITH &&
  ) WHERE ("status" IN ('pending', 'confirmed'));
  ALTER TABLE "bookings" DROP COLUMN "seats_per_slot";
  ALTER TABLE "bookings" DROP COLUMN "participants";
  ALTER TABLE "service_listings" DROP COLUMN "seats_per_slot";`)
}

// The booking function as it was before seats, for the way down.
const BOOKING_FUNCTION_BEFORE_SEATS = `DROP FUNCTION IF EXISTS community_create_booking(jsonb, jsonb, jsonb, jsonb, jsonb);
  CREATE OR REPLACE FUNCTION "community_create_booking"(new_booking jsonb, audit_entry jsonb, notice_row jsonb, mail_job jsonb, outbox_event jsonb)
  RETURNS TABLE (day_full boolean, deliveries integer) LANGUAGE plpgsql VOLATILE AS $body$
  DECLARE
    b bookings;
    a audit_logs;
    n notifications;
    j payload_jobs;
    cap numeric;
    booked integer;
    emitted integer := 0;
  BEGIN
    b := jsonb_populate_record(NULL::bookings, new_booking);
    -- The service row first: bookers of one service queue there, so their overlap waits cannot deadlock.
    SELECT s.max_bookings_per_day INTO cap FROM service_listings s WHERE s.id = b.service_id FOR NO KEY UPDATE;
    IF cap IS NOT NULL THEN
      -- A statement of its own, whose snapshot sees every booking committed by the lock's last
      -- holder; at the cap (booking-rules.ts \`dayFull\`: booked >= cap) nothing is written.
      SELECT count(*)::int INTO booked FROM bookings x
      WHERE x.service_id = b.service_id AND x.booking_date = b.booking_date AND x.status IN ('pending', 'confirmed');
      IF booked >= cap THEN
        RETURN QUERY SELECT true, 0;
        RETURN;
      END IF;
    END IF;

    INSERT INTO bookings (id, service_id, provider_id, customer_id, booking_date, booking_time, end_time, duration_minutes, total_price, currency, status, customer_message, start_minute, end_minute, buffer_before_minutes, buffer_after_minutes, updated_at, created_at)
    VALUES (b.id, b.service_id, b.provider_id, b.customer_id, b.booking_date, b.booking_time, b.end_time, b.duration_minutes, b.total_price, b.currency, b.status, b.customer_message, b.start_minute, b.end_minute, b.buffer_before_minutes, b.buffer_after_minutes, b.updated_at, b.created_at);

    a := jsonb_populate_record(NULL::audit_logs, audit_entry);
    INSERT INTO audit_logs (action, user_id, target_type, target_id, ip, user_agent, data, updated_at, created_at)
   VALUES (a.action, a.user_id, a.target_type, a.target_id, a.ip, a.user_agent, a.data, a.created_at, a.created_at);

    IF notice_row IS NOT NULL THEN
      n := jsonb_populate_record(NULL::notifications, notice_row);
      INSERT INTO notifications (user_id_id, type, title, body, target_type, target_id, updated_at, created_at)
   SELECT n.user_id_id::uuid, n.type::enum_notifications_type, n.title::varchar, n.body::varchar, n.target_type::varchar, n.target_id::varchar,
     n.created_at::timestamptz, n.created_at::timestamptz
   WHERE NOT EXISTS (
     SELECT 1 FROM notification_settings s WHERE s.user_id = n.user_id_id::uuid AND s.type = n.type::text AND NOT s.inbox
   );
    END IF;

    IF mail_job IS NOT NULL THEN
      j := jsonb_populate_record(NULL::payload_jobs, mail_job);
      INSERT INTO payload_jobs (input, task_slug, queue, created_at, updated_at)
   SELECT j.input::jsonb, j.task_slug::enum_payload_jobs_task_slug, j.queue::varchar, j.created_at::timestamptz, j.created_at::timestamptz
   WHERE NOT EXISTS (
     SELECT 1 FROM notification_settings s WHERE s.user_id = (mail_job->>'recipient_id')::uuid AND s.type = (mail_job->>'notification_type')::text
       AND (s.email = 'off' OR (s.email <> 'instant' AND (mail_job->>'in_inbox')::boolean::boolean AND s.inbox))
   );
    END IF;

    IF outbox_event IS NOT NULL THEN
      INSERT INTO webhook_deliveries (webhook_id, event, message_id, record_key, body, status, attempts, next_attempt_at, updated_at, created_at)
   SELECT w.id, (outbox_event->>'event')::text, 'msg_' || replace(gen_random_uuid()::text, '-', ''), (outbox_event->>'record_key'), (outbox_event->'body')::jsonb, 'pending', 0, (outbox_event->>'at')::timestamptz, (outbox_event->>'at')::timestamptz, (outbox_event->>'at')::timestamptz
   FROM webhooks w
   WHERE w.active AND EXISTS (SELECT 1 FROM webhooks_events e WHERE e.parent_id = w.id AND e.value::text IN ((outbox_event->>'event')::text, '*'));
      GET DIAGNOSTICS emitted = ROW_COUNT;
    END IF;

    RETURN QUERY SELECT false, emitted;
  END $body$;`
