// Listing and revoking the sessions of one user (own sessions, and an admin's view of
// anybody's). A session is named by its id or by its token (docs/api.md "Accounts
// beyond sign-in (/api/auth)" revoke-session).
import type { PayloadRequest } from 'payload'

import { runIn, statement } from '../prepared'
import type { SessionRow } from './present-account'
import { tokenHash } from './tokens'

const LIST = statement(
  'list-user-sessions',
  `SELECT id, user_id, expires_at, created_at, updated_at, ip, user_agent
     FROM sessions WHERE user_id = $1 AND expires_at > now() ORDER BY created_at DESC`,
)
// Only the user's own session: someone else's id or token deletes nothing.
const REVOKE_ONE = statement(
  'revoke-user-session',
  `DELETE FROM sessions WHERE user_id = $1 AND (token_hash = $2 OR id::text = $3) RETURNING id`,
)
const REVOKE_ALL = statement('revoke-all-user-sessions', 'DELETE FROM sessions WHERE user_id = $1 RETURNING id')
const REVOKE_OTHERS = statement(
  'revoke-other-user-sessions',
  'DELETE FROM sessions WHERE user_id = $1 AND id <> $2 RETURNING id',
)

export async function listSessionRows(req: PayloadRequest, userId: string): Promise<SessionRow[]> {
  return (await runIn<SessionRow>(req, LIST, [userId])).rows
}

/** The ids of the sessions deleted (none when `handle` names no session of this user). */
export async function revokeSessionOf(req: PayloadRequest, userId: string, handle: string): Promise<string[]> {
  return (await runIn<{ id: string }>(req, REVOKE_ONE, [userId, tokenHash(handle), handle])).rows.map((row) =>
    String(row.id),
  )
}

export async function revokeSessionsOf(req: PayloadRequest, userId: string, except?: string): Promise<string[]> {
  const result = except
    ? await runIn<{ id: string }>(req, REVOKE_OTHERS, [userId, except])
    : await runIn<{ id: string }>(req, REVOKE_ALL, [userId])
  return result.rows.map((row) => String(row.id))
}
