import { type CollectionBeforeChangeHook, type CollectionConfig, type Field, ValidationError } from 'payload'

import { contentCollection } from './community/contentCollection'
import { relation, text, validDate } from './community/fields'

const EVENTS = 'events'

/** `endsAt` after `startsAt`, on the merged document (an update may send only one of them). */
const endsAfterStart: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  const startsAt = data.startsAt ?? originalDoc?.startsAt
  const endsAt = data.endsAt ?? originalDoc?.endsAt
  if (startsAt && endsAt && Date.parse(String(endsAt)) <= Date.parse(String(startsAt))) {
    throw new ValidationError({
      collection: EVENTS,
      errors: [{ path: 'endsAt', message: 'The end must be after the start' }],
    })
  }
  return data
}

// Events: statuses of reviews (docs/api.md "Community content"), at a place, of a group.
export const Events: CollectionConfig = contentCollection('events', {
  auditPrefix: 'event',
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'startsAt', 'status', 'authorName', 'createdAt'] },
  defaultSort: 'startsAt',
  hooks: { beforeChange: [endsAfterStart] },
  fields: [
    text('title', 200, { required: true }),
    text('description', 5000, { long: true }),
    {
      name: 'startsAt',
      type: 'date',
      required: true,
      index: true,
      validate: validDate,
      admin: { date: { pickerAppearance: 'dayAndTime' } },
    },
    { name: 'endsAt', type: 'date', validate: validDate, admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { ...relation('place', 'places', 'Place'), access: {} } as Field,
    { ...relation('group', 'groups', 'Group'), access: {} } as Field,
  ],
})
