import type { CollectionConfig } from 'payload'

import { adminField } from '../../access/adminField'
import { anyOf } from '../../access/anyOf'
import { isAdmin } from '../../access/isAdmin'
import { mediaInPublicUse } from '../../access/mediaInPublicUse'
import { MEDIA_COLLECTION, MEDIA_TYPES } from '../../domain/media'
import { auditHooks } from '../../hooks/shared/audit'
import { describeMedia } from '../../hooks/uploads/describeMedia'
import { missingFile } from '../../hooks/uploads/missingFile'
import { missingLocalFile } from '../../hooks/uploads/missingLocalFile'
import { prepareUploadedFile } from '../../hooks/uploads/prepareUploadedFile'
import { removeFilesOnRollback } from '../../hooks/uploads/removeFilesOnRollback'
import { mediaFolder } from '../../src/lib/media/folders'
import { THUMBNAIL_SIZE } from '../../src/lib/media/limits'
import { ACCEPTED_MIME_TYPES } from '../../src/lib/media/prepare-image'
import { unlinkFromServices } from './hooks/unlinkFromServices'

// MEDIA_DIR moves the folder (a mounted volume; a test that makes the storage fail). Read
// when Payload's config is loaded (payload-lifecycle.ts imports it on start).
const MEDIA_DIR = mediaFolder()

const audit = auditHooks('services.media', { create: 'services.media.upload' })

// Images that services (cover, gallery) and categories (featured image) show.
// Every upload path runs `prepareUploadedFile` (type from the bytes, pixel limit,
// metadata stripped, SVG sanitized, safe names); sharp makes the thumbnail. Files live in
// media/ or, when S3_BUCKET is set, in the bucket (src/lib/media/storage.ts); either way
// they are served at /api/service-media/file/<name> under the API's security headers.
export const ServiceMedia: CollectionConfig = {
  slug: MEDIA_COLLECTION,
  labels: { singular: 'Service media', plural: 'Service media' },
  admin: {
    useAsTitle: 'filename',
    defaultColumns: ['filename', 'alt', 'encodingFormat', 'width', 'height', 'createdAt'],
  },
  access: { read: anyOf(isAdmin, mediaInPublicUse), create: isAdmin, update: isAdmin, delete: isAdmin },
  defaultSort: '-createdAt',
  upload: {
    staticDir: MEDIA_DIR,
    mimeTypes: ACCEPTED_MIME_TYPES,
    imageSizes: [
      { name: 'thumbnail', width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, fit: 'inside', withoutEnlargement: true },
    ],
    adminThumbnail: 'thumbnail',
    // Cropping and focal points re-encode the stored file outside the upload checks; the
    // catalogue needs neither.
    crop: false,
    focalPoint: false,
    // Runs before storage (local or S3) is asked for the file.
    handlers: [missingFile, missingLocalFile(MEDIA_DIR)],
  },
  hooks: {
    beforeOperation: [prepareUploadedFile],
    beforeChange: [describeMedia, removeFilesOnRollback],
    beforeDelete: [unlinkFromServices],
    afterChange: [audit.afterChange],
    afterDelete: [audit.afterDelete],
  },
  fields: [
    { name: 'alt', type: 'text', localized: true, maxLength: 1000 },
    { name: 'caption', type: 'text', localized: true, maxLength: 2000 },
    { name: 'description', type: 'textarea', localized: true, maxLength: 5000 },
    {
      type: 'row',
      fields: [
        { name: 'license', type: 'text', maxLength: 500 },
        { name: 'copyrightHolder', type: 'text', maxLength: 300 },
        {
          name: 'duration',
          type: 'text',
          maxLength: 50,
          admin: { description: 'ISO 8601, e.g. PT1M30S (video and audio)' },
        },
      ],
    },
    {
      type: 'row',
      fields: [
        {
          name: 'type',
          type: 'select',
          required: true,
          defaultValue: 'image',
          options: [...MEDIA_TYPES],
          index: true,
          admin: { readOnly: true },
        },
        {
          name: 'encodingFormat',
          type: 'text',
          admin: { readOnly: true, description: 'MIME type read from the file' },
        },
      ],
    },
    // Where the media is used: shown in the panel, and what public read access follows.
    {
      name: 'usedBy',
      type: 'join',
      collection: 'service-listings',
      on: 'media.file',
      access: { read: adminField },
      admin: { defaultColumns: ['title', 'status'] },
    },
    {
      name: 'featuredIn',
      type: 'join',
      collection: 'service-categories',
      on: 'featuredImage',
      access: { read: adminField },
    },
  ],
}
