// The platform's numbers that more than one floor reads: the collections validate with them,
// the operations act on them (docs/api.md "Community content" classifieds, docs/api.md
// "Accounts beyond sign-in (/api/auth)" invitations).

/** An author may choose a classified's end up to this many days ahead… */
export const CLASSIFIED_MAX_DAYS = 90
/** …and without one, approval gives it this many days. */
export const CLASSIFIED_DEFAULT_DAYS = 30

/** An organization invitation stays pending this long (48 hours). */
export const INVITATION_LIFETIME_SECONDS = 48 * 3600
