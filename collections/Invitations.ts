import type { CollectionConfig } from 'payload'

import { isAdmin } from '../access/isAdmin'
import { auditHooks } from '../hooks/shared/audit'
import { MEMBERSHIP_ROLES } from './Memberships'

const audit = auditHooks('invitation')

export const INVITATION_STATUSES = ['pending', 'accepted', 'rejected', 'canceled'] as const

// An invitation to join an organization, mailed to `email` (docs/api.md "Accounts beyond
// sign-in (/api/auth)"): pending until accepted, rejected or canceled, and void after
// `expiresAt` (48 h). The organization routes under /api/auth/organization are the way
// members use it; the stock routes are admins'.
export const Invitations: CollectionConfig<'invitations'> = {
  slug: 'invitations',
  admin: { useAsTitle: 'email', defaultColumns: ['email', 'organization', 'role', 'status', 'expiresAt'] },
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  hooks: { afterChange: [audit.afterChange], afterDelete: [audit.afterDelete] },
  fields: [
    { name: 'organization', type: 'relationship', relationTo: 'organizations', required: true, index: true },
    { name: 'email', type: 'email', required: true, index: true },
    { name: 'role', type: 'select', required: true, defaultValue: 'member', options: [...MEMBERSHIP_ROLES] },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'pending',
      index: true,
      options: [...INVITATION_STATUSES],
    },
    { name: 'expiresAt', type: 'date', required: true },
    { name: 'inviter', type: 'relationship', relationTo: 'users' },
  ],
}
