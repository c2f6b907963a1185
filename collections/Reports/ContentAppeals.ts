import type { CollectionConfig } from 'payload'

import { moderationStaff } from '../../access/moderationStaff'
import { nobody } from '../../access/nobody'
import { APPEAL_STATUSES, CONTENT_APPEALS, MODERATION_DECISIONS } from '../../domain/reports'

// An author's complaint against a decision (DSA Art. 20): one per decision (unique index),
// decided by another moderator or an admin (src/operations/reports/appeals.ts). Its indexes
// (one appeal per decision, the list by status) are in the migration `reports`.
export const ContentAppeals: CollectionConfig<typeof CONTENT_APPEALS> = {
  slug: CONTENT_APPEALS,
  admin: { useAsTitle: 'statement', defaultColumns: ['postType', 'postId', 'status', 'createdAt'] },
  access: { read: moderationStaff, create: nobody, update: nobody, delete: nobody },
  defaultSort: 'createdAt',
  fields: [
    { name: 'decision', type: 'relationship', relationTo: MODERATION_DECISIONS, maxDepth: 0 },
    { name: 'postType', type: 'text', required: true },
    { name: 'postId', type: 'text', required: true },
    { name: 'appellant', type: 'relationship', relationTo: 'users', maxDepth: 0 },
    { name: 'statement', type: 'textarea', required: true },
    { name: 'status', type: 'select', required: true, defaultValue: 'open', options: [...APPEAL_STATUSES] },
    { name: 'decidedBy', type: 'relationship', relationTo: 'users', maxDepth: 0 },
    { name: 'decidedAt', type: 'date' },
    { name: 'decisionReason', type: 'textarea' },
  ],
}
