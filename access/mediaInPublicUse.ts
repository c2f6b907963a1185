import type { Access, Where } from 'payload'

/**
 * Media the public catalogue shows (docs/api.md "Roles and permissions"): linked from an active service, or the
 * featured image of an active category. A Where through the collection's join fields, so
 * lists, single reads and file downloads filter alike.
 */
export const mediaInPublicUse: Access = (): Where => ({
  or: [{ 'usedBy.status': { equals: 'active' } }, { 'featuredIn.isActive': { equals: true } }] satisfies Where[],
})
