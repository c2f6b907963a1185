import type { CollectionConfig, FieldAccess } from 'payload'

import { nobody } from '../access/nobody'
import { ownNotifications } from '../access/ownNotifications'
import { NOTIFICATION_TYPES } from '../domain/notification-types'
import { labelOf } from '../src/admin/i18n/index'

// In-app messages to one user: a booking made or moved, a comment
// moderated. Written only by the server, in the transaction of the change they report
// (src/operations/notifications/notify.ts). The recipient lists them through the stock route
// (`GET /api/notifications`, unread first, then newest) and marks them read by setting
// `readAt`; every other field is fixed once written.
const fixed: FieldAccess = () => false

export const Notifications: CollectionConfig<'notifications'> = {
  slug: 'notifications',
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'type', 'targetType', 'readAt', 'createdAt'],
  },
  access: { read: ownNotifications, create: nobody, update: ownNotifications, delete: ownNotifications },
  // NULLS FIRST on a descending sort (PostgreSQL's default): unread first, then newest.
  defaultSort: ['-readAt', '-createdAt'],
  // The recipient's list in that order is one index range scan.
  indexes: [{ fields: ['userId', 'readAt', 'createdAt'] }],
  fields: [
    // The API's field names. A plain id at every depth: nothing about the recipient leaks.
    {
      name: 'userId',
      type: 'relationship',
      relationTo: 'users',
      required: true,
      maxDepth: 0,
      access: { update: fixed },
    },
    {
      name: 'type',
      type: 'select',
      required: true,
      index: true,
      options: NOTIFICATION_TYPES.map((value) => ({ label: labelOf(`ntype.${value}`), value })),
      access: { update: fixed },
    },
    { name: 'title', type: 'text', required: true, access: { update: fixed } },
    { name: 'body', type: 'textarea', required: true, access: { update: fixed } },
    { name: 'targetType', type: 'text', access: { update: fixed } },
    { name: 'targetId', type: 'text', index: true, access: { update: fixed } },
    { name: 'readAt', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
  ],
}
