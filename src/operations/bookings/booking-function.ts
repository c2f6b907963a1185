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

// The columns before seats, for the body the seats migration's down restores.
const COLUMNS_BEFORE_SEATS = BOOKING_COLUMNS.slice(0, -2)

const fieldsOf = (row: string, columns: readonly string[]) => columns.map((column) => `${row}.${column}`)

// A live hold of another member over the booking's widened span (docs/api.md "Holds"): the exclusion
// constraint's own error, so every door answers it as the overlap it stands for.
const HELD_ELSEWHERE = `
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
`

// A party larger than the service takes, then (with more than one seat) the start's pending and confirmed
// participants and other members' live holds against its seats: errors.ts answers 400 and 409 \`slot_full\`.
const PARTY = `
    IF most IS NOT NULL AND b.participants > most THEN
      RAISE EXCEPTION 'participants above maxParticipants' USING ERRCODE = 'check_violation',
        CONSTRAINT = 'bookings_participants_max';
    END IF;`
const SEATS = `
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
`

// Other members' live holds of the date count against the cap as pending bookings.
const HELD_THAT_DAY = ` + (SELECT count(*)::int FROM booking_holds h
        WHERE h.service_id = b.service_id AND h.booking_date = b.booking_date AND h.expires_at > now()
          AND h.customer_id IS DISTINCT FROM b.customer_id)`

// Each row arrives as JSON with its table's column names: jsonb_populate_record reads them with the
// columns' own types, and each statement's parameters become that record's fields. `holds` false is the
// body before holds and seats existed (the seats migration's down).
export const bookingFunction = (holds: boolean): RequiredFunction => ({
  name: 'community_create_booking',
  parameters: [
    ['new_booking', 'jsonb'],
    ['audit_entry', 'jsonb'],
    ['notice_row', 'jsonb'],
    ['mail_job', 'jsonb'],
    ['outbox_event', 'jsonb'],
  ],
  returns: 'TABLE (day_full boolean, deliveries integer)',
  volatility: 'VOLATILE',
  body: `
  DECLARE
    b bookings;
    a audit_logs;
    n notifications;
    j payload_jobs;
    cap numeric;${holds ? '\n    seats numeric;\n    most numeric;\n    seated integer;' : ''}
    booked integer;
    emitted integer := 0;
  BEGIN
    b := jsonb_populate_record(NULL::bookings, new_booking);
    -- The service row first: bookers of one service queue there, so their overlap waits cannot deadlock.
    SELECT s.max_bookings_per_day${holds ? ', s.seats_per_slot, s.max_participants' : ''} INTO cap${holds ? ', seats, most\n     ' : ''} FROM service_listings s WHERE s.id = b.service_id FOR NO KEY UPDATE;${holds ? PARTY : ''}
    IF cap IS NOT NULL THEN
      -- A statement of its own, whose snapshot sees every booking committed by the lock's last
      -- holder; at the cap (booking-rules.ts \`dayFull\`: booked >= cap) nothing is written.
      SELECT count(*)::int${holds ? HELD_THAT_DAY : ''} INTO booked FROM bookings x
      WHERE x.service_id = b.service_id AND x.booking_date = b.booking_date AND x.status IN ('pending', 'confirmed');
      IF booked >= cap THEN
        RETURN QUERY SELECT true, 0;
        RETURN;
      END IF;
    END IF;
${holds ? SEATS + HELD_ELSEWHERE : ''}
    ${holds ? bindParameters(INSERT_BOOKING, fieldsOf('b', BOOKING_COLUMNS)) : bindParameters(insertInto(COLUMNS_BEFORE_SEATS), fieldsOf('b', COLUMNS_BEFORE_SEATS))};

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

    RETURN QUERY SELECT false, emitted;
  END `,
})

export const CREATE_BOOKING_FUNCTION = bookingFunction(true)
