// The admin panel's navigation by task: every collection a person works with sits
// in a group, with one line saying what it is for. One table, so the whole navigation reads
// in one place; `panelNavigation` puts it on the collection configs (collections/index.ts).
// Who sees which collection is access/panelByRole.ts; collections hidden from everyone
// (sessions, tokens, rate limits) need no entry.
import type { CollectionConfig, Field } from 'payload'

import { COLLECTION_TEXTS, FIELD_TEXTS, GROUP_TEXTS } from '../src/admin/i18n/collections'

export const PANEL_GROUPS = [
  'Catalogue',
  'Bookings',
  'Community',
  'Moderation',
  'People',
  'Settings',
  'System',
] as const
type Group = (typeof PANEL_GROUPS)[number]

export const NAVIGATION: Readonly<Record<string, { group: Group; description: string }>> = {
  'service-listings': {
    group: 'Catalogue',
    description: 'What people can book: texts in every language, price, status. Open one to add a translation.',
  },
  'service-categories': {
    group: 'Catalogue',
    description: 'The category tree. Names and descriptions per language: switch the locale at the top of the form.',
  },
  'service-availability': {
    group: 'Catalogue',
    description: 'Weekly opening slots of each service, e.g. Monday 09:00–17:00.',
  },
  'availability-exceptions': {
    group: 'Catalogue',
    description: 'Days off and extra hours of each service, e.g. closed on 25 December, open late on the 3rd.',
  },
  'service-media': {
    group: 'Catalogue',
    description: 'Photos and files used by services and categories, with their alt texts per language.',
  },
  bookings: {
    group: 'Bookings',
    description: 'Requests to confirm, upcoming and past bookings. Group by status to see what waits for you.',
  },
  'blog-posts': { group: 'Community', description: 'Blog posts: drafts and published articles.' },
  'blog-comments': {
    group: 'Community',
    description: 'Published comments, newest first: open one to moderate it with a reason.',
  },
  reviews: { group: 'Community', description: 'Reviews of services by their customers, one per completed booking.' },
  comments: {
    group: 'Community',
    description: 'Comments on articles, events, places, galleries, products and classifieds.',
  },
  'forum-threads': {
    group: 'Community',
    description: 'Forum threads, pinned first then by last post. Pin or close a thread from its page.',
  },
  'forum-posts': { group: 'Community', description: 'Posts of the forum threads.' },
  classifieds: {
    group: 'Community',
    description:
      'Classified ads. Those waiting for approval: filter by status Pending review, then Approve from the ad’s page.',
  },
  places: {
    group: 'Community',
    description: 'Places proposed by members. Approve or reject pending ones from the place’s page.',
  },
  articles: {
    group: 'Community',
    description: 'Members’ articles: drafts, those waiting for approval, published ones.',
  },
  events: { group: 'Community', description: 'Events announced by members.' },
  groups: { group: 'Community', description: 'Groups of members.' },
  galleries: { group: 'Community', description: 'Photo galleries of members.' },
  'community-media': {
    group: 'Community',
    description: 'Images members upload for their galleries. Delete one to take it down everywhere it is shown.',
  },
  products: { group: 'Community', description: 'Products offered by members.' },
  notifications: { group: 'Community', description: 'Your own notifications. Each user sees only theirs.' },
  'signup-screening': {
    group: 'Moderation',
    description:
      'Email domains, addresses and IP ranges whose sign-ups are blocked or wait for approval. Check an address above the list.',
  },
  users: { group: 'People', description: 'Accounts and their roles.' },
  organizations: { group: 'People', description: 'Organizations that offer services.' },
  memberships: { group: 'People', description: 'Who belongs to which organization, and as what.' },
  invitations: {
    group: 'People',
    description: 'Invitations to join an organization: pending ones expire after 48 hours.',
  },
  profiles: { group: 'People', description: 'Public profile of each account (created with the account).' },
  wallets: { group: 'People', description: 'Balance of each account (created with the account).' },
  webhooks: {
    group: 'Settings',
    description:
      'Apps told of bookings, moderation, reports and services as they happen. Create one above the list (its secret is shown once); open one for its deliveries and to send a test.',
  },
  'webhook-deliveries': {
    group: 'Settings',
    description: 'Every webhook delivery: pending, succeeded or failed, with its attempts and the answer received.',
  },
  'audit-logs': {
    group: 'System',
    description:
      'Who did what, to what, from where. Entries cannot be edited or deleted. Filter by action, user id or date (Filters › Created At).',
  },
}

/**
 * The collections with the groups in PANEL_GROUPS order (the panel lists groups in the
 * order their first collection comes), keeping the order within a group; collections
 * without a group (hidden from everyone) last.
 */
export function inPanelOrder(collections: CollectionConfig[]): CollectionConfig[] {
  const rank = (collection: CollectionConfig) => {
    const entry = NAVIGATION[collection.slug]
    return entry ? PANEL_GROUPS.indexOf(entry.group) : PANEL_GROUPS.length
  }
  return [...collections].sort((a, b) => rank(a) - rank(b))
}

const OTHERS = ['fr', 'de', 'es', 'it', 'nl'] as const
const inEvery = (english: string, others: readonly string[]) => ({
  en: english,
  ...Object.fromEntries(OTHERS.map((language, index) => [language, others[index]!])),
})

/** Fields without a label of their own get one in every language where Payload would write the name in English. */
function withFieldLabels(fields: Field[]): Field[] {
  return fields.map((field) => {
    const withLabel =
      'name' in field && !('label' in field && field.label) && field.type !== 'ui' && FIELD_TEXTS[field.name]
        ? ({ ...field, label: inEvery(FIELD_TEXTS[field.name]![0], FIELD_TEXTS[field.name]!.slice(1)) } as Field)
        : field
    if ('fields' in withLabel && Array.isArray(withLabel.fields))
      return { ...withLabel, fields: withFieldLabels(withLabel.fields) } as Field
    return withLabel
  })
}

/** Its group, description, names and field labels in the panel's six languages (src/admin/i18n/collections.ts). */
export function panelNavigation(collection: CollectionConfig): CollectionConfig {
  const entry = NAVIGATION[collection.slug]
  const texts = COLLECTION_TEXTS[collection.slug]
  const translated: CollectionConfig = { ...collection, fields: withFieldLabels(collection.fields) }
  if (texts) {
    const [singular, ...singulars] = texts.singular
    const [plural, ...plurals] = texts.plural
    translated.labels = { singular: inEvery(singular, singulars), plural: inEvery(plural, plurals) }
  }
  if (!entry) return translated
  const group = inEvery(entry.group, GROUP_TEXTS[entry.group] ?? [])
  const description = texts?.description ? inEvery(entry.description, texts.description) : entry.description
  return { ...translated, admin: { ...collection.admin, group, description } }
}
