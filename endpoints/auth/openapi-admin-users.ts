// The OpenAPI description of user administration (docs/api.md "User administration (`/api/auth/admin/*`)"):
// request schemas are the ones the endpoints parse with.
import { z } from 'zod'

import { id, json, timestamp } from '../../src/lib/openapi/common'
import { familyDocs, type PathDocs } from '../../src/lib/openapi/routes'
import {
  banUserBody,
  createUserBody,
  getUserQuery,
  listUsersQuery,
  revokeUserSessionBody,
  setRoleBody,
  setUserPasswordBody,
  updateUserBody,
  userIdBody,
} from './admin-users'
import { approveUserBody } from './approve-user'
import { listedSession } from './openapi-account'
import { accountOperation, type AccountRequest, INVALID, REMOVAL_REFUSED } from './openapi-operation'

const adminUser = z
  .object({
    id,
    email: z.email(),
    name: z.string().nullable(),
    image: z.string().nullable(),
    username: z.string().nullable(),
    emailVerified: z.boolean(),
    role: z
      .string()
      .meta({ description: 'The roles, comma-separated (Better Auth’s form)', example: 'citizen,moderator' }),
    roles: z.array(z.enum(['citizen', 'moderator', 'admin'])),
    banned: z.boolean(),
    banReason: z.string().nullable(),
    banExpires: timestamp.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'AdminUser' })

const WHO = {
  401: '`unauthorized`: no session, or it was revoked',
  403: '`forbidden` (not an admin, or the CSRF rule) or `banned_user`',
}
const NOT_FOUND = { 404: '`user_not_found`' }

const operation = (
  summary: string,
  request: AccountRequest,
  ok: ReturnType<typeof json>,
  failures: Record<number, string> = {},
) => accountOperation(summary, request, ok, { 400: INVALID, ...WHO, ...failures })

const success = z.object({ success: z.literal(true) })
const withUser = (description: string) => json(description, z.object({ user: adminUser }))
const sessions = json('The user’s live sessions, newest first', z.object({ sessions: z.array(listedSession) }))

export const adminUserDocs = familyDocs((): PathDocs => ({
  authAdminListUsers: {
    get: operation(
      'Users: search (email or name), one filter, sort, limit (≤ 1000, default 100) and offset; newest first by default',
      { query: listUsersQuery },
      json(
        'A page of users',
        z.object({
          users: z.array(adminUser),
          total: z.number().int(),
          limit: z.number().int(),
          offset: z.number().int(),
        }),
      ),
    ),
  },
  authAdminGetUser: {
    get: operation('One user', { query: getUserQuery }, json('The user', adminUser), NOT_FOUND),
  },
  authAdminCreateUser: {
    post: operation(
      'Create a user (verified unless data.emailVerified is false; no mail is sent)',
      { body: createUserBody },
      withUser('Created'),
      {
        400: `${INVALID}, or \`weak_password\``,
        409: '`user_already_exists` or `username_taken`',
      },
    ),
  },
  authAdminUpdateUser: {
    post: operation(
      'Change a user’s email, name, image, username, emailVerified or role',
      { body: updateUserBody },
      json('The user as it is now', adminUser),
      {
        ...NOT_FOUND,
        409: '`user_already_exists` or `username_taken`',
      },
    ),
  },
  authAdminSetRole: {
    post: operation(
      'Set a user’s roles (⊆ citizen, moderator, admin)',
      { body: setRoleBody },
      withUser('The user with the new roles'),
      NOT_FOUND,
    ),
  },
  authAdminBanUser: {
    post: operation(
      'Ban a user (optional reason and expiry in seconds): every session ends at once',
      { body: banUserBody },
      withUser('The banned user'),
      {
        400: `${INVALID}, or \`cannot_ban_yourself\``,
        ...NOT_FOUND,
      },
    ),
  },
  authAdminUnbanUser: {
    post: operation('Lift a ban', { body: userIdBody }, withUser('The user'), NOT_FOUND),
  },
  authAdminApproveUser: {
    post: operation(
      'Let an account held by sign-up screening (`require_approval`) sign in; audit `user.approve`',
      { body: approveUserBody },
      withUser('The user'),
      NOT_FOUND,
    ),
  },
  authAdminListUserSessions: {
    post: operation('A user’s sessions', { body: userIdBody }, sessions, NOT_FOUND),
    get: operation('A user’s sessions (the same, by query)', { query: userIdBody }, sessions, NOT_FOUND),
  },
  authAdminRevokeUserSession: {
    post: operation(
      'End one session (its listed `token` or its real token; none matching is a no-op)',
      { body: revokeUserSessionBody },
      json('Done', success),
    ),
  },
  authAdminRevokeUserSessions: {
    post: operation('End every session of a user', { body: userIdBody }, json('Done', success), NOT_FOUND),
  },
  authAdminRemoveUser: {
    post: operation(
      'Delete a user with their sessions and dependents; audit entries stay',
      { body: userIdBody },
      json('Deleted', success),
      {
        400: `${INVALID}, or \`cannot_remove_yourself\``,
        ...NOT_FOUND,
        409: REMOVAL_REFUSED,
      },
    ),
  },
  authAdminSetUserPassword: {
    post: operation(
      'Set a user’s password',
      { body: setUserPasswordBody },
      json('Done', z.object({ status: z.literal(true) })),
      { 400: `${INVALID}, or \`weak_password\``, ...NOT_FOUND },
    ),
  },
}))
