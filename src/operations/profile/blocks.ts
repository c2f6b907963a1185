// A member's blocks (docs/api.md "Blocking between members"): a personal setting, so no audit entry; the blocked
// member is not told. Blocking twice is the same block (200, as first made).
import type { PayloadRequest } from 'payload'

import { isUuid } from '../../../domain/ids'
import { invalidRequest, notFound } from '../../lib/http/errors'
import { paginated, type Pagination } from '../../lib/http/pagination'
import { run, runIn, statement } from '../../lib/prepared'

export interface BlockView {
  userId: string
  username: string | null
  createdAt: string
}

interface BlockRow {
  user_id: string
  username: string | null
  created_at: Date | string
  made?: boolean
}

const present = (row: BlockRow): BlockView => ({
  userId: String(row.user_id),
  username: row.username ?? null,
  createdAt: new Date(row.created_at).toISOString(),
})

// One statement: the target must exist; `made` tells a new block from the one already there.
const BLOCK = statement(
  'member-block-insert',
  `WITH target AS (SELECT u.id, u.username FROM users u WHERE u.id = $2::uuid),
   made AS (
     INSERT INTO member_blocks (blocker_id, blocked_id) SELECT $1::uuid, id FROM target
     ON CONFLICT (blocker_id, blocked_id) DO NOTHING RETURNING blocked_id, created_at
   )
   SELECT t.id AS user_id, t.username, COALESCE(m.created_at, b.created_at) AS created_at, m.blocked_id IS NOT NULL AS made
   FROM target t LEFT JOIN made m ON true
   LEFT JOIN member_blocks b ON b.blocker_id = $1::uuid AND b.blocked_id = t.id`,
)
const LIST = statement(
  'member-block-list',
  `SELECT b.blocked_id AS user_id, u.username, b.created_at, count(*) OVER () AS total
   FROM member_blocks b JOIN users u ON u.id = b.blocked_id
   WHERE b.blocker_id = $1::uuid ORDER BY b.created_at DESC, b.blocked_id LIMIT $2 OFFSET $3`,
)
const COUNT = statement(
  'member-block-count',
  `SELECT count(*)::int AS n FROM member_blocks WHERE blocker_id = $1::uuid`,
)
const UNBLOCK = statement(
  'member-block-delete',
  `DELETE FROM member_blocks WHERE blocker_id = $1::uuid AND blocked_id = $2::uuid`,
)

export async function blockMember(
  req: PayloadRequest,
  blockerId: string,
  userId: string,
): Promise<{ block: BlockView; created: boolean }> {
  if (userId === blockerId) throw invalidRequest('You cannot block yourself', [{ path: 'userId', message: 'yourself' }])
  if (!isUuid(userId)) throw notFound('User not found')
  const { rows } = await runIn<BlockRow>(req, BLOCK, [blockerId, userId])
  const row = rows[0]
  if (!row) throw notFound('User not found')
  return { block: present(row), created: Boolean(row.made) }
}

export async function listBlocks(req: PayloadRequest, blockerId: string, page: Pagination) {
  const offset = (page.page - 1) * page.perPage
  const { rows } = await run<BlockRow & { total: string }>(req.payload, LIST, [blockerId, page.perPage, offset])
  const total = rows[0]
    ? Number(rows[0].total)
    : Number((await run<{ n: number }>(req.payload, COUNT, [blockerId])).rows[0]!.n)
  return paginated('blocks', rows.map(present), total, page)
}

export async function unblockMember(
  req: PayloadRequest,
  blockerId: string,
  userId: string,
): Promise<{ success: true }> {
  if (isUuid(userId)) await runIn(req, UNBLOCK, [blockerId, userId])
  return { success: true as const }
}
