import type { CollectionAfterReadHook, CollectionConfig, DateFieldValidation } from 'payload'

import { CLASSIFIED_MAX_DAYS } from '../domain/limits'
import { contentCollection } from './community/contentCollection'
import { priceFields, text, validDate } from './community/fields'

const DAY = 86_400_000

/** An author may choose an end up to 90 days ahead; without one, approval sets 30 days (docs/api.md
 * "Community content").
 */
const expiresAtRule: DateFieldValidation = (input, options) => {
  const value: unknown = input
  const parsed = validDate(input, options)
  if (parsed !== true || value === null || value === undefined || value === '') return parsed
  // Checked when chosen, not on every later change (an ad past its end is still archived).
  const previous: unknown = options.previousValue
  if (
    previous !== undefined &&
    previous !== null &&
    Date.parse(String(previous instanceof Date ? previous.toISOString() : previous)) ===
      Date.parse(String(value instanceof Date ? value.toISOString() : value))
  )
    return true
  const time = Date.parse(String(value instanceof Date ? value.toISOString() : value))
  if (time <= Date.now()) return 'The end must be in the future'
  return time <= Date.now() + CLASSIFIED_MAX_DAYS * DAY ? true : `At most ${CLASSIFIED_MAX_DAYS} days ahead`
}

/** Never shown as active once past its end, even before the expiry job has run (docs/api.md "Community content"). */
const expiredWhenPast: CollectionAfterReadHook = ({ doc }) => {
  if (doc?.status === 'active' && doc.expiresAt && Date.parse(String(doc.expiresAt)) <= Date.now())
    return { ...doc, status: 'expired' }
  return doc
}

// Classified ads (docs/api.md "Community content"): approved by moderators
// (POST /api/admin/approve), then `active` until sold, archived by their
// author, or expired by the jobs queue.
export const Classifieds: CollectionConfig = contentCollection('classifieds', {
  auditPrefix: 'classified',
  hooks: { afterRead: [expiredWhenPast] },
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'price', 'currency', 'status', 'expiresAt', 'authorName'] },
  fields: [
    text('title', 200, { required: true }),
    text('description', 5000, { long: true }),
    ...priceFields(),
    text('location', 200),
    { name: 'expiresAt', type: 'date', index: true, validate: expiresAtRule },
  ],
})
