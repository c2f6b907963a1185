// Sign-out revokes the presented session (bearer or cookie); calling it again is harmless.
import type { PayloadRequest } from 'payload'

import { writeAudit } from '../../../hooks/shared/audit'
import { revokeSession, sessionOf } from '../../lib/auth/sessions'
import { inTransaction } from '../../lib/transaction'

export async function signOut(req: PayloadRequest): Promise<void> {
  const current = sessionOf(req)
  if (!current) return
  await inTransaction(req, async () => {
    await revokeSession(req, current.session.id)
    await writeAudit(req, {
      action: 'logout',
      targetType: 'sessions',
      targetId: current.session.id,
      data: { sessionId: current.session.id },
    })
  })
}
