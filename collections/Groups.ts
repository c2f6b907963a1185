import type { CollectionConfig } from 'payload'

import { contentCollection } from './community/contentCollection'
import { text } from './community/fields'

// Groups of people: statuses of reviews (docs/api.md "Community content").
export const Groups: CollectionConfig = contentCollection('groups', {
  auditPrefix: 'group',
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'status', 'authorName', 'createdAt'] },
  fields: [text('name', 200, { required: true }), text('description', 5000, { long: true })],
})
