import type { CollectionConfig } from 'payload'

import { contentCollection } from './community/contentCollection'
import { text } from './community/fields'

// Members' photo galleries (§9), statuses of reviews.
export const Galleries: CollectionConfig = contentCollection('galleries', {
  auditPrefix: 'gallery',
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'status', 'authorName', 'createdAt'] },
  fields: [text('title', 200, { required: true }), text('description', 5000, { long: true })],
})
