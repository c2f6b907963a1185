import type { CollectionConfig } from 'payload'

import { activeServices } from '../../access/activeServices'
import { adminField } from '../../access/adminField'
import { anyOf } from '../../access/anyOf'
import { isAdmin } from '../../access/isAdmin'
import {
  createsManagedService,
  servicesOfManagedOrganizations,
  updatesManagedService,
} from '../../access/organizationManagers'
import { MAX_SEATS_PER_SLOT } from '../../domain/bookings'
import { MEDIA_LINK_TYPES, PRICE_TYPES, SERVICE_STATUSES } from '../../domain/services'
import { auditHooks } from '../../hooks/shared/audit'
import { webhookEventHooks } from '../../hooks/shared/webhookEvents'
import { labelOf } from '../../src/admin/i18n/index'
import { DEFAULT_CURRENCY } from '../../src/lib/money'
import { MAX_BUFFER_MINUTES } from '../../src/operations/bookings/booking-rules'
import { recordOutdatedServiceTexts } from '../../src/operations/catalogue/outdated-translations'
import { presentService } from '../../src/operations/catalogue/present-service'
import { oneTranslationPerLanguage, validateLanguage } from '../../src/operations/catalogue/rules/languages'
import { priceFitsCurrency, validateCurrency, validateDecimal } from '../../src/operations/catalogue/rules/price'
import { existingReference } from '../../src/operations/catalogue/rules/references'
import { refuseWithOpenBookingsAndDropSlots } from '../../src/operations/catalogue/rules/service-delete'
import { freeCopySlug, SLUG_MAX, uniqueSlug, validateSlug } from '../../src/operations/catalogue/rules/slug'
import { versioned } from '../versioning'
import { deriveTitleAndSearchText } from './hooks/deriveTitleAndSearchText'
import { SERVICE_RATING_FIELDS } from './rating'

export const SERVICES_COLLECTION = 'service-listings'

const audit = auditHooks('service')
const events = webhookEventHooks({
  create: 'service.created',
  update: 'service.updated',
  delete: 'service.deleted',
  present: (doc) => presentService(doc, { fullTranslations: true }),
})
const LANGUAGE_SELECT = '/src/admin/LanguageSelect#LanguageSelect'
const OUTDATED_TEXTS = '/src/admin/OutdatedTexts#OutdatedTexts'
const wholeNumber = (min: number) => (value: unknown) =>
  value === null || value === undefined || (Number.isInteger(value) && (value as number) >= min)
    ? true
    : `A whole number, at least ${min}`
const wholeNumberIn = (min: number, max: number) => (value: unknown) =>
  value === null ||
  value === undefined ||
  (Number.isInteger(value) && (value as number) >= min && (value as number) <= max)
    ? true
    : `A whole number from ${min} to ${max}`

// Services of the catalogue. Anyone reads active ones (apps browse the catalogue
// through the stock route); everything else, and every write, is for admins and, for the
// services of their organizations, the organizations' owners and admins
// (docs/decisions.md "Organizations manage their services through the admin catalogue").
const serviceListings: CollectionConfig<typeof SERVICES_COLLECTION> = {
  slug: SERVICES_COLLECTION,
  labels: { singular: 'Service', plural: 'Services' },
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'status', 'category', 'basePrice', 'currency', 'updatedAt'],
    // Group by status or category from the list's toolbar; Filters for anything else.
    groupBy: true,
    // The trigram-indexed column: the panel's search stays fast with 100,000 services.
    listSearchableFields: ['searchText'],
  },
  access: {
    read: anyOf(isAdmin, activeServices, servicesOfManagedOrganizations),
    create: anyOf(isAdmin, createsManagedService),
    update: anyOf(isAdmin, updatesManagedService),
    delete: anyOf(isAdmin, servicesOfManagedOrganizations),
  },
  defaultSort: '-createdAt',
  hooks: {
    beforeChange: [uniqueSlug(SERVICES_COLLECTION), priceFitsCurrency(SERVICES_COLLECTION), deriveTitleAndSearchText],
    beforeDelete: [refuseWithOpenBookingsAndDropSlots],
    afterChange: [recordOutdatedServiceTexts, audit.afterChange, events.afterChange],
    afterDelete: [audit.afterDelete, events.afterDelete],
  },
  fields: [
    {
      name: 'title',
      type: 'text',
      admin: { readOnly: true, description: 'From the translations: the one in the service language, else the first.' },
    },
    {
      name: 'slug',
      type: 'text',
      required: true,
      unique: true,
      index: true,
      maxLength: SLUG_MAX,
      validate: validateSlug,
      hooks: { beforeDuplicate: [({ req, value }) => freeCopySlug(req, SERVICES_COLLECTION, value as string)] },
    },
    {
      type: 'row',
      fields: [
        {
          name: 'status',
          type: 'select',
          required: true,
          defaultValue: 'draft',
          options: SERVICE_STATUSES.map((value) => ({ value, label: labelOf(`status.${value}`) })),
          hooks: { beforeDuplicate: [() => 'draft'] },
        },
        {
          name: 'category',
          type: 'relationship',
          relationTo: 'service-categories',
          validate: existingReference('service-categories', 'Category'),
        },
      ],
    },
    {
      type: 'row',
      fields: [
        // maxDepth 0: a provider is never populated, so no user record (email, hash) leaks through `depth`.
        {
          name: 'provider',
          type: 'relationship',
          relationTo: 'users',
          required: true,
          index: true,
          maxDepth: 0,
          validate: existingReference('users', 'Provider'),
        },
        {
          name: 'organization',
          type: 'relationship',
          relationTo: 'organizations',
          maxDepth: 0,
          validate: existingReference('organizations', 'Organization'),
        },
      ],
    },
    {
      type: 'row',
      fields: [
        {
          name: 'basePrice',
          type: 'text',
          validate: validateDecimal,
          admin: { components: { Description: '/src/admin/PriceDecimalsHint#PriceDecimalsHint' } },
        },
        { name: 'priceType', type: 'select', options: [...PRICE_TYPES] },
        // Text, not a `select`: a select is a PostgreSQL enum, re-migrated whenever the ISO list
        // changes (docs/decisions.md). The list is the UI; `validate` is the rule.
        {
          name: 'currency',
          type: 'text',
          required: true,
          defaultValue: DEFAULT_CURRENCY,
          validate: validateCurrency,
          admin: { description: 'ISO 4217', components: { Field: '/src/admin/CurrencySelect#CurrencySelect' } },
        },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'durationMinutes', type: 'number', validate: wholeNumber(1) },
        { name: 'maxParticipants', type: 'number', validate: wholeNumber(1) },
        { name: 'bookingAdvanceHours', type: 'number', validate: wholeNumber(0) },
        { name: 'cancellationHours', type: 'number', validate: wholeNumber(0) },
      ],
    },
    // docs/api.md "Exceptions: days off and extra hours": for conflicts a
    // booking occupies [start − before, end + after); the booking keeps the
    // buffers it was made with (docs/decisions.md "Days off, extra hours,
    // buffers and daily caps"). The cap counts pending and confirmed bookings
    // of one date.
    {
      type: 'row',
      fields: [
        {
          name: 'bufferBeforeMinutes',
          type: 'number',
          required: true,
          defaultValue: 0,
          validate: wholeNumberIn(0, MAX_BUFFER_MINUTES),
          admin: { description: 'Minutes kept free before each booking (0–240)' },
        },
        {
          name: 'bufferAfterMinutes',
          type: 'number',
          required: true,
          defaultValue: 0,
          validate: wholeNumberIn(0, MAX_BUFFER_MINUTES),
          admin: { description: 'Minutes kept free after each booking (0–240)' },
        },
        {
          name: 'maxBookingsPerDay',
          type: 'number',
          validate: wholeNumber(1),
          admin: { description: 'Pending and confirmed bookings per date; empty for no cap' },
        },
        {
          name: 'seatsPerSlot',
          type: 'number',
          required: true,
          defaultValue: 1,
          validate: wholeNumberIn(1, MAX_SEATS_PER_SLOT),
          admin: { description: 'Participants one start takes in all (1: one booking per start; a class: more)' },
        },
      ],
    },
    // The service's days off and extra hours on the stock route (staff only, like the
    // collection; a virtual field, no column). Not drawn in the panel: `calendar` below lists,
    // adds and removes them and keeps the coming weeks in step, which a join table cannot.
    {
      name: 'availabilityExceptions',
      label: labelOf('calendar.heading'),
      type: 'join',
      collection: 'availability-exceptions',
      on: 'service',
      defaultSort: 'date',
      access: { read: adminField },
      admin: { disabled: true },
    },
    // docs/api.md "Exceptions: days off and extra hours": the exceptions (date, hours, reason) with add and remove, the
    // coming four weeks with closed dates marked, extra hours and the bookable starts, and the starts held or seated.
    {
      name: 'calendar',
      type: 'ui',
      admin: { components: { Field: '/src/admin/ServiceCalendarField#ServiceCalendarField' } },
    },
    {
      type: 'row',
      fields: [
        { name: 'isMobile', type: 'checkbox', defaultValue: false, required: true },
        { name: 'isFeatured', type: 'checkbox', defaultValue: false, required: true },
        { name: 'displayInHome', type: 'checkbox', defaultValue: false, required: true },
        { name: 'allowReviews', type: 'checkbox', defaultValue: true, required: true },
      ],
    },
    // The published reviews' count and sum, kept by the reviews' hooks in the review's own
    // transaction (collections/Reviews/serviceRating.ts); `rating` shows them as the API's
    // `{average, count}`. Integers, so the average is exact however many reviews there are.
    ...SERVICE_RATING_FIELDS,
    {
      name: 'inLanguage',
      type: 'text',
      validate: validateLanguage,
      admin: { description: 'The language the service is written in', components: { Field: LANGUAGE_SELECT } },
    },
    // The outdated texts of the translations below and when their source changed (docs/api.md "Outdated translations").
    { name: 'outdatedTexts', type: 'ui', admin: { components: { Field: OUTDATED_TEXTS } } },
    {
      name: 'translations',
      type: 'array',
      // One per language: a second `fr` is refused on the array with the API's message.
      validate: oneTranslationPerLanguage,
      labels: { singular: 'Translation', plural: 'Translations' },
      admin: { initCollapsed: false, components: { RowLabel: '/src/admin/TranslationRowLabel#TranslationRowLabel' } },
      fields: [
        {
          type: 'row',
          fields: [
            {
              name: 'inLanguage',
              label: labelOf('coverage.language'),
              type: 'text',
              required: true,
              validate: validateLanguage,
              admin: { components: { Field: LANGUAGE_SELECT } },
            },
            { name: 'title', type: 'text', required: true, maxLength: 300 },
          ],
        },
        { name: 'shortDescription', type: 'textarea', maxLength: 1000 },
        { name: 'description', type: 'textarea', maxLength: 20000 },
        { name: 'seoTitle', type: 'text', maxLength: 300 },
        { name: 'seoDescription', type: 'textarea', maxLength: 1000 },
      ],
    },
    {
      name: 'media',
      type: 'array',
      fields: [
        {
          type: 'row',
          fields: [
            // Not `required` on the column: deleting a media file empties its links (ON DELETE
            // SET NULL) instead of failing; a link is still refused without one.
            {
              name: 'file',
              type: 'upload',
              relationTo: 'service-media',
              validate: existingReference('service-media', 'Media', { required: true }) as never,
            },
            { name: 'type', type: 'select', required: true, defaultValue: 'gallery', options: [...MEDIA_LINK_TYPES] },
            { name: 'position', type: 'number', required: true, defaultValue: 0, validate: wholeNumber(0) },
          ],
        },
      ],
    },
    {
      name: 'searchText',
      type: 'text',
      label: 'Title or slug',
      // Derived (hooks/deriveTitleAndSearchText); trigram-indexed for `q` (catalogue-indexes.ts).
      access: { read: adminField, create: () => false, update: () => false },
      admin: { hidden: true },
    },
  ],
}

// docs/api.md "Drafts": a draft waits beside the published service; bookings, slots and lists read the published one.
export const ServiceListings = versioned(serviceListings, {
  drafts: true,
  unpublishedStatus: { field: 'status', value: 'draft' },
  keptBySql: { ratingCount: 'rating_count', ratingSum: 'rating_sum' },
})
