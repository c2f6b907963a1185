import type { CollectionConfig } from 'payload'

import { nobody } from '../access/nobody'
import { hasPermission } from '../domain/permissions'

// Every change, authentication event and moderation decision leaves one row here, written
// inside the change's own transaction (hooks/shared/audit.ts). Read-only, and only for
// holders of `audit.read` (admins).
export const AuditLogs: CollectionConfig<'audit-logs'> = {
  slug: 'audit-logs',
  admin: {
    useAsTitle: 'action',
    defaultColumns: ['action', 'userId', 'targetType', 'targetId', 'ip', 'createdAt'],
    // The search box looks in these; Filters offers every field, createdAt for date ranges.
    listSearchableFields: ['action', 'userId', 'targetId'],
    // Group by action or by user from the list's toolbar.
    groupBy: true,
  },
  access: {
    read: ({ req }) => hasPermission(req.user, 'audit.read'),
    create: nobody,
    update: nobody,
    delete: nobody,
  },
  defaultSort: '-createdAt',
  fields: [
    { name: 'action', type: 'text', required: true, index: true },
    // Plain ids, not relationships: an entry outlives the user or record it names.
    { name: 'userId', type: 'text', index: true },
    { name: 'targetType', type: 'text', index: true },
    { name: 'targetId', type: 'text', index: true },
    { name: 'ip', type: 'text' },
    { name: 'userAgent', type: 'text' },
    // Shown as text: Payload's JSON editor loads Monaco from a CDN.
    { name: 'data', type: 'json', admin: { components: { Field: '/src/admin/JsonView#JsonView' } } },
  ],
}
