// Database invariants, checked after every fuzz, soak and fault run: what no sequence of requests,
// however hostile, may leave behind. Each check is one SQL query returning the offending rows,
// so a broken invariant names its rows. `checkInvariants` returns one line per violation.
import { MAIL_INVARIANTS } from './mail-invariants'
import { sql, type TestApp } from './test-app'

export interface Invariant {
  name: string
  query: string
}

const SHA256_HEX = `'^[0-9a-f]{64}$'`

export const INVARIANTS: Invariant[] = [
  {
    name: 'every user has exactly one profile',
    query: `SELECT u.id::text AS row, count(p.id) AS found FROM users u LEFT JOIN profiles p ON p.user_id = u.id GROUP BY u.id HAVING count(p.id) <> 1`,
  },
  {
    name: 'every user has exactly one wallet',
    query: `SELECT u.id::text AS row, count(w.id) AS found FROM users u LEFT JOIN wallets w ON w.user_id = u.id GROUP BY u.id HAVING count(w.id) <> 1`,
  },
  {
    name: 'no profile or wallet without its user',
    query: `SELECT 'profile ' || p.id AS row FROM profiles p LEFT JOIN users u ON u.id = p.user_id WHERE u.id IS NULL
            UNION ALL SELECT 'wallet ' || w.id FROM wallets w LEFT JOIN users u ON u.id = w.user_id WHERE u.id IS NULL`,
  },
  {
    // [booking_time, end_time) intervals on one service and date; a booking without an end
    // time occupies its start minute (docs/api.md "POST /api/services/bookings": the same start always conflicts).
    name: 'no two pending/confirmed bookings of one service overlap',
    query: `SELECT a.id::text || ' overlaps ' || b.id::text AS row
            FROM bookings a JOIN bookings b
              ON a.service_id = b.service_id AND a.booking_date = b.booking_date AND a.id < b.id
            WHERE a.status IN ('pending', 'confirmed') AND b.status IN ('pending', 'confirmed')
              AND a.booking_time < COALESCE(NULLIF(b.end_time, ''), b.booking_time || ':00.1')
              AND b.booking_time < COALESCE(NULLIF(a.end_time, ''), a.booking_time || ':00.1')`,
  },
  {
    // The totals the lists read (src/lib/list-query.ts) are the rows there are.
    name: 'list_counts hold the number of bookings, services, queue entries and community items per status',
    query: `WITH actual AS (
              SELECT 'bookings' AS list, status::text AS status, count(*) AS n FROM bookings GROUP BY status
              UNION ALL SELECT 'service_listings', status::text, count(*) FROM service_listings GROUP BY status
              UNION ALL SELECT 'report_queue', status::text, count(*) FROM report_queue GROUP BY status
              UNION ALL SELECT 'forum_threads', status::text, count(*) FROM forum_threads GROUP BY status
              UNION ALL SELECT 'blog_comments', status::text, count(*) FROM blog_comments GROUP BY status
              UNION ALL SELECT 'reviews', status::text, count(*) FROM reviews GROUP BY status
              UNION ALL SELECT 'comments', status::text, count(*) FROM comments GROUP BY status
              UNION ALL SELECT 'forum_posts', status::text, count(*) FROM forum_posts GROUP BY status
              UNION ALL SELECT 'classifieds', status::text, count(*) FROM classifieds GROUP BY status
              UNION ALL SELECT 'places', status::text, count(*) FROM places GROUP BY status
              UNION ALL SELECT 'articles', status::text, count(*) FROM articles GROUP BY status
              UNION ALL SELECT 'events', status::text, count(*) FROM events GROUP BY status
              UNION ALL SELECT 'groups', status::text, count(*) FROM groups GROUP BY status
              UNION ALL SELECT 'galleries', status::text, count(*) FROM galleries GROUP BY status
              UNION ALL SELECT 'products', status::text, count(*) FROM products GROUP BY status
            ), counted AS (SELECT list, status, sum(n) AS n FROM list_counts GROUP BY list, status)
            SELECT coalesce(a.list, c.list) || ' ' || coalesce(a.status, c.status) || ': ' || coalesce(a.n, 0) || ' rows, counted ' || coalesce(c.n, 0) AS row
            FROM actual a FULL JOIN counted c ON c.list = a.list AND c.status = a.status
            WHERE coalesce(a.n, 0) <> coalesce(c.n, 0)`,
  },
  {
    // The moderation queue (src/operations/reports): an item with open reports has exactly one
    // open entry, whose counts are its open reports'.
    name: 'every item with open reports has one open queue entry counting them',
    query: `WITH open_reports AS (
              SELECT post_type, post_id, count(*) AS n FROM content_reports WHERE status = 'open' GROUP BY post_type, post_id
            ), entries AS (
              SELECT post_type, post_id, sum(reports) AS n, count(*) AS rows FROM report_queue WHERE status = 'open' GROUP BY post_type, post_id
            )
            SELECT coalesce(r.post_id, e.post_id) || ': ' || coalesce(r.n, 0) || ' open reports, queue ' || coalesce(e.n, 0) || ' in ' || coalesce(e.rows, 0) || ' entries' AS row
            FROM open_reports r FULL JOIN entries e ON e.post_type = r.post_type AND e.post_id = r.post_id
            WHERE coalesce(r.n, 0) <> coalesce(e.n, 0) OR coalesce(e.rows, 0) > 1`,
  },
  {
    name: 'every booking has its audit entry',
    query: `SELECT b.id::text AS row FROM bookings b
            WHERE NOT EXISTS (SELECT 1 FROM audit_logs a WHERE a.action = 'booking.create' AND a.target_id = b.id::text)`,
  },
  {
    name: 'every service has the audit entry of its creation',
    query: `SELECT s.id::text AS row FROM service_listings s WHERE NOT EXISTS (
              SELECT 1 FROM audit_logs a WHERE a.target_id = s.id::text AND a.action IN ('service.create', 'service.duplicate'))`,
  },
  {
    name: 'every moderated comment has its moderation entry',
    query: `SELECT c.id::text AS row FROM blog_comments c WHERE c.status = 'moderated'
              AND NOT EXISTS (SELECT 1 FROM audit_logs a WHERE a.action = 'content_moderated' AND a.target_id = c.id::text)`,
  },
  {
    name: 'every session comes from an audited sign-in',
    query: `SELECT s.id::text AS row FROM sessions s
            WHERE NOT EXISTS (SELECT 1 FROM audit_logs a WHERE a.action IN ('login_success', 'user.password_changed')
                AND a.data->>'sessionId' = s.id::text)
              AND NOT EXISTS (SELECT 1 FROM audit_logs a WHERE a.action = 'user.first_admin' AND a.target_id = s.user_id::text)`,
  },
  {
    name: 'every failed sign-in entry names the email and the reason, and nothing secret',
    query: `SELECT id::text AS row FROM audit_logs WHERE action = 'login_failed'
              AND (data->>'email' IS NULL OR data->>'reason' IS NULL OR data ? 'password' OR data::text LIKE '%$argon2%')`,
  },
  {
    name: 'every user has the audit entry of its creation',
    query: `SELECT u.id::text AS row FROM users u WHERE NOT EXISTS (
              SELECT 1 FROM audit_logs a WHERE a.target_id = u.id::text AND a.action IN ('user.sign_up', 'user.first_admin', 'user.create'))`,
  },
  {
    name: 'no audit entry holds a password or its hash',
    // A key of that name at any depth; a value may say "password" (an email typed at sign-in).
    query: `SELECT id::text AS row FROM audit_logs
            WHERE jsonb_path_exists(data, 'lax $.**.password') OR jsonb_path_exists(data, 'lax $.**.passwordHash')
               OR jsonb_path_exists(data, 'lax $.**.hash') OR jsonb_path_exists(data, 'lax $.**.salt')
               OR data::text LIKE '%$argon2%'`,
  },
  {
    name: 'session tokens are stored as SHA-256 only',
    query: `SELECT id::text AS row FROM sessions WHERE token_hash !~ ${SHA256_HEX}`,
  },
  {
    name: 'verification and reset tokens are stored as SHA-256 only',
    query: `SELECT id::text AS row FROM verification_tokens WHERE token_hash !~ ${SHA256_HEX}`,
  },
  {
    // Payload's own reset flow is replaced by ours; its column would hold a token in clear.
    name: "Payload's reset-token column stays empty",
    query: `SELECT id::text AS row FROM users WHERE reset_password_token IS NOT NULL`,
  },
  {
    // hash/salt hold Payload's PBKDF2 of a random stand-in (collections/Users/hooks/hashPassword.ts).
    name: 'passwords are stored as argon2id only',
    query: `SELECT id::text AS row FROM users WHERE password_hash IS NOT NULL AND password_hash NOT LIKE '$argon2id$%'`,
  },
]

/** One line per violated invariant (with up to five offending rows); empty when all hold. */
export async function checkInvariants(app: TestApp): Promise<string[]> {
  const violations: string[] = []
  for (const invariant of [...INVARIANTS, ...MAIL_INVARIANTS]) {
    const rows = await sql<{ row: string }>(app, invariant.query)
    if (rows.length)
      violations.push(
        `${invariant.name}: ${rows.length} violation(s), e.g. ${rows
          .slice(0, 5)
          .map((row) => row.row)
          .join(', ')}`,
      )
  }
  return violations
}
