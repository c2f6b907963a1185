import type { CollectionConfig } from 'payload'
import { json as validateJson } from 'payload/shared'

import { isAdmin } from '../access/isAdmin'
import { auditHooks } from '../hooks/shared/audit'

const audit = auditHooks('organization')

/** Better Auth's `logo`: a picture URL, as long as a user's `image` may be. */
export const ORGANIZATION_LOGO_MAX_LENGTH = 2000
/** `metadata` is the organization's own JSON object, at most this many bytes once serialised. */
export const ORGANIZATION_METADATA_MAX_BYTES = 10_240

/** Why `value` cannot be an organization's metadata, or null when it can (null clears it). */
export function organizationMetadataProblem(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (typeof value !== 'object' || Array.isArray(value)) return 'metadata must be a JSON object'
  if (new TextEncoder().encode(JSON.stringify(value)).length > ORGANIZATION_METADATA_MAX_BYTES)
    return `metadata is at most ${ORGANIZATION_METADATA_MAX_BYTES} bytes of JSON`
  return null
}

export const Organizations: CollectionConfig<'organizations'> = {
  slug: 'organizations',
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'slug', 'createdAt'] },
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  // Member management is audit-logged, from the panel as from anywhere.
  hooks: { afterChange: [audit.afterChange], afterDelete: [audit.afterDelete] },
  fields: [
    { name: 'name', type: 'text', required: true },
    { name: 'slug', type: 'text', required: true, unique: true, index: true },
    // Better Auth's organization `logo` and `metadata` (docs/api.md "Accounts
    // beyond sign-in (/api/auth)" organization/create and update); the same
    // bounds hold in the panel and on the stock routes.
    { name: 'logo', type: 'text', maxLength: ORGANIZATION_LOGO_MAX_LENGTH },
    {
      name: 'metadata',
      type: 'json',
      validate: (value, options) => organizationMetadataProblem(value) ?? validateJson(value, options),
      // A text area, not Payload's JSON editor (Monaco from a CDN).
      admin: { components: { Field: '/src/admin/JsonTextField#JsonTextField' } },
    },
  ],
}
