// The caller's notifications (docs/api.md "Profile, admin blog, admin organizations, auth
// client"): newest first, the caller's own only, with the count of unread ones whatever the
// filter; marking read by ids (another user's ids change nothing and are not counted) or
// all at once. Prepared statements on the recipient's index (user, readAt, createdAt): the
// inbox is a hot read (npm run bench).
import type { Payload, PayloadRequest } from 'payload'

import { unauthorized } from '../../lib/http/errors'
import { paginated, type Pagination, parseBoolean, parsePagination } from '../../lib/http/pagination'
import { type PoolOwner, run, runIn, statement } from '../../lib/prepared'

export interface NotificationView {
  id: string
  type: string
  title: string
  body: string
  targetType: string | null
  targetId: string | null
  readAt: string | null
  createdAt: string
}

interface Row {
  id: string
  type: string
  title: string
  body: string
  target_type: string | null
  target_id: string | null
  read_at: Date | null
  created_at: Date
}

const COLUMNS = 'id, type, title, body, target_type, target_id, read_at, created_at'

// $2: true for unread only. Both counts in one pass over the recipient's rows.
const COUNTS = statement(
  'inbox-counts',
  `SELECT count(*) FILTER (WHERE NOT $2::boolean OR read_at IS NULL)::int AS total, count(*) FILTER (WHERE read_at IS NULL)::int AS unread
     FROM notifications WHERE user_id_id = $1`,
)
const PAGE = statement(
  'inbox-page',
  `SELECT ${COLUMNS} FROM notifications
    WHERE user_id_id = $1 AND (NOT $2::boolean OR read_at IS NULL)
    ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
)

const present = (row: Row): NotificationView => ({
  id: String(row.id),
  type: row.type,
  title: row.title,
  body: row.body,
  targetType: row.target_type,
  targetId: row.target_id,
  readAt: row.read_at ? row.read_at.toISOString() : null,
  createdAt: row.created_at.toISOString(),
})

export async function listInbox(payload: PoolOwner, userId: string, unreadOnly: boolean, page: Pagination) {
  const [counts, rows] = await Promise.all([
    run<{ total: number; unread: number }>(payload, COUNTS, [userId, unreadOnly]),
    run<Row>(payload, PAGE, [userId, unreadOnly, page.perPage, (page.page - 1) * page.perPage]),
  ])
  const { total, unread } = counts.rows[0] ?? { total: 0, unread: 0 }
  return { ...paginated('notifications', rows.rows.map(present), total, page), unread }
}

const MARK_IDS = statement(
  'inbox-mark-ids',
  'UPDATE notifications SET read_at = now(), updated_at = now() WHERE user_id_id = $1 AND read_at IS NULL AND id = ANY($2::uuid[])',
)
const MARK_ALL = statement(
  'inbox-mark-all',
  'UPDATE notifications SET read_at = now(), updated_at = now() WHERE user_id_id = $1 AND read_at IS NULL',
)

/** Marks the caller's unread notifications read (`ids`, or all of them); how many changed. */
export async function markRead(
  req: PayloadRequest,
  userId: string,
  target: { ids: string[] } | { all: true },
): Promise<{ updated: number }> {
  const { rowCount } =
    'all' in target ? await runIn(req, MARK_ALL, [userId]) : await runIn(req, MARK_IDS, [userId, target.ids])
  return { updated: rowCount }
}

/** The inbox as GET /api/profile/notifications answers it: the caller's, else 401. */
export async function inboxAnswer(payload: Payload, userId: string | undefined, params: URLSearchParams) {
  if (!userId) throw unauthorized()
  return listInbox(payload, userId, parseBoolean(params, 'unread') ?? false, parsePagination(params))
}
