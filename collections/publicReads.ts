// What the shared read cache (src/lib/read-cache) answers on the stock routes, and what
// those answers depend on beyond the collections' relation fields. The catalogue, the blog
// and every community type: the reads apps make on every page (docs/api.md "Roles and
// permissions", docs/api.md "Community content", docs/api.md "Profile, admin blog, admin
// organizations, auth client").
import { CONTENT_TYPES } from '../domain/content-types'
import { isStaff } from '../domain/permissions'
import type { PublicReads } from '../src/lib/read-cache/dependencies'

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`).replace(/-/g, '_')

export const PUBLIC_READS: PublicReads = {
  // The registry lists blog comments among the moderated types too: each slug once.
  collections: [
    ...new Set([
      'service-listings',
      'service-categories',
      'service-availability',
      'service-media',
      'blog-posts',
      ...Object.values(CONTENT_TYPES).map((type) => type.collection),
    ]),
  ],
  // Organization owners and admins read their organization's services and slots too
  // (docs/decisions.md "Organizations manage their services through the admin catalogue"):
  // access/organizationManagers.ts reads the memberships at every request.
  // A member's community lists leave out the members they block (access/community.ts reads member_blocks, whose
  // triggers bump `member-blocks`).
  alsoDependsOn: {
    'service-listings': ['memberships', 'organizations'],
    'service-availability': ['memberships', 'organizations'],
    ...Object.fromEntries(Object.values(CONTENT_TYPES).map((type) => [type.collection, ['member-blocks']])),
  },
  // An active classified stops being shown once `expiresAt` passes (docs/api.md
  // "Community content"; access/community.ts publicRows and the collection's
  // afterRead hook compare it with the clock).
  expiries: { classifieds: { table: 'classifieds', column: 'expires_at' } },
  // Their read access is the same for every reader who is not staff (the admins' rule aside),
  // and what they populate is too: a citizen's answer is the anonymous one.
  sharedWhenSignedIn: {
    collections: ['service-categories', 'service-media', 'blog-posts'],
    reader: (user) => !isStaff(user),
  },
  // Every docs/api.md "Community content" table carries the list_counts triggers (migration
  // 20261127_150000_community_list_counts): the totals of their access rules come from there on a
  // miss (docs/decisions.md "Cache misses take totalDocs from list_counts").
  countedLists: Object.fromEntries(
    Object.values(CONTENT_TYPES).map((type) => [
      type.collection,
      {
        table: snake(type.collection),
        statusField: type.statusField,
        statuses: type.statuses,
        authorField: type.authorField,
        authorColumn: `${snake(type.authorField)}_id`,
        ...(type.collection === 'classifieds' ? { expiry: { field: 'expiresAt', column: 'expires_at' } } : {}),
      },
    ]),
  ),
}
