// SPEC's media fields that follow from the stored file: `type` and `encodingFormat` (the
// MIME type, as schema.org's MediaObject names it).
import type { CollectionBeforeChangeHook } from 'payload'

export const describeMedia: CollectionBeforeChangeHook = ({ data }) => {
  if (typeof data.mimeType === 'string' && data.mimeType) {
    data.encodingFormat = data.mimeType
    data.type = data.mimeType.split('/')[0]
  }
  return data
}
