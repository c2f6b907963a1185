import { FIND_SESSION } from '../lib/auth/sessions'
import { STALE_ROLES, STALE_SESSIONS, STALE_TRIGGERS, STALE_USERS } from '../lib/auth/stale-triggers'
import { LIST_COUNTS_RESET, LIST_COUNTS_TRACK, LIST_COUNTS_TRIGGERS } from '../lib/postgres/list-counts'
import { type RequiredFunction, type RequiredObjects, returnQuery } from '../lib/postgres/required-objects'
import { CREATE_BOOKING_FUNCTION } from './bookings/booking-function'
import { BOOKING_REFUSAL_FUNCTION, JUDGE_BOOKING_FUNCTION, JUDGE_BOOKING_TRIGGER } from './bookings/booking-judge'
import { SERVICE_TERMS_AND_SLOTS_FUNCTION } from './bookings/service-terms'
import { WAITLIST_BOOKED, WAITLIST_TRIGGERS } from './bookings/waitlist-objects'
import { SEARCH_FUNCTIONS, SEARCH_TRIGGERS } from './search/search-objects'

/** The session read sent as this function's call when statements go unnamed (src/lib/prepared.ts `pooled`). */
export const FIND_SESSION_FUNCTION: RequiredFunction = {
  name: 'community_find_session',
  parameters: [['wanted_hash', 'varchar']],
  returns: `TABLE (
    id uuid, expires_at timestamptz, refreshed_at timestamptz, created_at timestamptz, active_organization_id uuid,
    user_id uuid, email varchar, name varchar, username varchar, email_verified boolean, image varchar,
    banned boolean, ban_reason varchar, ban_expires timestamptz,
    user_created_at timestamptz, user_updated_at timestamptz, roles text[]
  )`,
  volatility: 'STABLE',
  body: returnQuery(FIND_SESSION.text),
}

/**
 * The functions and triggers the code relies on beyond Payload's schema, each made by a
 * migration from the object listed here; the server refuses to start on a database where
 * one is missing or differs (src/lib/postgres/required-objects.ts).
 */
export const REQUIRED_OBJECTS: RequiredObjects = {
  functions: [
    CREATE_BOOKING_FUNCTION,
    BOOKING_REFUSAL_FUNCTION,
    JUDGE_BOOKING_FUNCTION,
    SERVICE_TERMS_AND_SLOTS_FUNCTION,
    FIND_SESSION_FUNCTION,
    LIST_COUNTS_TRACK,
    LIST_COUNTS_RESET,
    STALE_SESSIONS,
    STALE_USERS,
    STALE_ROLES,
    ...SEARCH_FUNCTIONS,
    WAITLIST_BOOKED,
  ],
  triggers: [
    JUDGE_BOOKING_TRIGGER,
    ...LIST_COUNTS_TRIGGERS,
    ...STALE_TRIGGERS,
    ...SEARCH_TRIGGERS,
    ...WAITLIST_TRIGGERS,
  ],
}
