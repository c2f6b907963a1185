// A change that ends or alters a user's sessions (a ban, a role change, revocations) makes
// that user's cookie-cache snapshots stale: on this instance at once (stale-snapshots.ts),
// on every other one through PostgreSQL. The NOTIFY runs on the change's own transaction,
// so it is delivered when that commits and never when it rolls back; the other instances'
// listeners (stale-listener.ts) mark the same map. Marking here early is safe: if the change
// rolls back, a stale mark only costs a database check.
import type { PayloadRequest } from 'payload'

import { runIn, statement } from '../prepared'
import { markUserStale } from './stale-snapshots'

/** The channel every instance LISTENs on; the payload is the user's id. */
export const STALE_CHANNEL = 'community_user_stale'

const NOTIFY_STALE = statement('notify-user-stale', `SELECT pg_notify('${STALE_CHANNEL}', $1)`)

export async function announceStale(req: PayloadRequest, userId: string): Promise<void> {
  markUserStale(userId)
  await runIn(req, NOTIFY_STALE, [userId])
}
