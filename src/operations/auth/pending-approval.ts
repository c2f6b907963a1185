// Accounts held by sign-up screening's `require_approval` (docs/api.md "Sign-up screening"): made as any account,
// plus a row here; sign-in refuses them with 403 `account_pending_approval` until an admin approves the account
// (the row goes, audit `user.approve`) or removes it (the row goes with the user).
import type { PayloadRequest } from 'payload'

import { writeAudit } from '../../../hooks/shared/audit'
import { type AccountUser, findAccountUser } from '../../lib/auth/current'
import { runIn, statement } from '../../lib/prepared'
import { inTransaction } from '../../lib/transaction'
import { userNotFound } from './admin-users'

const HOLD = statement(
  'pending-account-hold',
  `INSERT INTO pending_accounts (user_id, screening_id) VALUES ($1::uuid, $2::uuid) ON CONFLICT DO NOTHING`,
)
const IS_PENDING = statement('pending-account-is', `SELECT 1 FROM pending_accounts WHERE user_id = $1::uuid`)
const RELEASE = statement(
  'pending-account-release',
  `DELETE FROM pending_accounts WHERE user_id = $1::uuid RETURNING 1`,
)

/** Holds a new account for approval (inside the sign-up's transaction). */
export async function holdForApproval(req: PayloadRequest, userId: string, screeningId: string): Promise<void> {
  await runIn(req, HOLD, [userId, screeningId])
}

export async function isPendingApproval(req: PayloadRequest, userId: string): Promise<boolean> {
  return (await runIn(req, IS_PENDING, [userId])).rowCount > 0
}

/** Lets a held account sign in; approving one that is not held changes nothing and writes no entry. */
export async function approveUser(req: PayloadRequest, userId: string): Promise<AccountUser> {
  return inTransaction(req, async () => {
    const user = await findAccountUser(req, userId)
    if (!user) throw userNotFound()
    const { rowCount } = await runIn(req, RELEASE, [userId])
    if (rowCount > 0)
      await writeAudit(req, {
        action: 'user.approve',
        targetType: 'users',
        targetId: userId,
        data: { email: user.email },
      })
    return user
  })
}
