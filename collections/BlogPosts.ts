import type { CollectionBeforeChangeHook, CollectionConfig } from 'payload'

import { anyOf } from '../access/anyOf'
import { isAdmin } from '../access/isAdmin'
import { publishedPosts } from '../access/publishedPosts'
import { auditHooks } from '../hooks/shared/audit'
import { uniqueSlug, validateSlug } from '../src/operations/catalogue/rules/slug'
import { removeCommentsOfPost } from './BlogComments/hooks/removeCommentsOfPost'
import { versioned } from './versioning'

export const BLOG_POSTS = 'blog-posts'
export const BLOG_EXCERPT_MAX = 500
export const POST_STATUSES = ['draft', 'published', 'archived'] as const

// Publication changes are audit-logged, from the panel as from anywhere.
const audit = auditHooks('blog_post')

/** The first publication stamps `publishedAt`; the writer of a new post is its author. */
const stampAuthorAndPublication: CollectionBeforeChangeHook = ({ data, operation, originalDoc, req }) => {
  if (operation === 'create' && !data.authorId && req.user) data.authorId = req.user.id
  const status = data.status ?? originalDoc?.status
  if (status === 'published' && !data.publishedAt && !originalDoc?.publishedAt)
    data.publishedAt = new Date().toISOString()
  return data
}

// Blog posts, written by admins in the panel (rich text, per language). Anyone reads the
// published ones through the stock route; comments hang off them (blog-comments).
const blogPosts: CollectionConfig<typeof BLOG_POSTS> = {
  slug: BLOG_POSTS,
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'status', 'publishedAt', 'slug'] },
  access: { read: anyOf(isAdmin, publishedPosts), create: isAdmin, update: isAdmin, delete: isAdmin },
  defaultSort: '-publishedAt',
  hooks: {
    beforeChange: [uniqueSlug(BLOG_POSTS), stampAuthorAndPublication],
    beforeDelete: [removeCommentsOfPost],
    afterChange: [audit.afterChange],
    afterDelete: [audit.afterDelete],
  },
  fields: [
    { name: 'title', type: 'text', required: true, localized: true, maxLength: 300 },
    { name: 'slug', type: 'text', required: true, unique: true, index: true, validate: validateSlug },
    { name: 'excerpt', type: 'textarea', localized: true, maxLength: BLOG_EXCERPT_MAX },
    { name: 'body', type: 'richText', localized: true },
    // A plain id at every depth: nothing about the writer's account leaks to readers.
    { name: 'authorId', type: 'relationship', relationTo: 'users', maxDepth: 0, index: true },
    { name: 'status', type: 'select', required: true, defaultValue: 'draft', index: true, options: [...POST_STATUSES] },
    { name: 'publishedAt', type: 'date', index: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
  ],
}

export const BlogPosts = versioned(blogPosts, {
  drafts: true,
  schedule: true,
  unpublishedStatus: { field: 'status', value: 'draft' },
})
