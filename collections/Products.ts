import type { CollectionConfig } from 'payload'

import { contentCollection } from './community/contentCollection'
import { priceFields, text } from './community/fields'

// Products offered by members, statuses of reviews (docs/api.md "Community content").
export const Products: CollectionConfig = contentCollection('products', {
  auditPrefix: 'product',
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'price', 'currency', 'status', 'authorName', 'createdAt'] },
  fields: [text('title', 200, { required: true }), text('description', 5000, { long: true }), ...priceFields()],
})
