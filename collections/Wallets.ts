import type { CollectionConfig } from 'payload'

import { adminOrOwner } from '../access/adminOrOwner'
import { isAdmin } from '../access/isAdmin'
import { nobody } from '../access/nobody'

// Created with every account: balance "0.00" EUR. A decimal string, never a float.
export const Wallets: CollectionConfig<'wallets'> = {
  slug: 'wallets',
  admin: { defaultColumns: ['user', 'balance', 'currency'] },
  // Deleted only with their user (collections/Users/hooks/removeDependents.ts): every user has
  // exactly one (docs/decisions.md 43; a fuzzed admin DELETE ?where= left users without one).
  access: { read: adminOrOwner, create: isAdmin, update: isAdmin, delete: nobody },
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, unique: true, index: true },
    {
      name: 'balance',
      type: 'text',
      required: true,
      defaultValue: '0.00',
      validate: (value: unknown) =>
        (typeof value === 'string' && /^-?\d+\.\d{2}$/.test(value)) || 'A decimal amount such as 0.00',
    },
    { name: 'currency', type: 'text', required: true, defaultValue: 'EUR' },
  ],
}
