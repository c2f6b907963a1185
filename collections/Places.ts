import type { CollectionConfig } from 'payload'

import { contentCollection } from './community/contentCollection'
import { boundedNumber, text } from './community/fields'

export const PLACES = 'places'

// Places proposed by members and approved by admins (docs/api.md "Community content"): they wait
// in `pending_review` until POST /api/admin/approve publishes or rejects them.
export const Places: CollectionConfig = contentCollection('places', {
  auditPrefix: 'place',
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'status', 'address', 'authorName', 'createdAt'] },
  fields: [
    text('name', 200, { required: true }),
    text('description', 5000, { long: true }),
    text('address', 500),
    { name: 'latitude', type: 'number', validate: boundedNumber(-90, 90) },
    { name: 'longitude', type: 'number', validate: boundedNumber(-180, 180) },
  ],
})
