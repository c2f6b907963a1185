// The one rule for a place at a service's start (docs/api.md "Bookings, whichever door"): a party within
// `maxParticipants`, the daily cap, the seats and no overlap with another booking or another member's live hold,
// judged under the service row's lock. `community_booking_refusal` is that rule; the trigger on `bookings` runs it
// for every insert and every change of a booking's place, whatever wrote it (the public booking's function, a move,
// Payload's stock route, the panel, the Local API), and a hold or a waitlist offer asks it before taking a place.
import type { PayloadRequest } from 'payload'

import { apiError } from '../../lib/http/errors'
import type { RequiredFunction, RequiredTrigger } from '../../lib/postgres/required-objects'
import { runIn, statement } from '../../lib/prepared'
import { DAY_CAP_CHECK, OVERLAP_CONSTRAINT, PARTY_CHECK, partyTooLarge, SEATS_CHECK } from './errors'

/** What the rule answers for a place that does not fit, in its order of checks. */
export type PlaceRefusal = 'party_too_large' | 'day_full' | 'slot_full' | 'booking_conflict'

const LIVE = `('pending', 'confirmed')`

const LOCK_SERVICE = statement(
  'booking-lock-service',
  'SELECT max_participants, seats_per_slot FROM service_listings WHERE id = $1 FOR NO KEY UPDATE',
)

/**
 * The place `[wanted_start, wanted_end)` widened by its buffers, for `wanted_customer` (null: a walk-in),
 * judged without the booking `wanted_booking` itself (null: a new one). Locks the service row first: every
 * writer of one service queues there, so each check's statement sees what the lock's last holder committed.
 */
export const BOOKING_REFUSAL_FUNCTION: RequiredFunction = {
  name: 'community_booking_refusal',
  parameters: [
    ['wanted_service', 'uuid'],
    ['wanted_customer', 'uuid'],
    ['wanted_booking', 'uuid'],
    ['wanted_date', 'varchar'],
    ['wanted_start', 'numeric'],
    ['wanted_end', 'numeric'],
    ['wanted_before', 'numeric'],
    ['wanted_after', 'numeric'],
    ['wanted_participants', 'numeric'],
  ],
  returns: 'TABLE (refusal text, seats integer)',
  volatility: 'VOLATILE',
  body: `
  DECLARE
    cap numeric;
    most numeric;
    places integer;
    taken numeric;
    span numrange := numrange(wanted_start - wanted_before, wanted_end + wanted_after, '[)');
  BEGIN
    SELECT s.max_bookings_per_day, s.max_participants, coalesce(s.seats_per_slot, 1)::int INTO cap, most, places
      FROM service_listings s WHERE s.id = wanted_service FOR NO KEY UPDATE;
    IF most IS NOT NULL AND wanted_participants > most THEN
      RETURN QUERY SELECT 'party_too_large'::text, places;
      RETURN;
    END IF;
    IF cap IS NOT NULL THEN
      -- Other members' live holds of the date count as pending bookings.
      SELECT (SELECT count(*) FROM bookings x WHERE x.service_id = wanted_service AND x.booking_date = wanted_date
          AND x.status IN ${LIVE} AND x.id IS DISTINCT FROM wanted_booking)
        + (SELECT count(*) FROM booking_holds h WHERE h.service_id = wanted_service AND h.booking_date = wanted_date
          AND h.expires_at > now() AND h.customer_id IS DISTINCT FROM wanted_customer)
        INTO taken;
      IF taken >= cap THEN
        RETURN QUERY SELECT 'day_full'::text, places;
        RETURN;
      END IF;
    END IF;
    IF places > 1 THEN
      SELECT (SELECT coalesce(sum(x.participants), 0) FROM bookings x WHERE x.service_id = wanted_service
          AND x.start_minute = wanted_start AND x.status IN ${LIVE} AND x.id IS DISTINCT FROM wanted_booking)
        + (SELECT coalesce(sum(h.participants), 0) FROM booking_holds h WHERE h.service_id = wanted_service
          AND h.start_minute = wanted_start AND h.expires_at > now() AND h.customer_id IS DISTINCT FROM wanted_customer)
        INTO taken;
      IF taken + wanted_participants > places THEN
        RETURN QUERY SELECT 'slot_full'::text, places;
        RETURN;
      END IF;
    END IF;
    -- With more than one seat, bookings made with seats and holds of the same start share it.
    IF EXISTS (SELECT 1 FROM bookings x WHERE x.service_id = wanted_service AND x.status IN ${LIVE}
        AND x.id IS DISTINCT FROM wanted_booking
        AND NOT (places > 1 AND x.seats_per_slot > 1 AND x.start_minute = wanted_start)
        AND numrange(x.start_minute - coalesce(x.buffer_before_minutes, 0),
          x.end_minute + coalesce(x.buffer_after_minutes, 0), '[)') && span)
      OR EXISTS (SELECT 1 FROM booking_holds h WHERE h.service_id = wanted_service AND h.expires_at > now()
        AND h.customer_id IS DISTINCT FROM wanted_customer AND NOT (places > 1 AND h.start_minute = wanted_start)
        AND numrange(h.start_minute - h.buffer_before_minutes, h.end_minute + h.buffer_after_minutes, '[)') && span)
    THEN
      RETURN QUERY SELECT 'booking_conflict'::text, places;
      RETURN;
    END IF;
    RETURN QUERY SELECT NULL::text, places;
  END `,
}

/**
 * Before a booking is written with a live status, or its place, party or status changes into a live one: the
 * rule above, refusals raised as the constraint errors errors.ts answers (an overlap as the exclusion
 * constraint's own), the service's seats stored with the row, and the customer's own holds of that start
 * taken over by it. Other updates (a confirm, a response, the reminder's mark) pass untouched.
 */
export const JUDGE_BOOKING_FUNCTION: RequiredFunction = {
  name: 'community_judge_booking',
  parameters: [],
  returns: 'trigger',
  volatility: 'VOLATILE',
  body: `
  DECLARE
    verdict text;
    places integer;
  BEGIN
    IF NEW.status NOT IN ${LIVE} OR NEW.service_id IS NULL OR NEW.start_minute IS NULL THEN
      RETURN NEW;
    END IF;
    IF TG_OP = 'UPDATE' AND OLD.status IN ${LIVE} AND NEW.service_id = OLD.service_id
      AND NEW.booking_date = OLD.booking_date AND NEW.start_minute = OLD.start_minute
      AND NEW.end_minute = OLD.end_minute AND NEW.customer_id IS NOT DISTINCT FROM OLD.customer_id
      AND coalesce(NEW.buffer_before_minutes, 0) = coalesce(OLD.buffer_before_minutes, 0)
      AND coalesce(NEW.buffer_after_minutes, 0) = coalesce(OLD.buffer_after_minutes, 0)
      AND coalesce(NEW.participants, 1) <= coalesce(OLD.participants, 1) THEN
      RETURN NEW;
    END IF;
    SELECT j.refusal, j.seats INTO verdict, places FROM community_booking_refusal(NEW.service_id, NEW.customer_id,
      NEW.id, NEW.booking_date, NEW.start_minute, NEW.end_minute, coalesce(NEW.buffer_before_minutes, 0),
      coalesce(NEW.buffer_after_minutes, 0), coalesce(NEW.participants, 1)) j;
    IF verdict = 'booking_conflict' THEN
      RAISE EXCEPTION 'The start overlaps another booking or hold'
        USING ERRCODE = 'exclusion_violation', CONSTRAINT = '${OVERLAP_CONSTRAINT}';
    ELSIF verdict = 'slot_full' THEN
      RAISE EXCEPTION 'No seats left at this start' USING ERRCODE = 'check_violation', CONSTRAINT = '${SEATS_CHECK}';
    ELSIF verdict = 'day_full' THEN
      RAISE EXCEPTION 'The date is at its cap' USING ERRCODE = 'check_violation', CONSTRAINT = '${DAY_CAP_CHECK}';
    ELSIF verdict = 'party_too_large' THEN
      RAISE EXCEPTION 'participants above maxParticipants'
        USING ERRCODE = 'check_violation', CONSTRAINT = '${PARTY_CHECK}';
    END IF;
    NEW.seats_per_slot := places;
    DELETE FROM booking_holds h WHERE h.service_id = NEW.service_id AND h.customer_id = NEW.customer_id
      AND h.booking_date = NEW.booking_date AND h.booking_time = NEW.booking_time;
    RETURN NEW;
  END `,
}

export const JUDGE_BOOKING_TRIGGER: RequiredTrigger = {
  name: 'bookings_judge',
  table: 'bookings',
  function: JUDGE_BOOKING_FUNCTION.name,
}

/** The trigger's DDL, for a migration. */
export const createJudgeTrigger = () => `DROP TRIGGER IF EXISTS "${JUDGE_BOOKING_TRIGGER.name}" ON bookings;
  CREATE TRIGGER "${JUDGE_BOOKING_TRIGGER.name}" BEFORE INSERT OR UPDATE ON bookings
  FOR EACH ROW EXECUTE FUNCTION "${JUDGE_BOOKING_FUNCTION.name}"();`

const PLACE_REFUSAL = statement(
  'booking-place-refusal',
  'SELECT refusal, seats FROM community_booking_refusal($1, $2, $3, $4, $5, $6, $7, $8, $9)',
)

/** A place a hold or an offer would take: the start's minutes, the service's buffers, its party. */
export interface WantedPlace {
  serviceId: string
  customerId: string | null
  bookingDate: string
  startMinute: number
  endMinute: number
  bufferBeforeMinutes: number
  bufferAfterMinutes: number
  participants: number
}

/** The rule's answer for `place` (null: it fits) and the service's seats, after taking the service row's lock. */
export async function placeRefusal(
  req: PayloadRequest,
  place: WantedPlace,
): Promise<{ refusal: PlaceRefusal | null; seats: number }> {
  const { rows } = await runIn<{ refusal: PlaceRefusal | null; seats: number }>(req, PLACE_REFUSAL, [
    place.serviceId,
    place.customerId,
    null,
    place.bookingDate,
    place.startMinute,
    place.endMinute,
    place.bufferBeforeMinutes,
    place.bufferAfterMinutes,
    place.participants,
  ])
  return { refusal: rows[0]?.refusal ?? null, seats: Number(rows[0]?.seats ?? 1) }
}

/** The API error of a refusal (docs/api.md "Bookings, whichever door"). */
export function refusalError(refusal: PlaceRefusal, maxParticipants: number | null = null): Error {
  return refusal === 'party_too_large' ? partyTooLarge(maxParticipants) : apiError(refusal)
}

/**
 * The service row, locked as every writer of the service locks it first (the rule above takes the same lock), and
 * what a caller judges before the rule: its party limit and seats. Null when the service is gone.
 */
export async function lockService(
  req: PayloadRequest,
  serviceId: string,
): Promise<{ maxParticipants: number | null; seats: number } | null> {
  const { rows } = await runIn<{ max_participants: string | null; seats_per_slot: string | null }>(req, LOCK_SERVICE, [
    serviceId,
  ])
  const row = rows[0]
  if (!row) return null
  return {
    maxParticipants: row.max_participants == null ? null : Number(row.max_participants),
    seats: Number(row.seats_per_slot ?? 1),
  }
}
