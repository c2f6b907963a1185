import type { CollectionConfig } from 'payload'

import { COMMUNITY_MEDIA_COLLECTION } from '../domain/media'
import { galleryImagesFilter, galleryImagesRule, MAX_GALLERY_IMAGES } from '../src/operations/community/gallery-images'
import { contentCollection } from './community/contentCollection'
import { text } from './community/fields'

// Members' photo galleries (docs/api.md "Community content"), statuses of reviews. `images` are
// community media the gallery's author uploaded (docs/decisions.md "Community media share the
// service media pipeline"); they are readable wherever the gallery is.
export const Galleries: CollectionConfig = contentCollection('galleries', {
  auditPrefix: 'gallery',
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'status', 'authorName', 'createdAt'] },
  fields: [
    text('title', 200, { required: true }),
    text('description', 5000, { long: true }),
    {
      name: 'images',
      type: 'upload',
      relationTo: COMMUNITY_MEDIA_COLLECTION,
      hasMany: true,
      maxRows: MAX_GALLERY_IMAGES,
      maxDepth: 1,
      filterOptions: galleryImagesFilter,
      validate: galleryImagesRule,
      admin: { description: `Up to ${MAX_GALLERY_IMAGES} of the author’s own uploads, in order` },
    },
  ],
})
