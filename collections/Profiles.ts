import type { CollectionConfig } from 'payload'

import { adminOrOwner } from '../access/adminOrOwner'
import { isAdmin } from '../access/isAdmin'
import { nobody } from '../access/nobody'
import { COMMUNITY_MEDIA_COLLECTION } from '../domain/media'

export const PROFILE_DISPLAY_NAME_MAX = 80
export const PROFILE_BIO_MAX = 1000

// Created with every account: a public handle derived from the email when
// none is given, unique across profiles.
export const Profiles: CollectionConfig<'profiles'> = {
  slug: 'profiles',
  admin: { useAsTitle: 'username', defaultColumns: ['username', 'user', 'createdAt'] },
  // Deleted only with their user (collections/Users/hooks/removeDependents.ts): every user has
  // exactly one (docs/decisions.md 43; a fuzzed admin DELETE ?where= left users without one).
  access: { read: adminOrOwner, create: isAdmin, update: isAdmin, delete: nobody },
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, unique: true, index: true },
    { name: 'username', type: 'text', required: true, unique: true, index: true },
    // What the profile routes show and edit (docs/api.md "Profile, admin blog, admin
    // organizations, auth client", src/operations/profile). Empty display name and
    // locale read as the user's name (else the username) and the first content
    // language.
    { name: 'displayName', type: 'text', maxLength: PROFILE_DISPLAY_NAME_MAX },
    { name: 'bio', type: 'textarea', maxLength: PROFILE_BIO_MAX },
    // An image its owner uploaded; gone with the image (the foreign key sets it null).
    { name: 'avatar', type: 'relationship', relationTo: COMMUNITY_MEDIA_COLLECTION, maxDepth: 0 },
    { name: 'locale', type: 'text', maxLength: 10 },
  ],
}
