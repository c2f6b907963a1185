import type { CollectionConfig } from 'payload'

import { adminOrSelf } from '../../access/adminOrSelf'
import { canUseAdminPanel } from '../../access/canUseAdminPanel'
import { isAdmin } from '../../access/isAdmin'
import { hasRole, ROLES } from '../../access/permissions'
import { firstUserIsAdmin } from './hooks/firstUserIsAdmin'

export const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/

export const Users: CollectionConfig = {
  slug: 'users',
  auth: true,
  admin: {
    useAsTitle: 'email',
    defaultColumns: ['email', 'name', 'roles', 'emailVerified', 'createdAt'],
  },
  access: {
    admin: canUseAdminPanel,
    // Public sign-up goes through /api/auth/sign-up/email, never the stock create route.
    create: isAdmin,
    read: adminOrSelf,
    update: isAdmin,
    delete: isAdmin,
  },
  hooks: {
    beforeChange: [firstUserIsAdmin],
  },
  fields: [
    { name: 'name', type: 'text' },
    {
      name: 'username',
      type: 'text',
      unique: true,
      index: true,
      validate: (value: unknown) =>
        value == null || value === '' || (typeof value === 'string' && USERNAME_PATTERN.test(value))
          ? true
          : 'Letters, digits, hyphen and underscore only',
    },
    {
      name: 'roles',
      type: 'select',
      hasMany: true,
      required: true,
      defaultValue: ['citizen'],
      options: ROLES.map((role) => ({ label: role, value: role })),
      saveToJWT: true,
      access: { update: ({ req }) => hasRole(req.user, 'admin') },
    },
    { name: 'emailVerified', type: 'checkbox', defaultValue: false, required: true },
  ],
}
