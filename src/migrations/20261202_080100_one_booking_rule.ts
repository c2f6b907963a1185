import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

import { createFunction } from '../lib/postgres/required-objects'
import { CREATE_BOOKING_FUNCTION } from '../operations/bookings/booking-function'
import {
  BOOKING_REFUSAL_FUNCTION,
  createJudgeTrigger,
  JUDGE_BOOKING_FUNCTION,
  JUDGE_BOOKING_TRIGGER,
} from '../operations/bookings/booking-judge'
import { SERVICE_TERMS_AND_SLOTS_FUNCTION } from '../operations/bookings/service-terms'

// One booking rule for every door (docs/decisions.md "One booking rule, whichever door"): the rule's function and
// the trigger on `bookings` that runs it, the public booking's function without its own copy of the checks, and
// the service read that also answers the provider's block of the booker.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(
    sql.raw(`
  DROP FUNCTION IF EXISTS "community_service_terms_and_slots"(uuid, numeric, varchar);
  ${createFunction(SERVICE_TERMS_AND_SLOTS_FUNCTION)}
  ${createFunction(BOOKING_REFUSAL_FUNCTION)}
  ${createFunction(JUDGE_BOOKING_FUNCTION)}
  ${createJudgeTrigger()}
  ${createFunction(CREATE_BOOKING_FUNCTION)}`),
  )
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(
    sql.raw(`
  DROP TRIGGER IF EXISTS "${JUDGE_BOOKING_TRIGGER.name}" ON bookings;
  DROP FUNCTION IF EXISTS "${JUDGE_BOOKING_FUNCTION.name}"();
  DROP FUNCTION IF EXISTS "${BOOKING_REFUSAL_FUNCTION.name}"(uuid, uuid, uuid, varchar, numeric, numeric, numeric, numeric,
    numeric);
  DROP FUNCTION IF EXISTS "community_service_terms_and_slots"(uuid, numeric, varchar, uuid);
  ${BEFORE}`),
  )
}

// The booking function with its own checks and the service read before the block, for the way down.
const BEFORE = `DROP FUNCTION IF EXISTS community_create_booking(jsonb, jsonb, jsonb, jsonb, jsonb);
  CREATE OR REPLACE FUNCTION "community_create_booking"(new_booking jsonb, audit_entry jsonb, notice_row jsonb, mail_job jsonb, outbox_event jsonb)
  RETURNS TABLE (day_full boolean, deliveries integer) LANGUAGE plpgsql VOLATILE AS $body$
  DECLARE
    b bookings;
    a audit_logs;
    n notifications;
    j payload_jobs;
    cap numeric;
    seats numeric;
    most numeric;
    seated integer;
    booked integer;
    emitted integer := 0;
  BEGIN
    b := jsonb_populate_record(NULL::bookings, new_booking);
    -- The service row first: bookers of one service queue there, so their overlap waits cannot deadlock.
    SELECT s.max_bookings_per_day, s.seats_per_slot, s.max_participants INTO cap, seats, most
      FROM service_listings s WHERE s.id = b.service_id FOR NO KEY UPDATE;
    IF most IS NOT NULL AND b.participants > most THEN
      RAISE EXCEPTION 'participants above maxParticipants' USING ERRCODE = 'check_violation',
        CONSTRAINT = 'bookings_participants_max';
    END IF;
    IF cap IS NOT NULL THEN
      -- A statement of its own, whose snapshot sees every booking committed by the lock's last
      -- holder; at the cap (booking-rules.ts \`dayFull\`: booked >= cap) nothing is written.
      SELECT count(*)::int + (SELECT count(*)::int FROM booking_holds h
        WHERE h.service_id = b.service_id AND h.booking_date = b.booking_date AND h.expires_at > now()
          AND h.customer_id IS DISTINCT FROM b.customer_id) INTO booked FROM bookings x
      WHERE x.service_id = b.service_id AND x.booking_date = b.booking_date AND x.status IN ('pending', 'confirmed');
      IF booked >= cap THEN
        RETURN QUERY SELECT true, 0;
        RETURN;
      END IF;
    END IF;

    b.seats_per_slot := seats;
    IF seats > 1 THEN
      SELECT coalesce(sum(x.participants), 0)::int + (SELECT coalesce(sum(h.participants), 0)::int FROM booking_holds h
          WHERE h.service_id = b.service_id AND h.start_minute = b.start_minute AND h.expires_at > now()
            AND h.customer_id IS DISTINCT FROM b.customer_id)
        INTO seated FROM bookings x
      WHERE x.service_id = b.service_id AND x.start_minute = b.start_minute AND x.status IN ('pending', 'confirmed');
      IF seated + b.participants > seats THEN
        RAISE EXCEPTION 'no seats left' USING ERRCODE = 'check_violation', CONSTRAINT = 'bookings_seats';
      END IF;
    END IF;

    IF EXISTS (SELECT 1 FROM booking_holds h
      WHERE h.service_id = b.service_id AND h.customer_id IS DISTINCT FROM b.customer_id AND h.expires_at > now()
        AND (seats <= 1 OR h.start_minute <> b.start_minute)
        AND numrange(h.start_minute - h.buffer_before_minutes, h.end_minute + h.buffer_after_minutes, '[)')
          && numrange(b.start_minute - coalesce(b.buffer_before_minutes, 0),
            b.end_minute + coalesce(b.buffer_after_minutes, 0), '[)')) THEN
      RAISE EXCEPTION 'held by another member' USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'bookings_no_overlap';
    END IF;
    -- The booker's own hold of this start becomes the booking.
    DELETE FROM booking_holds h
    WHERE h.service_id = b.service_id AND h.customer_id = b.customer_id
      AND h.booking_date = b.booking_date AND h.booking_time = b.booking_time;

    INSERT INTO bookings (id, service_id, provider_id, customer_id, booking_date, booking_time, end_time, duration_minutes, total_price, currency, status, customer_message, start_minute, end_minute, buffer_before_minutes, buffer_after_minutes, updated_at, created_at, participants, seats_per_slot)
    VALUES (b.id, b.service_id, b.provider_id, b.customer_id, b.booking_date, b.booking_time, b.end_time, b.duration_minutes, b.total_price, b.currency, b.status, b.customer_message, b.start_minute, b.end_minute, b.buffer_before_minutes, b.buffer_after_minutes, b.updated_at, b.created_at, b.participants, b.seats_per_slot);

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
  END $body$;
DROP FUNCTION IF EXISTS community_service_terms_and_slots(uuid, numeric, varchar);
  CREATE OR REPLACE FUNCTION "community_service_terms_and_slots"(wanted_service uuid, wanted_day numeric, wanted_date varchar)
  RETURNS TABLE (
    id uuid, slug varchar, title varchar, status text, provider_id uuid, base_price varchar, price_type text,
    currency varchar, duration_minutes numeric, booking_advance_hours numeric,
    buffer_before_minutes numeric, buffer_after_minutes numeric, max_bookings_per_day numeric,
    open_slots json, exceptions json
  ) LANGUAGE plpgsql STABLE AS $body$
  #variable_conflict use_column
  BEGIN
    RETURN QUERY SELECT s.id, s.slug, s.title, s.status::text AS status, s.provider_id, s.base_price,
  s.price_type::text AS price_type, s.currency, s.duration_minutes, s.booking_advance_hours,
  s.buffer_before_minutes, s.buffer_after_minutes, s.max_bookings_per_day, (
     SELECT coalesce(json_agg(json_build_object('startTime', a.start_time, 'endTime', a.end_time)), '[]'::json)
     FROM service_availability a WHERE a.service_id = s.id AND a.day_of_week = $2 AND a.is_available
   ) AS open_slots, (
     SELECT coalesce(json_agg(json_build_object('isAvailable', e.is_available, 'startTime', e.start_time, 'endTime', e.end_time)), '[]'::json)
     FROM availability_exceptions e WHERE e.service_id = s.id AND e.date = $3
   ) AS exceptions
   FROM service_listings s WHERE s.id = $1;
  END $body$;`
