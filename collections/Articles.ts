import type { CollectionConfig } from 'payload'

import { contentCollection } from './community/contentCollection'
import { boundedRichText, platformOnly, text } from './community/fields'

// Members' articles (docs/api.md "Community content"): written as drafts, sent
// for review by their author, published by an admin through POST
// /api/admin/approve (which sets `publishedAt`).
export const Articles: CollectionConfig = contentCollection('articles', {
  auditPrefix: 'article',
  versions: {
    drafts: true,
    schedule: true,
    unpublishedStatus: { field: 'status', value: 'draft' },
    keptBySql: { authorName: 'author_name' },
  },
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'status', 'authorName', 'publishedAt', 'createdAt'] },
  fields: [
    text('title', 200, { required: true }),
    text('excerpt', 500, { long: true }),
    { name: 'body', type: 'richText', validate: boundedRichText(200_000) },
    {
      name: 'publishedAt',
      type: 'date',
      index: true,
      access: { create: platformOnly, update: platformOnly },
      admin: { readOnly: true },
    },
  ],
})
