import type { CollectionConfig } from 'payload'

import { CONTENT_TYPE_NAMES, CONTENT_TYPES, type ContentType } from '../domain/content-types'
import { hasPermission, hasRole } from '../domain/permissions'
import { staffPermissions } from './community'

/**
 * The admin panel by role (docs/api.md "Roles and permissions"): admins see every collection; a moderator sees
 * the moderation queue and their own account, nothing else, not even by URL (a hidden
 * collection has no panel routes). A collection added later is hidden from moderators
 * until it is listed here. Only the panel: REST access is each collection's own rules.
 */
export const MODERATOR_PANEL: ReadonlySet<string> = new Set([
  'blog-comments',
  'users',
  ...moderatedInPanel(),
  'community-media',
])

/**
 * (Community media: moderators take a gallery's image down, access/communityMedia.ts.)
 * The community types a moderator acts on: those whose transitions or delete permission a
 * moderator holds (reviews, threads, classifieds…), from the registry; places and articles
 * (approved by admins only) stay admin-only.
 */
function moderatedInPanel(): string[] {
  const moderator = { roles: ['moderator'] }
  return CONTENT_TYPE_NAMES.filter((name) => name !== 'blogComments')
    .map((name) => CONTENT_TYPES[name] as ContentType)
    .filter((type) => staffPermissions(type).some((permission) => hasPermission(moderator, permission)))
    .map((type) => type.collection)
}

/** Whether `user` sees `slug` in the panel (collections hidden from everyone aside). */
export function visibleInPanel(user: unknown, slug: string): boolean {
  return hasRole(user, 'admin') || (hasRole(user, 'moderator') && MODERATOR_PANEL.has(slug))
}

export function panelByRole(collection: CollectionConfig): CollectionConfig {
  const own = collection.admin?.hidden
  if (own === true || MODERATOR_PANEL.has(collection.slug)) return collection
  return {
    ...collection,
    admin: {
      ...collection.admin,
      hidden: ({ user }) => !hasRole(user, 'admin') || (typeof own === 'function' && own({ user })),
    },
  }
}
