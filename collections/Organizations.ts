import type { CollectionConfig } from 'payload'

import { isAdmin } from '../access/isAdmin'
import { auditHooks } from '../hooks/shared/audit'

const audit = auditHooks('organization')

export const Organizations: CollectionConfig = {
  slug: 'organizations',
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'slug', 'createdAt'] },
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  // Member management is audit-logged (SPEC "Events"), from the panel as from anywhere.
  hooks: { afterChange: [audit.afterChange], afterDelete: [audit.afterDelete] },
  fields: [
    { name: 'name', type: 'text', required: true },
    { name: 'slug', type: 'text', required: true, unique: true, index: true },
  ],
}
