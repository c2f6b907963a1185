import type { CollectionConfig } from 'payload'

import { moderationStaff } from '../../access/moderationStaff'
import { nobody } from '../../access/nobody'
import { QUEUE_STATUSES, REPORT_QUEUE } from '../../domain/reports'

// The moderation queue: one row per reported item while it has open reports, its counts kept
// by the report operation's upsert (so a storm of reports is one row with the exact count and
// the queue is one index range scan, never an aggregate over reports). Closed by the
// decision that closes its reports. A partial unique index keeps one open row per item.
export const ReportQueue: CollectionConfig<typeof REPORT_QUEUE> = {
  slug: REPORT_QUEUE,
  admin: { useAsTitle: 'excerpt', defaultColumns: ['postType', 'excerpt', 'reports', 'firstReportedAt', 'status'] },
  access: { read: moderationStaff, create: nobody, update: nobody, delete: nobody },
  defaultSort: 'firstReportedAt',
  fields: [
    { name: 'postType', type: 'text', required: true },
    { name: 'postId', type: 'text', required: true },
    { name: 'status', type: 'select', required: true, defaultValue: 'open', options: [...QUEUE_STATUSES] },
    /** The item's status, kept current by its collection's hook (src/operations/reports/hooks.ts). */
    { name: 'itemStatus', type: 'text' },
    { name: 'author', type: 'relationship', relationTo: 'users', maxDepth: 0 },
    { name: 'excerpt', type: 'text' },
    { name: 'reports', type: 'number', required: true, defaultValue: 0 },
    /** `{<reason>: n}` over the item's open reports. */
    { name: 'reasons', type: 'json', required: true, admin: { components: { Field: '/src/admin/JsonView#JsonView' } } },
    { name: 'firstReportedAt', type: 'date', required: true },
    { name: 'closedAt', type: 'date' },
  ],
}
