import { INSERT_AUDIT } from '../../../hooks/shared/audit'
import { EMIT } from '../../../hooks/shared/webhookEvents'
import { bindParameters, type RequiredFunction } from '../../lib/postgres/required-objects'
import { QUEUE_NOTICE_MAIL } from '../notifications/notice-mail'
import { INSERT_NOTIFICATION } from '../notifications/notify'

// The public booking's write as one PL/pgSQL function: behind PgBouncer in transaction mode no
// prepared statement survives a transaction, and PL/pgSQL keeps its statements' plans per server
// connection (docs/performance.md "Behind PgBouncer"); the call is one round trip instead of nine.
// Its records are written by the statements every other booking door prepares (the audit entry,
// the notification, the mail job, the webhook outbox), bound to the function's rows, so each
// INSERT has one text. A migration creates the function from this object; the start-up check
// (src/lib/postgres/required-objects.ts) refuses a database whose function differs.

/** The columns a new booking writes (the rest take the table's defaults), in insert-booking.ts `bookingRow`'s order. */
export const BOOKING_COLUMNS = [
  'id',
  'service_id',
  'provider_id',
  'customer_id',
  'booking_date',
  'booking_time',
  'end_time',
  'duration_minutes',
  'total_price',
  'currency',
  'status',
  'customer_message',
  'start_minute',
  'end_minute',
  'buffer_before_minutes',
  'buffer_after_minutes',
  'updated_at',
  'created_at',
  'participants',
  'seats_per_slot',
] as const

const insertInto = (columns: readonly string[]) => `INSERT INTO bookings (${columns.join(', ')})
    VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`

export const INSERT_BOOKING = insertInto(BOOKING_COLUMNS)

const fieldsOf = (row: string, columns: readonly string[]) => columns.map((column) => `${row}.${column}`)

// Each row arrives as JSON with its table's column names: jsonb_populate_record reads them with the columns' own
// types, and each statement's parameters become that record's fields. The insert is judged by the trigger on
// `bookings` (booking-judge.ts), as every other door's: a place that does not fit raises there.
export const CREATE_BOOKING_FUNCTION: RequiredFunction = {
  name: 'community_create_booking',
  parameters: [
    ['new_booking', 'jsonb'],
    ['audit_entry', 'jsonb'],
    ['notice_row', 'jsonb'],
    ['mail_job', 'jsonb'],
    ['outbox_event', 'jsonb'],
  ],
  returns: 'integer',
  volatility: 'VOLATILE',
  body: `
  DECLARE
    b bookings;
    a audit_logs;
    n notifications;
    j payload_jobs;
    emitted integer := 0;
  BEGIN
    b := jsonb_populate_record(NULL::bookings, new_booking);
    ${bindParameters(INSERT_BOOKING, fieldsOf('b', BOOKING_COLUMNS))};

    a := jsonb_populate_record(NULL::audit_logs, audit_entry);
    ${bindParameters(INSERT_AUDIT.text, fieldsOf('a', ['action', 'user_id', 'target_type', 'target_id', 'ip', 'user_agent', 'data', 'created_at']))};

    IF notice_row IS NOT NULL THEN
      n := jsonb_populate_record(NULL::notifications, notice_row);
      ${bindParameters(INSERT_NOTIFICATION.text, fieldsOf('n', ['user_id_id', 'type', 'title', 'body', 'target_type', 'target_id', 'created_at']))};
    END IF;

    IF mail_job IS NOT NULL THEN
      j := jsonb_populate_record(NULL::payload_jobs, mail_job);
      ${bindParameters(QUEUE_NOTICE_MAIL.text, [...fieldsOf('j', ['input', 'task_slug', 'queue', 'created_at']), "(mail_job->>'recipient_id')", "(mail_job->>'notification_type')", "(mail_job->>'in_inbox')::boolean"])};
    END IF;

    IF outbox_event IS NOT NULL THEN
      ${bindParameters(EMIT.text, ["(outbox_event->>'event')", "(outbox_event->>'record_key')", "(outbox_event->'body')", "(outbox_event->>'at')::timestamptz"])};
      GET DIAGNOSTICS emitted = ROW_COUNT;
    END IF;

    RETURN emitted;
  END `,
}
