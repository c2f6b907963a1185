import type { CollectionConfig } from 'payload'

import { moderationStaff } from '../../access/moderationStaff'
import { nobody } from '../../access/nobody'
import { CONTENT_REPORTS, MODERATION_DECISIONS, REPORT_REASONS, REPORT_STATUSES } from '../../domain/reports'

// One notice (DSA Art. 16): who reported which item, why. Written only by the report
// operation (POST /api/reports) and closed by decisions (src/operations/reports). The stock
// route is for moderators and admins: a report names its reporter, which nobody else sees.
// One open report per reporter and item is a partial unique index (migration reports).
export const ContentReports: CollectionConfig<typeof CONTENT_REPORTS> = {
  slug: CONTENT_REPORTS,
  // The panel searches `like` on its listSearchableFields, else on the title: a select takes no `like`.
  admin: {
    useAsTitle: 'reason',
    listSearchableFields: ['postId', 'details'],
    defaultColumns: ['postType', 'postId', 'reason', 'status', 'createdAt'],
  },
  access: { read: moderationStaff, create: nobody, update: nobody, delete: nobody },
  defaultSort: '-createdAt',
  fields: [
    // A registry key and an id, not a relationship: any content type can be reported.
    { name: 'postType', type: 'text', required: true },
    { name: 'postId', type: 'text', required: true },
    // Not required: a deleted account leaves its reports, reporterless.
    { name: 'reporter', type: 'relationship', relationTo: 'users', maxDepth: 0 },
    { name: 'reason', type: 'select', required: true, options: [...REPORT_REASONS] },
    { name: 'details', type: 'textarea' },
    { name: 'status', type: 'select', required: true, defaultValue: 'open', options: [...REPORT_STATUSES] },
    { name: 'decision', type: 'relationship', relationTo: MODERATION_DECISIONS, maxDepth: 0 },
    { name: 'resolvedAt', type: 'date' },
  ],
}
