// The media fields that follow from the stored file: `encodingFormat` (the MIME type, as
// schema.org's MediaObject names it) and, on collections that have it, `type` (image, video,
// audio). For every upload collection (service media, community media).
import type { CollectionBeforeChangeHook } from 'payload'

export const describeMedia: CollectionBeforeChangeHook = ({ collection, data }) => {
  if (typeof data.mimeType === 'string' && data.mimeType) {
    data.encodingFormat = data.mimeType
    if (collection.flattenedFields.some((field) => field.name === 'type')) data.type = data.mimeType.split('/')[0]
  }
  return data
}
