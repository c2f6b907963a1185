// The admin panel's navigation by task: every collection a person works with sits
// in a group, with one line saying what it is for. One table, so the whole navigation reads
// in one place; `panelNavigation` puts it on the collection configs (collections/index.ts).
// Who sees which collection is access/panelByRole.ts; collections hidden from everyone
// (sessions, tokens, rate limits) need no entry.
import type { CollectionConfig, Field } from 'payload'

import { COLLECTION_TEXTS, FIELD_TEXTS, GROUP_TEXTS, OPTION_TEXTS, WRITTEN_TEXTS } from '../src/admin/i18n/collections'

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

/** The collections whose editors see every label, description and option of ours in their language. */
export const EDITORS_COLLECTIONS = ['service-listings', 'service-categories', 'blog-posts', 'articles']

const written = (text: unknown) =>
  typeof text === 'string' && WRITTEN_TEXTS[text] ? inEvery(text, WRITTEN_TEXTS[text]) : text

/** A select's bare values as `{label, value}` in every language, where OPTION_TEXTS has them. */
const optionsInEvery = (options: unknown[]) =>
  options.map((option) =>
    typeof option === 'string' && OPTION_TEXTS[option]
      ? { value: option, label: inEvery(OPTION_TEXTS[option][0], OPTION_TEXTS[option].slice(1)) }
      : option,
  )

/**
 * Fields without a label of their own get one in every language where Payload would write the name in English; in
 * the editors' collections the labels, descriptions, row names and options written in English too.
 */
function withFieldLabels(fields: Field[], editors: boolean): Field[] {
  return fields.map((field) => {
    const named = 'name' in field && field.type !== 'ui'
    // Rebuilt key by key: the union of field types has no common shape to spread a label into.
    let next: Record<string, unknown> = Object.fromEntries(Object.entries(field))
    if (named && !('label' in field && field.label) && FIELD_TEXTS[field.name])
      next = { ...next, label: inEvery(FIELD_TEXTS[field.name]![0], FIELD_TEXTS[field.name]!.slice(1)) }
    if (editors) {
      if (typeof next.label === 'string') next = { ...next, label: written(next.label) }
      const admin = next.admin as { description?: unknown } | undefined
      if (typeof admin?.description === 'string')
        next = { ...next, admin: { ...admin, description: written(admin.description) } }
      const labels = next.labels as { singular?: unknown; plural?: unknown } | undefined
      if (labels && next.type === 'array')
        next = { ...next, labels: { singular: written(labels.singular), plural: written(labels.plural) } }
      if (Array.isArray(next.options)) next = { ...next, options: optionsInEvery(next.options) }
    }
    if ('fields' in next && Array.isArray(next.fields))
      next = { ...next, fields: withFieldLabels(next.fields as Field[], editors) }
    if (next.type === 'tabs' && Array.isArray(next.tabs))
      next = {
        ...next,
        tabs: (next.tabs as Array<{ fields: Field[] }>).map((tab) => ({
          ...tab,
          fields: withFieldLabels(tab.fields, editors),
        })),
      }
    return Object.assign({} as Field, next)
  })
}

/** Its group, description, names and field labels in the panel's six languages (src/admin/i18n/collections.ts). */
export function panelNavigation(collection: CollectionConfig): CollectionConfig {
  const entry = NAVIGATION[collection.slug]
  const texts = COLLECTION_TEXTS[collection.slug]
  const editors = EDITORS_COLLECTIONS.includes(collection.slug)
  const translated: CollectionConfig = { ...collection, fields: withFieldLabels(collection.fields, editors) }
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
