import type { CollectionConfig } from 'payload'

import { adminOrSelf } from '../../access/adminOrSelf'
import { canUseAdminPanel } from '../../access/canUseAdminPanel'
import { isAdmin } from '../../access/isAdmin'
import { hasRole, ROLES } from '../../domain/permissions'
import { auditHooks } from '../../hooks/shared/audit'
import { sessionStrategy } from '../../src/lib/auth/strategy'
import { SESSION_LIFETIME } from '../../src/lib/auth/timing'
import { adminSessionEndpoints } from './endpoints/admin-session'
import { createDependents } from './hooks/createDependents'
import { enforceBan } from './hooks/enforceBan'
import { hashPasswordHook } from './hooks/hashPassword'
import { refuseRemoval } from './hooks/refuseRemoval'
import { rejectMalformedCredentials } from './hooks/rejectMalformedCredentials'
import { removeDependents } from './hooks/removeDependents'
import { forgetAuthorNames, syncAuthorNames } from './hooks/syncAuthorNames'
import { syncProfileUsername } from './hooks/syncProfileUsername'

// Admin changes to accounts (panel, stock routes, create-admin) are audited like any other
// change; sign-up and verification write their own, more specific entries.
const audit = auditHooks('user')

export const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/

export const Users: CollectionConfig = {
  slug: 'users',
  // Payload's local strategy stays "enabled" only so the admin panel shows its login and
  // first-user forms; every route that would use it is answered by our session system
  // (endpoints/admin-session.ts), passwords are argon2id (hooks/hashPassword.ts), and the
  // JWT strategy is removed at start (src/lib/payload-lifecycle.ts).
  auth: {
    strategies: [sessionStrategy],
    useSessions: false,
    tokenExpiration: SESSION_LIFETIME,
    maxLoginAttempts: 0,
    removeTokenFromResponses: true,
    cookies: { secure: true, sameSite: 'Lax' },
  },
  endpoints: adminSessionEndpoints,
  admin: {
    useAsTitle: 'email',
    defaultColumns: ['email', 'name', 'roles', 'emailVerified', 'banned', 'createdAt'],
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
    beforeOperation: [rejectMalformedCredentials, hashPasswordHook],
    beforeDelete: [refuseRemoval, removeDependents, forgetAuthorNames],
    afterChange: [createDependents, syncProfileUsername, syncAuthorNames, enforceBan, audit.afterChange],
    afterDelete: [audit.afterDelete],
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
    // A picture URL the person chose (Better Auth's `image`; docs/api.md "Accounts beyond sign-in
    // (/api/auth)" update-user).
    { name: 'image', type: 'text', maxLength: 2000 },
    // A ban (docs/api.md "Accounts beyond sign-in (/api/auth)" admin/ban-user): sign-in refused with the reason until
    // `banExpires` (none: for good). Set and lifted by admins only.
    {
      name: 'banned',
      type: 'checkbox',
      defaultValue: false,
      required: true,
      index: true,
      access: { update: ({ req }) => hasRole(req.user, 'admin') },
    },
    { name: 'banReason', type: 'text', maxLength: 500, access: { update: ({ req }) => hasRole(req.user, 'admin') } },
    { name: 'banExpires', type: 'date', access: { update: ({ req }) => hasRole(req.user, 'admin') } },
    // The member's notification settings, shown read-only to admins (support); the member changes them.
    {
      name: 'notificationSettings',
      type: 'ui',
      admin: {
        condition: (_data, _siblingData, { user }) => hasRole(user, 'admin'),
        components: { Field: '/src/admin/MemberNotificationSettings#MemberNotificationSettings' },
      },
    },
    {
      // argon2id; never leaves the server (hidden, and no caller may read it).
      name: 'passwordHash',
      type: 'text',
      hidden: true,
      access: { read: () => false },
    },
  ],
}
