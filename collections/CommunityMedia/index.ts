import type { CollectionConfig } from 'payload'

import { communityMediaEditors, communityMediaReaders, SHOWN_IN, UPLOADER } from '../../access/communityMedia'
import { signedIn } from '../../access/signedIn'
import { COMMUNITY_MEDIA_COLLECTION, COMMUNITY_MEDIA_FOLDER } from '../../domain/media'
import { isStaff } from '../../domain/permissions'
import { signInToCreate } from '../../hooks/community/signInToCreate'
import { auditHooks } from '../../hooks/shared/audit'
import { describeMedia } from '../../hooks/uploads/describeMedia'
import { missingFile } from '../../hooks/uploads/missingFile'
import { missingLocalFile } from '../../hooks/uploads/missingLocalFile'
import { prepareUploadedFile } from '../../hooks/uploads/prepareUploadedFile'
import { removeFilesOnRollback } from '../../hooks/uploads/removeFilesOnRollback'
import { uploadedFilesOnly } from '../../hooks/uploads/uploadedFilesOnly'
import { mediaFolder } from '../../src/lib/media/folders'
import { THUMBNAIL_SIZE } from '../../src/lib/media/limits'
import { ACCEPTED_MIME_TYPES } from '../../src/lib/media/prepare-image'
import { authorNameField } from '../authorName'
import { platformOnly, text } from '../community/fields'
import { forceUploader } from './forceUploader'

// Read when Payload's config is loaded, like the service media folder.
const DIR = mediaFolder(COMMUNITY_MEDIA_FOLDER)

const audit = auditHooks('community.media', { create: 'community.media.upload' })

// Members' images, shown by galleries (docs/api.md "Community content": "community media:
// same checks as docs/api.md "Media: /api/admin/services/media", any signed-in user
// uploads"; docs/decisions.md "Community media share the service media pipeline"). The
// service media pipeline applied to a second collection: the same hooks check, re-encode
// and name every file whatever route brought it (prepareUploadedFile, with this
// collection's own create access asked before the decode), the same decode queue,
// thumbnail, rollback clean-up, start sweep and storage (its own folder, or the bucket when
// S3_BUCKET is set). Errors carry the general family's `error` code (docs/decisions.md
// "Stock-route errors carry our error and message"), an anonymous upload is 401 like any
// community create.
export const CommunityMedia: CollectionConfig = {
  slug: COMMUNITY_MEDIA_COLLECTION,
  labels: { singular: 'Community media', plural: 'Community media' },
  admin: { useAsTitle: 'filename', defaultColumns: ['filename', 'alt', 'authorName', 'encodingFormat', 'createdAt'] },
  access: {
    read: communityMediaReaders,
    create: signedIn,
    update: communityMediaEditors,
    delete: communityMediaEditors,
  },
  defaultSort: '-createdAt',
  upload: {
    staticDir: DIR,
    mimeTypes: ACCEPTED_MIME_TYPES,
    imageSizes: [
      { name: 'thumbnail', width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, fit: 'inside', withoutEnlargement: true },
    ],
    adminThumbnail: 'thumbnail',
    // As for service media: cropping and focal points would re-encode outside the checks.
    crop: false,
    focalPoint: false,
    // No "paste a URL" in the panel: files come as the request's own upload (uploadedFilesOnly).
    pasteURL: false,
    handlers: [missingFile, missingLocalFile(DIR)],
  },
  hooks: {
    // 401 before anything else; then no file but the request's own; then the checks.
    beforeOperation: [signInToCreate, uploadedFilesOnly, prepareUploadedFile],
    beforeValidate: [forceUploader],
    beforeChange: [describeMedia, removeFilesOnRollback],
    afterChange: [audit.afterChange],
    afterDelete: [audit.afterDelete],
  },
  fields: [
    // Not required in the schema: a deleted account leaves its images, uploaderless.
    {
      name: UPLOADER,
      type: 'relationship',
      relationTo: 'users',
      required: false,
      index: true,
      maxDepth: 0,
      access: { update: platformOnly },
      admin: { readOnly: true },
    },
    authorNameField(UPLOADER),
    text('alt', 1000),
    text('caption', 2000, { long: true }),
    // Set from the stored file by describeMedia, never from a body.
    {
      name: 'encodingFormat',
      type: 'text',
      access: { create: platformOnly, update: platformOnly },
      admin: { readOnly: true, description: 'MIME type read from the file' },
    },
    // The galleries showing the image: what its public read follows (access/communityMedia.ts).
    {
      name: SHOWN_IN,
      type: 'join',
      collection: 'galleries',
      on: 'images',
      access: { read: ({ req }) => isStaff(req.user) },
      admin: { defaultColumns: ['title', 'status'] },
    },
  ],
}
