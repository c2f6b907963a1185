// The caller's own sessions (docs/api.md "Accounts beyond sign-in (/api/auth)"): list,
// revoke one, revoke all but the current one, revoke all. Revocations are audited with the
// ids they ended, and the user's cookie-cache snapshots go stale on every instance
// (session-events.ts, docs/decisions.md "Bans, role changes and revocations reach every
// instance").
import type { PayloadRequest } from 'payload'

import type { AuditAction } from '../../../domain/audit-actions'
import { writeAudit } from '../../../hooks/shared/audit'
import type { Caller } from '../../lib/auth/current'
import { presentSessionRow } from '../../lib/auth/present-account'
import { announceStale } from '../../lib/auth/session-events'
import { listSessionRows, revokeSessionOf, revokeSessionsOf } from '../../lib/auth/session-rows'
import { inTransaction } from '../../lib/transaction'

export async function listOwnSessions(req: PayloadRequest, caller: Caller) {
  return (await listSessionRows(req, caller.user.id)).map(presentSessionRow)
}

async function audited(
  req: PayloadRequest,
  caller: Caller,
  action: Extract<AuditAction, `session${string}`>,
  revoke: () => Promise<string[]>,
): Promise<void> {
  await inTransaction(req, async () => {
    const sessionIds = await revoke()
    if (sessionIds.length) await announceStale(req, caller.user.id)
    await writeAudit(req, {
      action,
      userId: caller.user.id,
      targetType: 'sessions',
      targetId: sessionIds.length === 1 ? sessionIds[0] : null,
      data: { sessionIds },
    })
  })
}

/** A handle naming no session of the caller's ends nothing, and says so no differently. */
export const revokeOwnSession = (req: PayloadRequest, caller: Caller, handle: string) =>
  audited(req, caller, 'session.revoked', () => revokeSessionOf(req, caller.user.id, handle))

export const revokeOtherOwnSessions = (req: PayloadRequest, caller: Caller) =>
  audited(req, caller, 'sessions.revoked_others', () =>
    revokeSessionsOf(req, caller.user.id, caller.current.session.id),
  )

export const revokeAllOwnSessions = (req: PayloadRequest, caller: Caller) =>
  audited(req, caller, 'sessions.revoked_all', () => revokeSessionsOf(req, caller.user.id))
