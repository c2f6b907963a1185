import type { CollectionConfig } from 'payload'

import { adminOrOwner } from '../access/adminOrOwner'
import { isAdmin } from '../access/isAdmin'

// Created with every account: balance "0.00" EUR. A decimal string, never a float.
export const Wallets: CollectionConfig = {
  slug: 'wallets',
  admin: { defaultColumns: ['user', 'balance', 'currency'] },
  access: { read: adminOrOwner, create: isAdmin, update: isAdmin, delete: isAdmin },
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, unique: true, index: true },
    {
      name: 'balance',
      type: 'text',
      required: true,
      defaultValue: '0.00',
      validate: (value: unknown) => (typeof value === 'string' && /^-?\d+\.\d{2}$/.test(value)) || 'A decimal amount such as 0.00',
    },
    { name: 'currency', type: 'text', required: true, defaultValue: 'EUR' },
  ],
}
