import type { CollectionConfig } from 'payload'

import { adminOrOwner } from '../access/adminOrOwner'
import { isAdmin } from '../access/isAdmin'

// Created with every account (SPEC "User"): a public handle derived from the email when
// none is given, unique across profiles.
export const Profiles: CollectionConfig = {
  slug: 'profiles',
  admin: { useAsTitle: 'username', defaultColumns: ['username', 'user', 'createdAt'] },
  access: { read: adminOrOwner, create: isAdmin, update: isAdmin, delete: isAdmin },
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, unique: true, index: true },
    { name: 'username', type: 'text', required: true, unique: true, index: true },
  ],
}
