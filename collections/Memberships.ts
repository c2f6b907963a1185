import type { CollectionConfig } from 'payload'

import { isAdmin } from '../access/isAdmin'
import { auditHooks } from '../hooks/shared/audit'

const audit = auditHooks('membership')

export const MEMBERSHIP_ROLES = ['owner', 'admin', 'member'] as const

// A user's place in an organization; (organization, user) is unique.
export const Memberships: CollectionConfig<'memberships'> = {
  slug: 'memberships',
  admin: { defaultColumns: ['organization', 'user', 'role', 'createdAt'] },
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  // Member management is audit-logged, from the panel as from anywhere.
  hooks: { afterChange: [audit.afterChange], afterDelete: [audit.afterDelete] },
  indexes: [{ fields: ['organization', 'user'], unique: true }],
  fields: [
    { name: 'organization', type: 'relationship', relationTo: 'organizations', required: true, index: true },
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true },
    { name: 'role', type: 'select', required: true, defaultValue: 'member', options: [...MEMBERSHIP_ROLES] },
  ],
}
