// A change that ends or alters a user's sessions (a ban, a role change, revocations) makes
// that user's cookie-cache snapshots stale on this instance at once (stale-snapshots.ts).
// Marking early is safe: if the change rolls back, a stale mark only costs a database check.
import type { PayloadRequest } from 'payload'

import { markUserStale } from './stale-snapshots'

export function announceStale(_req: PayloadRequest, userId: string): void {
  markUserStale(userId)
}
