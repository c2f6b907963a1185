// Every error code the API answers, with its HTTP status and default message (docs/api.md "Error
// bodies"). Plain data that imports nothing, so that every floor, src/lib included, reads the
// one table; src/lib/http/errors.ts `apiError` builds the thrown error from an entry.

export interface ErrorCodeEntry<C extends string = string> {
  readonly status: number
  readonly code: C
  /** What the client reads unless the call gives a more specific message. */
  readonly message: string
}

type Declared = Record<string, { readonly status: number; readonly message: string }>

/** The table, keyed by code: each entry also names its own code, as thrown errors and docs read it. */
type Table<T extends Declared> = { readonly [C in keyof T & string]: ErrorCodeEntry<C> & T[C] }

function defineErrorCodes<const T extends Declared>(codes: T): Table<T> {
  return Object.fromEntries(Object.entries(codes).map(([code, entry]) => [code, { ...entry, code }])) as never
}

export const ERROR_CODES = defineErrorCodes({
  // Every route (the general family, and the transport's answers in every family).
  invalid_request: { status: 400, message: 'The request is not valid' },
  invalid_body: { status: 400, message: 'The request body is not valid JSON' },
  unauthorized: { status: 401, message: 'Authentication required' },
  forbidden: { status: 403, message: 'Forbidden' },
  not_found: { status: 404, message: 'Not found' },
  method_not_allowed: { status: 405, message: 'This method is not allowed on this route' },
  payload_too_large: { status: 413, message: 'The request body is too large' },
  unsupported_media_type: { status: 415, message: 'This file is not accepted' },
  too_many_requests: { status: 429, message: 'Too many requests, try again later' },
  internal_error: { status: 500, message: 'Internal server error' },
  service_unavailable: {
    status: 503,
    message: 'The service is temporarily unavailable (database unreachable); try again shortly',
  },
  storage_unavailable: {
    status: 503,
    message: 'The media storage cannot store files right now; nothing was saved, try again later',
  },
  media_busy: {
    status: 503,
    message: 'Too many images are being processed right now; nothing was saved, try again shortly',
  },
  missing_action: { status: 400, message: 'The body needs an "action"' },
  unknown_action: { status: 400, message: 'Unknown action' },
  missing_id: { status: 400, message: 'The action needs an "id"' },

  // Authentication and accounts (the auth family).
  invalid_input: { status: 400, message: 'Invalid input' },
  weak_password: { status: 400, message: 'The password does not follow the password rules' },
  invalid_password: { status: 400, message: 'Invalid password' },
  invalid_token: { status: 400, message: 'The token is invalid, expired or already used' },
  invalid_redirect: { status: 400, message: 'redirectTo must be a URL on a trusted origin' },
  invalid_credentials: { status: 401, message: 'Invalid email or password' },
  email_not_verified: { status: 401, message: 'Email not verified' },
  session_not_fresh: { status: 403, message: 'Sign in again (a session from the last 10 minutes is required)' },
  banned_user: { status: 403, message: 'You have been banned from this application' },
  user_already_exists: { status: 409, message: 'An account with this email already exists' },
  signup_blocked: { status: 403, message: 'Sign-up is not possible with these details' },
  account_pending_approval: { status: 403, message: 'This account is waiting for approval by an administrator' },
  username_taken: { status: 409, message: 'This username is already taken' },
  user_not_found: { status: 404, message: 'No user with this id' },
  cannot_ban_yourself: { status: 400, message: 'You cannot ban yourself' },
  cannot_remove_yourself: { status: 400, message: 'You cannot remove yourself' },
  user_provides_services: {
    status: 409,
    message: 'This account is the provider of services: reassign or delete them first',
  },

  // Organizations. Better Auth's organization routes answer `slug_is_taken`, the admin family `slug_taken`.
  organization_not_found: { status: 404, message: 'No such organization' },
  member_not_found: { status: 404, message: 'No such member of this organization' },
  slug_is_taken: { status: 409, message: 'This slug is already taken' },
  last_owner: { status: 409, message: 'An organization must keep at least one owner' },
  no_active_organization: { status: 400, message: 'Give organizationId or set an active organization first' },
  already_member: { status: 409, message: 'This person is already a member of the organization' },
  organization_has_services: {
    status: 409,
    message: 'The organization still owns services: move or delete them first',
  },
  invitation_not_found: { status: 404, message: 'No such invitation' },
  invitation_expired: { status: 410, message: 'This invitation has expired' },
  invitation_not_pending: { status: 409, message: 'This invitation is no longer pending' },
  already_invited: {
    status: 409,
    message: 'This person already has a pending invitation (send resend: true to mail it again)',
  },

  // Catalogue.
  slug_taken: { status: 409, message: 'This slug is already taken' },
  slot_overlap: { status: 409, message: 'Two slots overlap' },
  invalid_parent: { status: 400, message: 'This category cannot be the parent' },
  service_has_bookings: {
    status: 409,
    message: 'This service has pending or confirmed bookings; finish or cancel them first',
  },

  // Bookings.
  service_not_active: { status: 400, message: 'This service is not available for booking' },
  booking_in_past: { status: 400, message: 'The booking date and time are in the past' },
  booking_too_soon: { status: 400, message: 'This service must be booked further in advance' },
  slot_unavailable: { status: 400, message: 'The time is not inside an available slot of the service for that day' },
  range_too_long: { status: 400, message: 'The range covers too many dates' },
  day_full: { status: 409, message: 'This service takes no more bookings on that date' },
  booking_conflict: { status: 409, message: 'This time overlaps another pending or confirmed booking of the service' },
  slot_full: { status: 409, message: 'This start has no seats left for that many participants' },
  too_many_holds: { status: 409, message: 'You already hold as many starts as one member may' },
  slot_available: { status: 409, message: 'This start can be booked now; book it instead of waiting' },
  already_waiting: { status: 409, message: 'You are already on the waitlist of this start' },

  // Community content, approval and reviews (shared with the bookings' status moves).
  invalid_transition: { status: 409, message: 'The status cannot move there from here' },
  cancellation_window_closed: {
    status: 409,
    message: 'This booking can no longer be cancelled or moved by its customer',
  },
  content_locked: { status: 409, message: 'This item cannot be edited in its status' },
  review_exists: { status: 409, message: 'This booking already has a review' },
  thread_closed: { status: 409, message: 'This thread is closed to new posts' },

  // Moderation, reports and appeals (the moderation family's codes are upper-case by contract).
  AUTH_UNAUTHORIZED: { status: 401, message: 'Sign in first' },
  AUTH_FORBIDDEN: { status: 403, message: 'Moderating content needs the moderation.action permission' },
  VAL_REQUIRED_FIELD: { status: 400, message: 'A required field is missing' },
  VAL_INVALID_ENUM: { status: 400, message: 'A field has a value outside its choices' },
  VAL_TOO_SHORT: { status: 400, message: 'A field is too short' },
  VAL_TOO_LONG: { status: 400, message: 'A field is too long' },
  BIZ_NOT_FOUND: { status: 404, message: 'No such content (or it was deleted)' },
  BIZ_SELF_MODERATION: { status: 403, message: 'You cannot moderate your own content' },
  BIZ_ALREADY_MODERATED: { status: 400, message: 'This content is already moderated' },
  BIZ_SELF_REPORT: { status: 400, message: 'You cannot report your own content' },
  BIZ_SELF_REVIEW: { status: 403, message: 'The moderator who took a decision cannot decide its appeal' },
  report_exists: { status: 409, message: 'You already have an open report on this item' },
  no_open_reports: { status: 409, message: 'This item has no open reports to dismiss' },
  appeal_exists: { status: 409, message: 'This decision already has an appeal' },
  appeal_decided: { status: 409, message: 'This appeal has already been decided' },

  // Watched words and limits for new members.
  content_blocked: { status: 400, message: 'This text cannot be published as written' },
  already_exists: { status: 409, message: 'This already exists' },
})

export type ErrorCode = keyof typeof ERROR_CODES
