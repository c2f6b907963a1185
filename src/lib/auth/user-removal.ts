// What keeps an account from being deleted, whichever door the delete comes through (docs/decisions.md
// "Deleting an account that others depend on is refused"): a service's provider and an organization's
// last owner, judged under locks so a change committing meanwhile is seen.
import type { PayloadRequest } from 'payload'

import { ApiError, apiError } from '../http/errors'
import { runIn, statement } from '../prepared'

// The user's row: a service or membership being written for this user (its foreign key
// check takes a KEY SHARE lock on the row) waits for the delete, or the delete waits for it.
const LOCK_USER = statement('removal-lock-user', 'SELECT id FROM users WHERE id = $1 FOR UPDATE')
const PROVIDED_SERVICES = statement(
  'removal-provided-services',
  'SELECT count(*)::int AS n FROM service_listings WHERE provider_id = $1',
)
// Every membership row of the organizations this user owns, in the order lockMembers takes
// them within one organization (src/lib/auth/organization-rows.ts), so an owner leaving or
// being demoted at the same time is judged one after the other.
const LOCK_OWNED_ORGANIZATIONS = statement(
  'removal-lock-owned-organizations',
  `SELECT m.id FROM memberships m
    WHERE m.organization_id IN (SELECT organization_id FROM memberships WHERE user_id = $1 AND role = 'owner')
    ORDER BY m.organization_id, m.id FOR UPDATE`,
)
const SOLELY_OWNED = statement(
  'removal-solely-owned',
  `SELECT o.name, o.slug FROM memberships m JOIN organizations o ON o.id = m.organization_id
    WHERE m.user_id = $1 AND m.role = 'owner'
      AND NOT EXISTS (SELECT 1 FROM memberships other WHERE other.organization_id = m.organization_id AND other.role = 'owner' AND other.user_id <> $1)
    ORDER BY o.name, o.slug`,
)

export const userProvidesServices = (count: number) =>
  apiError(
    'user_provides_services',
    `This account is the provider of ${count} service${count === 1 ? '' : 's'}: reassign ${count === 1 ? 'it' : 'them'} to another provider or delete ${count === 1 ? 'it' : 'them'} first`,
  )

export const lastOwnerOf = (organizations: Array<{ name: string; slug: string }>) =>
  apiError(
    'last_owner',
    `This account is the last owner of ${organizations.map((o) => `"${o.name}" (${o.slug})`).join(', ')}: make another member an owner or delete the organization first`,
  )

/**
 * Why the user `userId` may not be deleted now, or null; call it in the delete's transaction
 * (it takes the locks that keep the answer true until the commit).
 */
export async function removalRefusal(req: PayloadRequest, userId: string): Promise<ApiError | null> {
  await runIn(req, LOCK_USER, [userId])
  const services = (await runIn<{ n: number }>(req, PROVIDED_SERVICES, [userId])).rows[0]!.n
  if (services > 0) return userProvidesServices(services)
  await runIn(req, LOCK_OWNED_ORGANIZATIONS, [userId])
  const owned = (await runIn<{ name: string; slug: string }>(req, SOLELY_OWNED, [userId])).rows
  if (owned.length > 0) return lastOwnerOf(owned)
  return null
}

/** The context flag by which an operation that already judged the delete tells the hook so. */
export const REMOVAL_CHECKED = 'userRemovalChecked'

/** removalRefusal as a thrown ApiError, for the operations; marks the delete as judged. */
export async function assertRemovable(req: PayloadRequest, userId: string): Promise<Record<string, true>> {
  const refusal = await removalRefusal(req, userId)
  if (refusal) throw refusal
  return { [REMOVAL_CHECKED]: true }
}
