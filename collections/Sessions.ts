import type { CollectionConfig } from 'payload'

import { nobody } from '../access/nobody'

// Sessions live in their own table, not in Payload's `users.sessions` array (which loses
// sessions under concurrent logins, payload #18132, and is never pruned, #16061).
// Only the SHA-256 of the opaque token is stored. Never readable over HTTP.
export const Sessions: CollectionConfig<'sessions'> = {
  slug: 'sessions',
  admin: { hidden: true },
  access: { read: nobody, create: nobody, update: nobody, delete: nobody },
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true },
    { name: 'tokenHash', type: 'text', required: true, unique: true, index: true },
    { name: 'expiresAt', type: 'date', required: true, index: true },
    // When the sliding expiry last moved.
    { name: 'refreshedAt', type: 'date', required: true },
    { name: 'activeOrganization', type: 'relationship', relationTo: 'organizations' },
    { name: 'ip', type: 'text' },
    { name: 'userAgent', type: 'text' },
  ],
}
