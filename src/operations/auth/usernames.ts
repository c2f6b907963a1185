// A username derived from the email's local part (profile with a derived username), made
// unique with a numeric suffix: jane, jane2, jane3 … Usernames are unique ignoring case,
// and the names of the profile family's own routes are never anyone's (docs/api.md
// "Profile, admin blog, admin organizations, auth client": /api/profile/notifications is
// not the profile of "notifications").
import type { PayloadRequest } from 'payload'

import { execute, sql } from '../../lib/sql'

/** Sub-paths of /api/profile: refused as taken, skipped when a username is derived. */
export const RESERVED_USERNAMES: readonly string[] = [
  'notifications',
  'export',
  'notification-settings',
  'unsubscribe',
  'blocks',
]

const isReserved = (username: string) => RESERVED_USERNAMES.includes(username.toLowerCase())

/** Whether `username` is reserved or held by anyone but `exceptUserId`, ignoring case. */
export async function usernameUnavailable(
  req: PayloadRequest,
  username: string,
  exceptUserId?: string,
): Promise<boolean> {
  if (isReserved(username)) return true
  const rows = await execute(
    req,
    sql`SELECT 1 FROM users WHERE lower(username) = lower(${username}) AND (${exceptUserId ?? null}::uuid IS NULL OR id <> ${exceptUserId ?? null}::uuid) LIMIT 1`,
  )
  return rows.length > 0
}

const MIN = 3
const MAX = 30

export function usernameBase(email: string): string {
  const local = email.split('@')[0] ?? ''
  let base = local
    .replace(/[^A-Za-z0-9_-]/g, '')
    .toLowerCase()
    .slice(0, MAX)
  if (base.length < MIN) base = `${base}user`.slice(0, MAX)
  return base
}

export async function uniqueUsername(req: PayloadRequest, email: string): Promise<string> {
  const base = usernameBase(email)
  const stem = base.slice(0, MAX - 6) // room for a suffix of up to 6 digits
  const { docs } = await req.payload.find({
    collection: 'users',
    // `like` is case-insensitive here (db-postgres uses ILIKE): Jane2 takes jane2 too.
    where: { or: [{ username: { like: base } }, { username: { like: stem } }] },
    select: { username: true },
    limit: 0,
    pagination: false,
    overrideAccess: true,
    req,
  })
  const taken = new Set([
    ...RESERVED_USERNAMES,
    ...docs.map((doc) => String((doc as { username?: string }).username).toLowerCase()),
  ])
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) {
    const candidate = `${stem}${n}`
    if (!taken.has(candidate)) return candidate
  }
}
