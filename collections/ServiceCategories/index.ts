import type { CollectionConfig } from 'payload'

import { activeCategories } from '../../access/activeCategories'
import { anyOf } from '../../access/anyOf'
import { isAdmin } from '../../access/isAdmin'
import { auditHooks } from '../../hooks/shared/audit'
import { recordOutdatedCategoryTexts } from '../../src/operations/catalogue/outdated-translations'
import { CATEGORIES_COLLECTION, parentWithoutCycle } from '../../src/operations/catalogue/rules/category-tree'
import { existingReference } from '../../src/operations/catalogue/rules/references'
import { SLUG_MAX, uniqueSlug, validateSlug } from '../../src/operations/catalogue/rules/slug'
import { versioned } from '../versioning'

const audit = auditHooks('service_category')

// A tree of categories (through `parent`). Names, descriptions and SEO texts are Payload
// localized fields, so content teams switch locale in the admin panel. Deleting a category
// empties `category` on its services and `parent` on its children (foreign keys ON DELETE
// SET NULL): the children move to the top level.
const serviceCategories: CollectionConfig<typeof CATEGORIES_COLLECTION> = {
  slug: CATEGORIES_COLLECTION,
  labels: { singular: 'Service category', plural: 'Service categories' },
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'parent', 'slug', 'sortOrder', 'isActive'],
    listSearchableFields: ['name', 'slug'],
  },
  access: { read: anyOf(isAdmin, activeCategories), create: isAdmin, update: isAdmin, delete: isAdmin },
  defaultSort: 'sortOrder',
  hooks: {
    beforeChange: [uniqueSlug(CATEGORIES_COLLECTION), parentWithoutCycle],
    afterChange: [recordOutdatedCategoryTexts, audit.afterChange],
    afterDelete: [audit.afterDelete],
  },
  fields: [
    // This language's outdated texts and when the default language's changed (docs/api.md "Outdated translations").
    { name: 'outdatedTexts', type: 'ui', admin: { components: { Field: '/src/admin/OutdatedTexts#OutdatedTexts' } } },
    { name: 'name', type: 'text', required: true, localized: true, maxLength: 200 },
    {
      name: 'slug',
      type: 'text',
      required: true,
      unique: true,
      index: true,
      maxLength: SLUG_MAX,
      validate: validateSlug,
    },
    {
      name: 'parent',
      type: 'relationship',
      relationTo: CATEGORIES_COLLECTION,
      index: true,
      admin: { description: 'Empty for a top-level category' },
      // The admin panel offers other categories only (the hook refuses deeper cycles).
      filterOptions: ({ id }) => (id ? { id: { not_equals: id } } : true),
    },
    { name: 'description', type: 'textarea', localized: true, maxLength: 5000 },
    {
      type: 'row',
      fields: [
        { name: 'icon', type: 'text', maxLength: 200 },
        {
          name: 'featuredImage',
          type: 'upload',
          relationTo: 'service-media',
          validate: existingReference('service-media', 'Featured image') as never,
        },
        {
          name: 'sortOrder',
          type: 'number',
          required: true,
          defaultValue: 0,
          validate: (value: unknown) => (Number.isInteger(value) ? true : 'A whole number'),
        },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'isActive', type: 'checkbox', required: true, defaultValue: true, index: true },
        { name: 'isFeatured', type: 'checkbox', required: true, defaultValue: false, index: true },
        { name: 'displayInHome', type: 'checkbox', required: true, defaultValue: false, index: true },
        { name: 'displayInMenu', type: 'checkbox', required: true, defaultValue: true, index: true },
      ],
    },
    { name: 'seoTitle', type: 'text', localized: true, maxLength: 300 },
    { name: 'seoDescription', type: 'textarea', localized: true, maxLength: 1000 },
  ],
}

export const ServiceCategories = versioned(serviceCategories)
