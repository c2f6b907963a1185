import path from 'node:path'
import { fileURLToPath } from 'node:url'

import type { CollectionConfig } from 'payload'

import { anyone } from '../access/anyone'
import { isAdmin } from '../access/isAdmin'
import { missingLocalFile } from '../hooks/uploads/missingLocalFile'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const staticDir = path.join(root, 'media')

// Images that services link to (cover, gallery). Minimal on purpose: the upload endpoint with
// its size, type and SVG checks is a later issue (API-CONTRACT §5). Public read, so apps can
// show what the public catalogue links to; writes for admins.
export const ServiceMedia: CollectionConfig = {
  slug: 'service-media',
  admin: { useAsTitle: 'filename', defaultColumns: ['filename', 'alt', 'mimeType', 'createdAt'] },
  access: { read: anyone, create: isAdmin, update: isAdmin, delete: isAdmin },
  upload: {
    staticDir,
    handlers: [missingLocalFile(staticDir)],
    mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif', 'image/svg+xml'],
  },
  fields: [
    { name: 'alt', type: 'text', localized: true },
    { name: 'caption', type: 'text', localized: true },
  ],
}
