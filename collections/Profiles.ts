import type { CollectionConfig } from 'payload'

import { adminOrOwner } from '../access/adminOrOwner'
import { isAdmin } from '../access/isAdmin'
import { nobody } from '../access/nobody'

// Created with every account (SPEC "User"): a public handle derived from the email when
// none is given, unique across profiles.
export const Profiles: CollectionConfig = {
  slug: 'profiles',
  admin: { useAsTitle: 'username', defaultColumns: ['username', 'user', 'createdAt'] },
  // Deleted only with their user (collections/Users/hooks/removeDependents.ts): every user has
  // exactly one (docs/decisions.md 43; a fuzzed admin DELETE ?where= left users without one).
  access: { read: adminOrOwner, create: isAdmin, update: isAdmin, delete: nobody },
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, unique: true, index: true },
    { name: 'username', type: 'text', required: true, unique: true, index: true },
  ],
}
