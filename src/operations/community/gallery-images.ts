// A gallery's images (docs/api.md "Community content"; docs/decisions.md "Community media share
// the service media pipeline"): community media its author uploaded, at most
// MAX_GALLERY_IMAGES, each named once. Used as the field's `validate`, so every write path
// (stock route, panel, Local API) is checked, and a bad list is Payload's 400 on `images` with
// a message saying which image and why, never a 500.
import type { FilterOptions, UploadFieldManyValidation } from 'payload'

import { isUuid } from '../../../domain/ids'
import { COMMUNITY_MEDIA_COLLECTION } from '../../../domain/media'

/** A page of a gallery app shows them all at once; more is an album, not a gallery. */
export const MAX_GALLERY_IMAGES = 50

const idOf = (value: unknown): unknown =>
  value && typeof value === 'object' && 'id' in value ? (value as { id: unknown }).id : value

export const galleryImagesRule: UploadFieldManyValidation = async (value, options) => {
  if (value === null || value === undefined) return true
  if (!Array.isArray(value)) return 'A list of community media ids is expected'
  if (value.length > MAX_GALLERY_IMAGES) return `At most ${MAX_GALLERY_IMAGES} images (${value.length} sent)`
  const ids = value.map(idOf)
  const malformed = ids.find((id) => !isUuid(id))
  if (malformed !== undefined) return `Not a community media id: ${JSON.stringify(malformed)}`
  const twice = ids.find((id, index) => ids.indexOf(id) !== index)
  if (twice !== undefined) return `Image ${String(twice)} is listed twice`
  // Checked on save, not on every keystroke of the panel's form.
  if (options.event === 'onChange') return true

  // Images already in the gallery stay (their uploader never changes); new ones are checked.
  const before = new Set(
    (Array.isArray(options.previousValue) ? options.previousValue : []).map((item) => String(idOf(item))),
  )
  const added = (ids as string[]).filter((id) => !before.has(id))
  if (added.length === 0) return true
  const { docs } = await options.req.payload.find({
    collection: COMMUNITY_MEDIA_COLLECTION,
    where: { id: { in: added } },
    select: { uploader: true },
    depth: 0,
    pagination: false,
    overrideAccess: true,
    req: options.req,
  })
  const uploaderOf = new Map(docs.map((doc) => [String(doc.id), idOf((doc as { uploader?: unknown }).uploader)]))
  const missing = added.find((id) => !uploaderOf.has(id))
  if (missing) return `No community media with id ${missing}`
  const author = idOf((options.data as { author?: unknown } | undefined)?.author)
  const foreign = added.find(
    (id) => author === null || author === undefined || String(uploaderOf.get(id)) !== String(author),
  )
  if (foreign)
    return `Image ${foreign} was not uploaded by the gallery's author: a gallery shows only its author's own uploads (POST /api/community-media)`
  return true
}

/** The panel's picker offers the author's own uploads (the caller's, on a new gallery). */
export const galleryImagesFilter: FilterOptions = ({ data, user }) => {
  const author = idOf((data as { author?: unknown } | undefined)?.author) ?? user?.id
  return author ? { uploader: { equals: author } } : false
}
