// Bearer sessions this instance read from the database a moment ago, by token hash: an app
// sends the same token on every request, and reading its session each time was half the cost
// of a signed-in read. An entry is trusted under the cookie cache's rules (stale-snapshots.ts):
// only once the stale listener's catch-up round trip made after the request arrived has been
// answered (every ban, role change and sign-out committed before it has then been heard), and
// never when its user was marked stale at or after the moment its lookup was sent, nor while
// the listener is down. Bans, role changes and revocations reach the listener from the
// database itself (migration 20261202_020000_user_stale_triggers), whichever way they are made.
import type { findSession } from './sessions'
import { isStaleSince } from './stale-snapshots'
import { SESSION_ABSOLUTE_TIMEOUT } from './timing'

type Found = NonNullable<Awaited<ReturnType<typeof findSession>>>

interface Entry {
  found: Found
  /** Unix ms when the lookup that read it was sent. */
  sentAt: number
}

const entries = new Map<string, Entry>()
// Bounded like the cookie cache's verified values: cleared when full (every entry is a lookup away).
const ENTRIES_MAX = 10_000

/** Keeps what the database answered for the token hashed `hash`, read by a lookup sent at `sentAt` (unix ms). */
export function keepBearer(hash: string, found: Found, sentAt: number): void {
  if (entries.size >= ENTRIES_MAX && !entries.has(hash)) entries.clear()
  entries.set(hash, { found, sentAt })
}

/** Forgets the token hashed `hash` (the database no longer knows it). */
export function forgetBearer(hash: string): void {
  entries.delete(hash)
}

/** The kept session of the token hashed `hash`, younger than `maxAge` seconds; no staleness checked yet. */
export function keptBearer(hash: string, maxAge: number): Entry | undefined {
  const entry = entries.get(hash)
  if (!entry) return undefined
  const now = Date.now()
  const { doc } = entry.found
  const ended = Date.parse(doc.expiresAt) <= now || Date.parse(doc.createdAt) + SESSION_ABSOLUTE_TIMEOUT * 1000 <= now
  if (now - entry.sentAt >= maxAge * 1000 || now < entry.sentAt || ended) {
    entries.delete(hash)
    return undefined
  }
  return entry
}

/** Whether `entry` may answer now: asked after the catch-up round trip was answered. */
export function stillTrusted(entry: Entry): boolean {
  return !isStaleSince(String(entry.found.user.id), entry.sentAt)
}
