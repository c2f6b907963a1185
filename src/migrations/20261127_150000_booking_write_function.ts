import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

// Hand-written (Payload cannot generate it): the public booking's write as one PL/pgSQL
// function (docs/decisions.md "The public booking is one statement";
// src/operations/bookings/insert-booking.ts calls it). Behind PgBouncer in transaction mode no
// prepared statement survives from one transaction to the next, so PostgreSQL parsed and
// planned each of the booking's seven statements again on every booking; PL/pgSQL keeps its
// statements' plans per server connection, which a pooler keeps open, and the call itself is
// one small statement (one round trip instead of nine: BEGIN, the lock, the count, five
// inserts, COMMIT). What it does is what the statements did, in the same order and lock order
// (docs/decisions.md "A deadlock or serialization failure runs the use case again"):
// - the service row locked FOR NO KEY UPDATE first (bookers of one service queue there, so
//   the exclusion constraint never sees two uncommitted overlapping inserts wait on each
//   other, a deadlock; it conflicts neither with foreign keys' key-share locks nor readers);
//   then, when the service has a daily cap, the date's pending and confirmed bookings counted
//   by a statement of its own, whose snapshot (a volatile function takes one per statement)
//   sees every booking committed by whoever held the lock before; at the cap (booking-rules.ts
//   `dayFull`, which the bookable-times list judges by: booked ≥ cap) it writes nothing and
//   says so;
// - the booking row, under the exclusion constraint `bookings_no_overlap` (an overlap raises
//   23P01 with the constraint's name, as the INSERT did: errors.ts turns it into 409);
// - its audit entry, the provider's notification (when there is one), the customer's mail job
//   (when there is one) and the webhook outbox rows (one per active subscribed webhook).
// Every row arrives as JSON with the table's column names (jsonb_populate_record reads them
// with the columns' own types); which columns are written is listed here, the rest take the
// tables' defaults, as the INSERTs they replace did.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE FUNCTION "community_create_booking"(new_booking jsonb, audit_entry jsonb, notice_row jsonb, mail_job jsonb, outbox_event jsonb)
  RETURNS TABLE (day_full boolean, deliveries integer) LANGUAGE plpgsql VOLATILE AS $$
  DECLARE
    b bookings;
    cap numeric;
    booked integer;
    emitted integer := 0;
  BEGIN
    b := jsonb_populate_record(NULL::bookings, new_booking);
    SELECT s.max_bookings_per_day INTO cap FROM service_listings s WHERE s.id = b.service_id FOR NO KEY UPDATE;
    IF cap IS NOT NULL THEN
      SELECT count(*)::int INTO booked FROM bookings x
      WHERE x.service_id = b.service_id AND x.booking_date = b.booking_date AND x.status IN ('pending', 'confirmed');
      IF booked >= cap THEN
        RETURN QUERY SELECT true, 0;
        RETURN;
      END IF;
    END IF;

    INSERT INTO bookings (id, service_id, provider_id, customer_id, booking_date, booking_time, end_time, duration_minutes, total_price, currency,
      status, customer_message, start_minute, end_minute, buffer_before_minutes, buffer_after_minutes, updated_at, created_at)
    VALUES (b.id, b.service_id, b.provider_id, b.customer_id, b.booking_date, b.booking_time, b.end_time, b.duration_minutes, b.total_price, b.currency,
      b.status, b.customer_message, b.start_minute, b.end_minute, b.buffer_before_minutes, b.buffer_after_minutes, b.updated_at, b.created_at);

    INSERT INTO audit_logs (action, user_id, target_type, target_id, ip, user_agent, data, updated_at, created_at)
    SELECT a.action, a.user_id, a.target_type, a.target_id, a.ip, a.user_agent, a.data, a.updated_at, a.created_at
    FROM jsonb_populate_record(NULL::audit_logs, audit_entry) a;

    IF notice_row IS NOT NULL THEN
      INSERT INTO notifications (user_id_id, type, title, body, target_type, target_id, updated_at, created_at)
      SELECT n.user_id_id, n.type, n.title, n.body, n.target_type, n.target_id, n.updated_at, n.created_at
      FROM jsonb_populate_record(NULL::notifications, notice_row) n;
    END IF;

    IF mail_job IS NOT NULL THEN
      INSERT INTO payload_jobs (input, task_slug, queue, created_at, updated_at)
      SELECT j.input, j.task_slug, j.queue, j.created_at, j.updated_at
      FROM jsonb_populate_record(NULL::payload_jobs, mail_job) j;
    END IF;

    IF outbox_event IS NOT NULL THEN
      -- hooks/shared/webhookEvents.ts EMIT: a delivery for every active webhook subscribed to
      -- the event (or to '*'), its message id as the Standard Webhooks examples make them.
      INSERT INTO webhook_deliveries (webhook_id, event, message_id, record_key, body, status, attempts, next_attempt_at, updated_at, created_at)
      SELECT w.id, outbox_event->>'event', 'msg_' || replace(gen_random_uuid()::text, '-', ''), outbox_event->>'record_key', outbox_event->'body', 'pending', 0,
        (outbox_event->>'at')::timestamptz, (outbox_event->>'at')::timestamptz, (outbox_event->>'at')::timestamptz
      FROM webhooks w
      WHERE w.active AND EXISTS (SELECT 1 FROM webhooks_events e WHERE e.parent_id = w.id AND e.value::text IN (outbox_event->>'event', '*'));
      GET DIAGNOSTICS emitted = ROW_COUNT;
    END IF;

    RETURN QUERY SELECT false, emitted;
  END $$;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP FUNCTION IF EXISTS "community_create_booking"(jsonb, jsonb, jsonb, jsonb, jsonb);`)
}
