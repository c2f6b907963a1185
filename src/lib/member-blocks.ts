// Blocking between members (docs/api.md "Blocking between members"): the reads every rule that honours a block makes,
// one indexed lookup each. A block of a moderator or an admin holds only for notifications: the other rules skip
// blocked accounts that hold a staff role.
import type { PayloadRequest } from 'payload'

import { runIn, statement } from './prepared'

/** True when the account in `column` holds no staff role: a block binds it. */
export const NOT_STAFF = (column: string) =>
  `NOT EXISTS (SELECT 1 FROM users_roles r WHERE r.parent_id = ${column} AND r.value IN ('moderator', 'admin'))`

/** The members (not staff) `blocker` (an SQL expression) blocks, as a subquery of one `id` column. */
export const blockedMembersSql = (blocker: string) =>
  `SELECT b.blocked_id AS id FROM member_blocks b WHERE b.blocker_id = ${blocker} AND ${NOT_STAFF('b.blocked_id')}`

const BLOCKED_MEMBERS = statement('member-blocks-blocked-members', blockedMembersSql('$1::uuid'))
const BETWEEN = statement(
  'member-blocks-between',
  `SELECT ${NOT_STAFF('b.blocked_id')} AS blocks FROM member_blocks b WHERE b.blocker_id = $1::uuid AND b.blocked_id = $2::uuid`,
)

/** The members (not staff) whose items `blockerId`'s lists leave out. */
export async function blockedMembers(req: PayloadRequest, blockerId: string): Promise<string[]> {
  const { rows } = await runIn<{ id: string }>(req, BLOCKED_MEMBERS, [blockerId])
  return rows.map((row) => String(row.id))
}

/**
 * Whether `ownerId` blocks `actorId`: `blocks` from acting on their things (never an actor with a staff role),
 * `mutes` their notifications (anyone).
 */
export async function blockBetween(
  req: PayloadRequest,
  ownerId: string | null | undefined,
  actorId: string | null | undefined,
): Promise<{ blocks: boolean; mutes: boolean }> {
  if (!ownerId || !actorId || actorId === ownerId) return { blocks: false, mutes: false }
  const { rows } = await runIn<{ blocks: boolean }>(req, BETWEEN, [ownerId, actorId])
  return { blocks: Boolean(rows[0]?.blocks), mutes: rows.length > 0 }
}

export async function blocksActor(
  req: PayloadRequest,
  ownerId: string | null | undefined,
  actorId: string | null | undefined,
): Promise<boolean> {
  return (await blockBetween(req, ownerId, actorId)).blocks
}
