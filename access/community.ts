// Who reads and changes the community content types (docs/api.md "Community content"), from the registry
// (domain/content-types.ts) rather than one file per type. *Which* change
// a caller may make (the transition table, locks, pinning) is the status guard's
// (hooks/community/guardChange.ts); here only whose rows they reach at all.
import type { Access, Where } from 'payload'

import type { ContentType } from '../domain/content-types'
import { hasPermission, type Permission } from '../domain/permissions'
import { blockedMembers } from '../src/lib/member-blocks'

/** The rows anonymous readers see: public statuses; a classified also while not expired. */
export function publicRows(type: ContentType, now = new Date()): Where {
  const visible: Where = { [type.statusField]: { in: [...type.publicStatuses] } }
  if (type.collection !== 'classifieds') return visible
  return { and: [visible, { expiresAt: { greater_than: now.toISOString() } }] }
}

const ownRows = (type: ContentType, userId: unknown): Where => ({ [type.authorField]: { equals: userId } })

/**
 * Anyone the public rows, an author also their own in any status, moderators and admins all. A member's lists leave
 * out the items of members they block, in the query so pages and totals stay true (docs/api.md "Blocking between
 * members"); a read by id does not.
 */
export const visibleContent =
  (type: ContentType): Access =>
  async ({ req, id }) => {
    if (hasPermission(req.user, 'moderation.queue')) return true
    if (!req.user) return publicRows(type)
    const visible: Where = { or: [publicRows(type), ownRows(type, req.user.id)] }
    if (id !== undefined) return visible
    const blocked = await blockedMembers(req, String(req.user.id))
    if (blocked.length === 0) return visible
    // An authorless item (its account deleted) is nobody's to block.
    const unblocked: Where = {
      or: [{ [type.authorField]: { not_in: blocked } }, { [type.authorField]: { exists: false } }],
    }
    return { and: [visible, unblocked] }
  }

/** Every permission that moves some item of the type, whoever wrote it. */
export function staffPermissions(type: ContentType): Permission[] {
  const movers = type.transitions.map((transition) => transition.by).filter((by): by is Permission => by !== 'author')
  return [
    ...new Set([
      ...movers,
      ...(type.deleteAny ? [type.deleteAny] : []),
      ...(type.collection === 'forum-threads' ? (['forum.pin_thread'] as const) : []),
    ]),
  ]
}

/** Holders of one of the type's staff permissions reach every item; an author their own. */
export const contentEditors =
  (type: ContentType): Access =>
  ({ req }) => {
    if (!req.user) return false
    if (staffPermissions(type).some((permission) => hasPermission(req.user, permission))) return true
    return ownRows(type, req.user.id)
  }

/** Removing a row (types without a `deleted` status): its author, or a holder of `deleteAny`. */
export const contentRemovers =
  (type: ContentType): Access =>
  ({ req }) => {
    if (!req.user) return false
    if (type.deleteAny && hasPermission(req.user, type.deleteAny)) return true
    return ownRows(type, req.user.id)
  }
