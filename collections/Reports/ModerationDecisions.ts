import type { CollectionConfig } from 'payload'

import { moderationStaff } from '../../access/moderationStaff'
import { nobody } from '../../access/nobody'
import { DECISION_OUTCOMES, MODERATION_DECISIONS } from '../../domain/reports'

// Every decision on an item (DSA Art. 17 statement of reasons): moderated, rejected, deleted by
// a moderator, reports dismissed, or approved; the status before it (what a reversed appeal
// restores), who decided and when, and whether it answered notices (onNotice, with the first
// notice's time) or was taken on the moderator's own initiative. Written only by
// src/operations/reports/decisions.ts; the transparency report counts these rows.
export const ModerationDecisions: CollectionConfig<typeof MODERATION_DECISIONS> = {
  slug: MODERATION_DECISIONS,
  // The panel searches `like` on its listSearchableFields, else on the title: a select takes no `like`.
  admin: {
    useAsTitle: 'outcome',
    listSearchableFields: ['postId', 'reason'],
    defaultColumns: ['postType', 'postId', 'outcome', 'decidedBy', 'onNotice', 'createdAt'],
  },
  access: { read: moderationStaff, create: nobody, update: nobody, delete: nobody },
  defaultSort: '-createdAt',
  fields: [
    { name: 'postType', type: 'text', required: true },
    { name: 'postId', type: 'text', required: true },
    { name: 'outcome', type: 'select', required: true, options: [...DECISION_OUTCOMES] },
    { name: 'previousStatus', type: 'text' },
    { name: 'author', type: 'relationship', relationTo: 'users', maxDepth: 0 },
    { name: 'decidedBy', type: 'relationship', relationTo: 'users', maxDepth: 0 },
    { name: 'reason', type: 'textarea' },
    { name: 'onNotice', type: 'checkbox', required: true, defaultValue: false },
    { name: 'firstNoticeAt', type: 'date' },
  ],
}
