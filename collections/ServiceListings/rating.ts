// A service's rating over its published reviews (docs/api.md "Community content"): two integer columns the
// reviews keep exact (collections/Reviews/serviceRating.ts), and the virtual `rating` the
// stock route shows (presentService computes the same for the admin API).
import type { Field, FieldAccess } from 'payload'

import { ratingOf } from '../../src/operations/catalogue/rating'

const kept: FieldAccess = () => false

export const SERVICE_RATING_FIELDS: Field[] = [
  {
    name: 'ratingCount',
    type: 'number',
    required: true,
    defaultValue: 0,
    access: { create: kept, update: kept },
    admin: { hidden: true },
  },
  {
    name: 'ratingSum',
    type: 'number',
    required: true,
    defaultValue: 0,
    access: { create: kept, update: kept },
    admin: { hidden: true },
  },
  {
    name: 'rating',
    type: 'json',
    virtual: true,
    access: { create: kept, update: kept },
    // In words, not Payload's JSON editor (Monaco from a CDN).
    admin: {
      readOnly: true,
      description: 'Average of the published reviews, and how many there are.',
      components: { Field: '/src/admin/RatingField#RatingField' },
    },
    hooks: { afterRead: [({ siblingData }) => ratingOf(siblingData?.ratingSum, siblingData?.ratingCount)] },
  },
]
