import type { CollectionConfig } from 'payload'

import { contentCollection } from '../community/contentCollection'
import { boundedNumber, fixedAfterCreate, text } from '../community/fields'
import { reviewOfOwnCompletedBooking } from './bookingRules'
import { refreshServiceRating } from './serviceRating'

// Reviews of services by their customers (docs/api.md "Community content"), one per completed booking.
export const Reviews: CollectionConfig = contentCollection('reviews', {
  auditPrefix: 'review',
  admin: { useAsTitle: 'body', defaultColumns: ['rating', 'body', 'service', 'status', 'authorName', 'createdAt'] },
  hooks: { beforeChange: [reviewOfOwnCompletedBooking], afterChange: [refreshServiceRating] },
  fields: [
    {
      name: 'service',
      type: 'relationship',
      relationTo: 'service-listings',
      index: true,
      maxDepth: 0,
      admin: { readOnly: true },
      access: { update: fixedAfterCreate },
    },
    {
      name: 'booking',
      type: 'relationship',
      relationTo: 'bookings',
      required: true,
      unique: true,
      maxDepth: 0,
      access: { update: fixedAfterCreate, read: () => true },
    },
    { name: 'rating', type: 'number', required: true, validate: boundedNumber(1, 5, { integer: true }) },
    text('body', 5000, { required: true, long: true }),
  ],
})
