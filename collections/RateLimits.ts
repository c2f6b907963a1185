import type { CollectionConfig } from 'payload'

import { nobody } from '../access/nobody'

// Counters behind every rate limit (src/lib/rate-limit.ts writes them with raw SQL).
// Never readable or writable over HTTP: the key holds client IPs and emails.
export const RateLimits: CollectionConfig<'rate-limits'> = {
  slug: 'rate-limits',
  admin: { hidden: true },
  access: { read: nobody, create: nobody, update: nobody, delete: nobody },
  fields: [
    { name: 'key', type: 'text', required: true, unique: true, index: true },
    { name: 'count', type: 'number', required: true, defaultValue: 0 },
    { name: 'expiresAt', type: 'date', required: true, index: true },
  ],
}
