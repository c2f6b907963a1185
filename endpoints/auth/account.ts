// Self-service (docs/api.md "Accounts beyond sign-in (/api/auth)"), Better Auth's core user endpoints body for body:
// POST /api/auth/update-user     {name?, image?, username?}                          → {status: true}
// POST /api/auth/change-password {currentPassword, newPassword, revokeOtherSessions?} → {token, user}
// POST /api/auth/change-email    {newEmail, callbackURL?}                             → {status: true}
// POST /api/auth/delete-user     {password, callbackURL?}                             → {success: true, message}
import { z } from 'zod'

import { clearedCookies } from '../../src/lib/auth/cookies'
import { requireCaller } from '../../src/lib/auth/current'
import { parseAuthInput } from '../../src/lib/auth/errors'
import { emailField, nameField, passwordField, usernameField } from '../../src/lib/auth/schemas'
import { readJson } from '../../src/lib/http/body'
import { defineEndpoint } from '../../src/lib/http/endpoint'
import { json } from '../../src/lib/http/respond'
import { familyDoc } from '../../src/lib/openapi/routes'
import { changeOwnPassword, deleteOwnUser, updateOwnUser } from '../../src/operations/auth/account'
import { requestEmailChange } from '../../src/operations/auth/change-email'
import { snapshotUserOf, withFreshCache, withSession } from './session-response'

const callbackURL = z.string({ error: 'callbackURL must be a string' }).max(2000).optional()

export const updateUserBody = z
  .object({
    name: nameField.optional(),
    image: z
      .string({ error: 'image must be a string or null' })
      .max(2000, 'image is at most 2000 characters')
      .nullable()
      .optional(),
    username: usernameField.optional(),
  })
  .strict()

export const updateUserEndpoint = defineEndpoint(
  '/auth/update-user',
  'post',
  async (req) => {
    // Who is asking comes before what they sent: an anonymous caller learns only 401.
    const caller = await requireCaller(req)
    const user = await updateOwnUser(req, caller, parseAuthInput(updateUserBody, await readJson(req)))
    return withFreshCache(json({ status: true }), caller.current, snapshotUserOf(user))
  },
  familyDoc('accountDocs', 'authUpdateUser'),
)

export const changePasswordBody = z
  .object({
    currentPassword: passwordField,
    newPassword: passwordField,
    revokeOtherSessions: z.boolean({ error: 'revokeOtherSessions must be a boolean' }).optional(),
  })
  .strict()

export const changePasswordEndpoint = defineEndpoint(
  '/auth/change-password',
  'post',
  async (req) => {
    const caller = await requireCaller(req)
    const issued = await changeOwnPassword(req, caller, parseAuthInput(changePasswordBody, await readJson(req)))
    const { user } = caller
    const body = {
      token: issued?.token ?? null,
      user: {
        id: user.id,
        email: user.email,
        name: user.name,
        image: user.image,
        emailVerified: user.emailVerified,
        createdAt: user.createdAt,
        updatedAt: user.updatedAt,
      },
    }
    // The new session (revokeOtherSessions) reaches bearer and cookie clients as sign-in's does.
    return issued ? withSession(body, issued) : json(body)
  },
  familyDoc('accountDocs', 'authChangePassword'),
)

export const changeEmailBody = z.object({ newEmail: emailField, callbackURL }).strict()

export const changeEmailEndpoint = defineEndpoint(
  '/auth/change-email',
  'post',
  async (req) => {
    const caller = await requireCaller(req)
    const { newEmail } = parseAuthInput(changeEmailBody, await readJson(req))
    await requestEmailChange(req, caller, newEmail)
    return json({ status: true })
  },
  familyDoc('accountDocs', 'authChangeEmail'),
)

export const deleteUserBody = z.object({ password: passwordField, callbackURL }).strict()

export const deleteUserEndpoint = defineEndpoint(
  '/auth/delete-user',
  'post',
  async (req) => {
    const caller = await requireCaller(req)
    const { password } = parseAuthInput(deleteUserBody, await readJson(req))
    await deleteOwnUser(req, caller, password)
    const headers = new Headers({ 'content-type': 'application/json; charset=utf-8' })
    for (const cookie of clearedCookies()) headers.append('set-cookie', cookie)
    return new Response(JSON.stringify({ success: true, message: 'User deleted' }), { status: 200, headers })
  },
  familyDoc('accountDocs', 'authDeleteUser'),
)

export const accountEndpoints = [
  ...updateUserEndpoint,
  ...changePasswordEndpoint,
  ...changeEmailEndpoint,
  ...deleteUserEndpoint,
]
