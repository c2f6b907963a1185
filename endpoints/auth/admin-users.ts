// User administration, Better Auth's admin plugin path for path and body for body (docs/api.md "User
// administration (`/api/auth/admin/*`)"): admins only, refused before the body is read.
import type { PayloadRequest } from 'payload'
import { z } from 'zod'

import { type Role, ROLES } from '../../domain/permissions'
import { requireAdmin } from '../../src/lib/auth/current'
import { invalidInput, parseAuthInput } from '../../src/lib/auth/errors'
import {
  FILTER_OPERATORS,
  LIST_FIELDS,
  listUsers,
  SEARCH_FIELDS,
  SEARCH_OPERATORS,
} from '../../src/lib/auth/list-users-query'
import { presentAccountUser } from '../../src/lib/auth/present-account'
import { emailField, nameField, passwordField, usernameField } from '../../src/lib/auth/schemas'
import { readJson } from '../../src/lib/http/body'
import { defineEndpoint, type RouteDeclaration } from '../../src/lib/http/endpoint'
import { json } from '../../src/lib/http/respond'
import { familyDoc } from '../../src/lib/openapi/routes'
import * as admin from '../../src/operations/auth/admin-users'

const userId = z.uuid({ error: 'userId must be a user id' })

// Better Auth sends one role, several, or its comma-separated form: all are a set of ours.
export const roleField = z
  .union([z.string().max(100), z.array(z.string().max(20)).max(3)], { error: 'role must be a role or a list of roles' })
  .transform((value, ctx) => {
    const roles = [
      ...new Set((Array.isArray(value) ? value : value.split(',')).map((role) => role.trim()).filter(Boolean)),
    ]
    const unknown = roles.filter((role) => !(ROLES as readonly string[]).includes(role))
    if (roles.length === 0 || unknown.length) {
      ctx.addIssue({ code: 'custom', message: `role must be among ${ROLES.join(', ')}` })
      return z.NEVER
    }
    return roles as Role[]
  })

const userData = {
  email: emailField.optional(),
  name: nameField.optional(),
  image: z.string().max(2000).nullable().optional(),
  username: usernameField.optional(),
  emailVerified: z.boolean().optional(),
}

export const listUsersQuery = z
  .object({
    searchValue: z.string().max(200).optional(),
    searchField: z.enum(SEARCH_FIELDS).default('email'),
    searchOperator: z.enum(SEARCH_OPERATORS).default('contains'),
    filterField: z.enum(LIST_FIELDS).optional(),
    filterValue: z.string().max(200).optional(),
    filterOperator: z.enum(FILTER_OPERATORS).default('eq'),
    sortBy: z.enum(LIST_FIELDS.filter((f) => f !== 'role') as ['email']).optional(),
    sortDirection: z.enum(['asc', 'desc']).default('asc'),
    limit: z.coerce.number().int().min(1).max(1000).default(100),
    offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  })
  .strict()

export const getUserQuery = z.object({ id: userId }).strict()
export const userIdBody = z.object({ userId }).strict()
export const createUserBody = z
  .object({
    email: emailField,
    password: passwordField,
    name: nameField.optional(),
    role: roleField.optional(),
    data: z
      .object({ image: userData.image, username: userData.username, emailVerified: userData.emailVerified })
      .strict()
      .optional(),
  })
  .strict()
export const updateUserBody = z
  .object({ userId, data: z.object({ ...userData, role: roleField.optional() }).strict() })
  .strict()
export const setRoleBody = z.object({ userId, role: roleField }).strict()
export const banUserBody = z
  .object({
    userId,
    banReason: z.string().max(500, 'banReason is at most 500 characters').optional(),
    banExpiresIn: z
      .number({ error: 'banExpiresIn must be a number of seconds' })
      .int()
      .min(1)
      .max(100 * 365 * 86_400)
      .optional(),
  })
  .strict()
export const revokeUserSessionBody = z.object({ sessionToken: z.string().min(1).max(200) }).strict()
export const setUserPasswordBody = z.object({ userId, newPassword: passwordField }).strict()

const queryOf = (req: PayloadRequest) => Object.fromEntries(new URL(req.url ?? '', 'http://x').searchParams)

/** An admin-only POST: the caller first, then its body. */
function adminPost<T extends z.ZodType>(
  path: string,
  schema: T,
  handle: (req: PayloadRequest, body: z.infer<T>, caller: Awaited<ReturnType<typeof requireAdmin>>) => Promise<unknown>,
  doc: RouteDeclaration['doc'],
) {
  return defineEndpoint(
    `/auth/admin/${path}`,
    'post',
    async (req) => {
      const caller = await requireAdmin(req)
      return json(await handle(req, parseAuthInput(schema, await readJson(req)), caller))
    },
    doc,
  )
}

const listSessions = async (req: PayloadRequest, id: string) => ({ sessions: await admin.listUserSessions(req, id) })

export const adminUserEndpoints = [
  ...defineEndpoint(
    '/auth/admin/list-users',
    'get',
    async (req) => {
      await requireAdmin(req)
      const query = parseAuthInput(listUsersQuery, queryOf(req))
      const result = await listUsers(req, query)
      if (typeof result === 'string') throw invalidInput(result)
      return json({
        users: result.users.map(presentAccountUser),
        total: result.total,
        limit: query.limit,
        offset: query.offset,
      })
    },
    familyDoc('adminUserDocs', 'authAdminListUsers'),
  ),
  ...defineEndpoint(
    '/auth/admin/get-user',
    'get',
    async (req) => {
      await requireAdmin(req)
      const { id } = parseAuthInput(getUserQuery, queryOf(req))
      return json(presentAccountUser(await admin.getUser(req, id)))
    },
    familyDoc('adminUserDocs', 'authAdminGetUser'),
  ),
  ...adminPost(
    'create-user',
    createUserBody,
    async (req, body) => ({
      user: presentAccountUser(
        await admin.createUser(req, {
          email: body.email,
          password: body.password,
          name: body.name,
          roles: body.role,
          ...body.data,
        }),
      ),
    }),
    familyDoc('adminUserDocs', 'authAdminCreateUser'),
  ),
  ...adminPost(
    'update-user',
    updateUserBody,
    async (req, { userId: id, data: { role, ...data } }) =>
      presentAccountUser(await admin.updateUser(req, id, { ...data, ...(role ? { roles: role } : {}) })),
    familyDoc('adminUserDocs', 'authAdminUpdateUser'),
  ),
  ...adminPost(
    'set-role',
    setRoleBody,
    async (req, body) => ({
      user: presentAccountUser(await admin.setRoles(req, body.userId, body.role)),
    }),
    familyDoc('adminUserDocs', 'authAdminSetRole'),
  ),
  ...adminPost(
    'ban-user',
    banUserBody,
    async (req, { userId: id, ...ban }, caller) => ({
      user: presentAccountUser(await admin.banUser(req, caller, id, ban)),
    }),
    familyDoc('adminUserDocs', 'authAdminBanUser'),
  ),
  ...adminPost(
    'unban-user',
    userIdBody,
    async (req, body) => ({
      user: presentAccountUser(await admin.unbanUser(req, body.userId)),
    }),
    familyDoc('adminUserDocs', 'authAdminUnbanUser'),
  ),
  ...adminPost(
    'list-user-sessions',
    userIdBody,
    (req, body) => listSessions(req, body.userId),
    familyDoc('adminUserDocs', 'authAdminListUserSessions'),
  ),
  ...defineEndpoint(
    '/auth/admin/list-user-sessions',
    'get',
    async (req) => {
      await requireAdmin(req)
      return json(await listSessions(req, parseAuthInput(userIdBody, queryOf(req)).userId))
    },
    familyDoc('adminUserDocs', 'authAdminListUserSessions'),
  ),
  ...adminPost(
    'revoke-user-session',
    revokeUserSessionBody,
    async (req, body) => {
      await admin.revokeUserSession(req, body.sessionToken)
      return { success: true }
    },
    familyDoc('adminUserDocs', 'authAdminRevokeUserSession'),
  ),
  ...adminPost(
    'revoke-user-sessions',
    userIdBody,
    async (req, body) => {
      await admin.revokeUserSessions(req, body.userId)
      return { success: true }
    },
    familyDoc('adminUserDocs', 'authAdminRevokeUserSessions'),
  ),
  ...adminPost(
    'remove-user',
    userIdBody,
    async (req, body, caller) => {
      await admin.removeUser(req, caller, body.userId)
      return { success: true }
    },
    familyDoc('adminUserDocs', 'authAdminRemoveUser'),
  ),
  ...adminPost(
    'set-user-password',
    setUserPasswordBody,
    async (req, body) => {
      await admin.setPasswordOf(req, body.userId, body.newPassword)
      return { status: true }
    },
    familyDoc('adminUserDocs', 'authAdminSetUserPassword'),
  ),
]
