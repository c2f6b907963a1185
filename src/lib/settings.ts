// The service's configuration, read from the environment in one place (docs/api.md "Running several instances").
// Everything else asks `settings()` instead of reading process.env. It is read once and kept:
// process.env is slow to read, and a request asks settings() several times (the shell, the
// rate limit, the session cookies; 11 % of a cached-session read's CPU when it re-read the
// environment each time). Building an app or Payload reads it afresh, so a test can
// change a variable and see it take effect on the next app it builds; a test that changes one
// under a running app calls reloadSettings() (tests/helpers/env.ts).
import { COOKIE_CACHE_SECONDS } from './auth/timing'

function int(name: string, fallback: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`${name} must be a non-negative integer, got "${raw}"`)
  }
  return value
}

function bool(name: string, fallback: boolean): boolean {
  const raw = process.env[name]?.trim().toLowerCase()
  if (raw === undefined || raw === '') return fallback
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true
  if (['0', 'false', 'no', 'off'].includes(raw)) return false
  throw new Error(`${name} must be true or false, got "${process.env[name]}"`)
}

function list(name: string, fallback: string[]): string[] {
  const raw = process.env[name]
  if (raw === undefined || raw.trim() === '') return fallback
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
}

export interface RateLimitRule {
  max: number
  windowSeconds: number
}

function readSettings() {
  const port = int('PORT', 3000)
  const publicUrl = (process.env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '')
  const trusted = list('TRUSTED_ORIGINS', []).map((origin) => origin.replace(/\/+$/, ''))
  return {
    production: process.env.NODE_ENV === 'production',
    port,
    publicUrl,
    trustedOrigins: [...new Set([new URL(publicUrl).origin, ...trusted])],
    cookiePrefix: process.env.COOKIE_PREFIX ?? 'community.',
    locales: list('LOCALES', ['en', 'fr', 'de', 'es', 'it', 'nl']),
    trustProxy: bool('TRUST_PROXY', true),
    dbPush: bool('PAYLOAD_DB_PUSH', false),
    // false: src/lib/prepared.ts sends its statements unnamed (same SQL), for PgBouncer in
    // transaction mode, which keeps no prepared statement from one transaction to the next.
    preparedStatements: bool('DATABASE_PREPARED_STATEMENTS', true),
    // Streaming replicas for reads (src/lib/replicas): skipped while down or lagging past the bound.
    replicas: {
      urls: list('DATABASE_REPLICA_URLS', []),
      maxLagSeconds: int('DATABASE_REPLICA_MAX_LAG_SECONDS', 10),
    },
    // The shared cache of public stock reads (src/lib/read-cache): READ_CACHE=false
    // sends every read to Payload as before; READ_CACHE_MB bounds the memory its answers take.
    readCache: { enabled: bool('READ_CACHE', true), maxBytes: Math.max(1, int('READ_CACHE_MB', 64)) * 1024 * 1024 },
    // ADMIN_PANEL=false serves the API alone: no Next, so a start takes seconds (tests, API-only hosts).
    adminPanel: bool('ADMIN_PANEL', true),
    // `npm run dev` sets it: Next dev (hot reload) instead of the production build `npm start` serves.
    adminPanelDev: bool('ADMIN_PANEL_DEV', false),
    mail: {
      host: process.env.SMTP_HOST || undefined,
      port: int('SMTP_PORT', 587),
      user: process.env.SMTP_USER || undefined,
      pass: process.env.SMTP_PASS || undefined,
      secure: bool('SMTP_SECURE', false),
      from: process.env.MAIL_FROM || 'Community Platform <no-reply@localhost>',
      // The mail queue (src/lib/mail-queue): a failed send is retried this many times, waiting
      // delay × 2^(tries so far) between attempts (30 s, 1 min, 2 min, … ≈ 8.5 h in all by default).
      retryAttempts: int('MAIL_RETRY_ATTEMPTS', 10),
      retryDelayMs: int('MAIL_RETRY_DELAY_MS', 30_000),
    },
    media: {
      // Memory the image decodes running together may need, and how many uploads may wait
      // for room before more are refused with 503 media_busy (src/lib/media/decode-queue.ts).
      decodeMemoryMb: Math.max(1, int('MEDIA_DECODE_MEMORY_MB', 256)),
      decodeQueue: int('MEDIA_DECODE_QUEUE', 16),
      // The start sweep removes files no row names once they are this old (src/lib/media/orphan-files.ts).
      orphanAgeMinutes: int('MEDIA_ORPHAN_AGE_MINUTES', 60),
      // Off where a server shares the project's media/ with a throw-away database (tests, bench).
      sweepAtStart: bool('MEDIA_SWEEP_AT_START', true),
    },
    bookings: {
      // A reminder mail this many hours before a confirmed booking; 0 turns reminders off.
      reminderHours: int('BOOKING_REMINDER_HOURS', 24),
      // How often each instance looks for bookings due a reminder.
      reminderSweepSeconds: Math.max(1, int('BOOKING_REMINDER_SWEEP_SECONDS', 60)),
      // How long a hold keeps a start for its member (docs/api.md "Holds").
      holdSeconds: Math.max(1, int('BOOKING_HOLD_SECONDS', 600)),
      // How long a waitlist offer's hold lasts (docs/api.md "Waitlist").
      waitlistOfferSeconds: Math.max(1, int('WAITLIST_OFFER_SECONDS', 3600)),
      // How often each instance looks for room at the starts members wait for: an offer follows within it.
      waitlistSweepSeconds: Math.max(1, int('WAITLIST_SWEEP_SECONDS', 2)),
    },
    digests: {
      // The hour (server time, 0-23) daily digests go out in; weekly ones on Mondays in that hour.
      hour: Math.min(23, int('DIGEST_HOUR', 7)),
      // How often each instance looks for members due a digest.
      sweepSeconds: Math.max(1, int('DIGEST_SWEEP_SECONDS', 300)),
    },
    content: {
      // How often each instance runs the scheduled publications that are due (docs/api.md "Scheduled publishing").
      scheduledPublishSeconds: Math.max(1, int('SCHEDULED_PUBLISH_SWEEP_SECONDS', 15)),
    },
    webhooks: {
      // docs/api.md "Webhooks (/api/admin/webhooks)": https only, unless http is allowed (local receivers); private,
      // loopback, link-local and multicast targets refused unless allowed (tests).
      allowHttp: bool('WEBHOOKS_ALLOW_HTTP', false),
      allowPrivate: bool('WEBHOOKS_ALLOW_PRIVATE', false),
      // Waits before each retry (docs/api.md "Webhooks (/api/admin/webhooks)": 5 s, 5 min, 30 min,
      // 2 h, 5 h, 10 h); tests shorten them.
      retryDelaysMs: list('WEBHOOKS_RETRY_DELAYS_MS', [
        '5000',
        '300000',
        '1800000',
        '7200000',
        '18000000',
        '36000000',
      ]).map((raw) => {
        const value = Number(raw)
        if (!Number.isInteger(value) || value < 0)
          throw new Error(`WEBHOOKS_RETRY_DELAYS_MS must list non-negative integers, got "${raw}"`)
        return value
      }),
      timeoutMs: Math.max(1, int('WEBHOOKS_TIMEOUT_MS', 10_000)),
      // How often each instance looks for due deliveries without a wake-up (retries, other instances' events).
      pollMs: Math.max(50, int('WEBHOOKS_POLL_MS', 1_000)),
      // Deliveries sent at once by one instance.
      concurrency: Math.max(1, int('WEBHOOKS_CONCURRENCY', 16)),
    },
    // The first wait before the stale-session listener reconnects (doubling to 10 s;
    // src/lib/auth/stale-listener.ts). No snapshot is trusted while it is down.
    staleListenerRetryMs: Math.max(1, int('STALE_LISTENER_RETRY_MS', 250)),
    // How long an instance may answer a bearer token from the session it read for it
    // (src/lib/auth/bearer-cache.ts), never past the stale marks' lifetime; 0: every request
    // reads the session.
    bearerCacheSeconds: Math.min(COOKIE_CACHE_SECONDS, Math.max(0, int('BEARER_CACHE_SECONDS', 60))),
    // The primary itself, for what needs a session of its own (the stale-session LISTEN, the
    // mail queue's advisory lock: src/lib/postgres/session-client.ts) when DATABASE_URL is a
    // transaction-mode pooler (PgBouncer). Unset: DATABASE_URL.
    databaseDirectUrl: process.env.DATABASE_DIRECT_URL || undefined,
    s3: {
      bucket: process.env.S3_BUCKET || undefined,
      region: process.env.S3_REGION || 'us-east-1',
      endpoint: process.env.S3_ENDPOINT || undefined,
      accessKeyId: process.env.S3_ACCESS_KEY_ID || undefined,
      secretAccessKey: process.env.S3_SECRET_ACCESS_KEY || undefined,
      forcePathStyle: bool('S3_FORCE_PATH_STYLE', false),
    },
    rateLimits: {
      global: {
        max: int('RATE_LIMIT_GLOBAL_MAX', 100),
        windowSeconds: int('RATE_LIMIT_GLOBAL_WINDOW', 60),
      } satisfies RateLimitRule,
      signInPerIp: {
        max: int('RATE_LIMIT_SIGN_IN_MAX', 5),
        windowSeconds: int('RATE_LIMIT_SIGN_IN_WINDOW', 15 * 60),
      } satisfies RateLimitRule,
      signInFailuresPerEmail: {
        max: int('RATE_LIMIT_SIGN_IN_EMAIL_MAX', 5),
        windowSeconds: int('RATE_LIMIT_SIGN_IN_EMAIL_WINDOW', 15 * 60),
      } satisfies RateLimitRule,
      signUp: {
        max: int('RATE_LIMIT_SIGN_UP_MAX', 10),
        windowSeconds: int('RATE_LIMIT_SIGN_UP_WINDOW', 60 * 60),
      } satisfies RateLimitRule,
      // docs/api.md "Reports, the moderation queue, appeals and transparency": 20 reports per user per hour.
      reportsPerUser: {
        max: int('RATE_LIMIT_REPORTS_MAX', 20),
        windowSeconds: int('RATE_LIMIT_REPORTS_WINDOW', 60 * 60),
      } satisfies RateLimitRule,
      // docs/api.md "Profile, admin blog, admin organizations, auth client": 5 personal data exports per user per hour.
      profileExport: {
        max: int('RATE_LIMIT_PROFILE_EXPORT_MAX', 5),
        windowSeconds: int('RATE_LIMIT_PROFILE_EXPORT_WINDOW', 60 * 60),
      } satisfies RateLimitRule,
    },
  }
}

export type Settings = ReturnType<typeof readSettings>

let current: Settings | undefined

export function settings(): Settings {
  return (current ??= readSettings())
}

/** Forgets the settings read so far: the next settings() reads the environment again. */
export function reloadSettings(): void {
  current = undefined
}
