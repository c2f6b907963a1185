// Who reads and changes community media (the images of galleries, docs/api.md "Community
// content"; docs/decisions.md "Community media share the service media pipeline"). An
// image is readable wherever a gallery showing it is: by anyone once it is in a gallery
// the public sees, by its uploader always (a gallery's images are its author's own
// uploads, and the author reads their gallery in any status), by moderators and admins
// always. Through the collection's join to galleries, so lists, single reads and file
// downloads filter alike.
import type { Access, Where } from 'payload'

import { CONTENT_TYPES } from '../domain/content-types'
import { hasPermission } from '../domain/permissions'

const GALLERIES = CONTENT_TYPES.galleries
/** The join field on community media that lists the galleries showing it. */
export const SHOWN_IN = 'shownIn'
export const UPLOADER = 'uploader'

/** Shown by a gallery in a public status (the galleries' own public rule, through the join). */
const inPublicGallery = (): Where => ({
  [`${SHOWN_IN}.${GALLERIES.statusField}`]: { in: [...GALLERIES.publicStatuses] },
})

const ownUploads = (userId: unknown): Where => ({ [UPLOADER]: { equals: userId } })

export const communityMediaReaders: Access = ({ req }) => {
  if (hasPermission(req.user, 'moderation.queue')) return true
  if (!req.user) return inPublicGallery()
  return { or: [inPublicGallery(), ownUploads(req.user.id)] }
}

/**
 * Changing (alt text, caption) and deleting: the uploader, or whoever may delete any gallery
 * (moderators, admins): taking an image down is the galleries' moderation at the image's grain.
 */
export const communityMediaEditors: Access = ({ req }) => {
  if (!req.user) return false
  if (GALLERIES.deleteAny && hasPermission(req.user, GALLERIES.deleteAny)) return true
  return ownUploads(req.user.id)
}
