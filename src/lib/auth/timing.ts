// Session timing (seconds), as docs/api.md "Accounts (/api/auth)" documents it.
export const SESSION_LIFETIME = 604_800 // 7 days
export const SESSION_REFRESH_INTERVAL = 86_400 // slide the expiry at most once a day
export const SESSION_FRESH_WINDOW = 600 // "fresh": created in the last 10 minutes
export const SESSION_ABSOLUTE_TIMEOUT = 604_800 // never valid past createdAt + this
export const COOKIE_CACHE_SECONDS = 300

export const VERIFICATION_TOKEN_LIFETIME = 24 * 3600
export const RESET_TOKEN_LIFETIME = 3600
