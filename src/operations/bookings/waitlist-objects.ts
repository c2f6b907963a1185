import type { RequiredFunction, RequiredTrigger } from '../../lib/postgres/required-objects'

/** The table of waitlist entries (docs/api.md "Waitlist"): the service's own SQL, no collection of Payload's. */
export const WAITLIST_TABLE = 'booking_waitlist'

// A booking of a start its customer waits for ends their wait there as `booked`, whichever door it came by (an
// offer's `holdId`, a booking or a move without one): a trigger, so no door can forget it and it commits with the
// booking.
export const WAITLIST_BOOKED: RequiredFunction = {
  name: 'community_waitlist_booked',
  parameters: [],
  returns: 'trigger',
  volatility: 'VOLATILE',
  body: `
  BEGIN
    IF NEW.status IN ('pending', 'confirmed') AND NEW.customer_id IS NOT NULL
      AND (TG_OP = 'INSERT' OR NEW.start_minute IS DISTINCT FROM OLD.start_minute) THEN
      UPDATE booking_waitlist SET status = 'booked', updated_at = now()
      WHERE customer_id = NEW.customer_id AND service_id = NEW.service_id AND start_minute = NEW.start_minute
        AND status IN ('waiting', 'offered');
    END IF;
    RETURN NULL;
  END `,
}

export const WAITLIST_TRIGGERS: RequiredTrigger[] = [
  { name: 'bookings_waitlist_booked', table: 'bookings', function: WAITLIST_BOOKED.name },
]

/** The DDL of the trigger, for a migration (the function comes from `createFunction`). */
export const createWaitlistTrigger = () => `CREATE TRIGGER "bookings_waitlist_booked"
    AFTER INSERT OR UPDATE OF start_minute ON "bookings" FOR EACH ROW EXECUTE FUNCTION ${WAITLIST_BOOKED.name}();`
