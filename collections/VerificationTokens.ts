import type { CollectionConfig } from 'payload'

import { nobody } from '../access/nobody'
import { TOKEN_PURPOSES } from '../src/lib/auth/one-time-tokens'

// Single-use tokens mailed to users; the database keeps only their SHA-256.
export const VerificationTokens: CollectionConfig<'verification-tokens'> = {
  slug: 'verification-tokens',
  admin: { hidden: true },
  access: { read: nobody, create: nobody, update: nobody, delete: nobody },
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true },
    { name: 'purpose', type: 'select', required: true, options: [...TOKEN_PURPOSES] },
    { name: 'tokenHash', type: 'text', required: true, unique: true, index: true },
    { name: 'expiresAt', type: 'date', required: true },
    { name: 'usedAt', type: 'date' },
    // email_change: the address that becomes the user's when the token is spent.
    { name: 'newEmail', type: 'email' },
  ],
}
